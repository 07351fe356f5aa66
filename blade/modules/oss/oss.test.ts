import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { PLATFORM, type Harness } from '../../testing/harness';
import { form, pngBytes } from '../files/files.test-helpers';
import { setUpTenantB } from '../tenant-b.test-helpers';
import { getEnabledOss } from './oss.repository';

let h: Harness;
let admin: string;
let tenantAdmin: string;

setUpTenantB(
  {
    // Ops allow the tenants' MinIO and one cloud endpoint by name; public endpoints are not permitted (the default).
    harness: { outbound: { allowedHosts: ['minio.internal:9000', 's3.example.com'] } },
    grants: ['oss', 'oss_add', 'oss_edit', 'oss_delete', 'oss_enable'],
  },
  (setup) => ({ h, admin, tenantAdmin } = setup),
);

const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const post = (path: string, token: string) => call(path, token, {});
const minio = {
  category: 1,
  ossCode: 'minio-a',
  endpoint: 'http://minio.internal:9000',
  accessKey: 'AKIA-A',
  secretKey: 'secret-a-1',
  bucketName: 'files',
};
const idOf = async (token: string, code: string): Promise<string> =>
  (await call(`/blade-resource/oss/list?ossCode=${code}`, token)).data.records[0].id;

describe('object storage configuration', () => {
  it('validates with clear messages and never returns the secret key', async () => {
    const submit = (body: unknown, token = admin) => call('/blade-resource/oss/submit', token, body);
    expect(await submit({ ...minio, ossCode: '' })).toMatchObject({ status: 400, msg: '请输入资源编号' });
    expect(await submit({ ...minio, endpoint: undefined })).toMatchObject({ msg: '请输入资源地址' });
    expect(await submit({ ...minio, endpoint: 'file:///etc/passwd' })).toMatchObject({
      msg: '资源地址必须是 http(s) 地址',
    });
    expect(await submit({ ...minio, secretKey: '' })).toMatchObject({ msg: '请输入secretKey' });
    expect(await submit({ ...minio, category: 9 })).toMatchObject({ msg: '请选择正确的分类' });
    expect((await submit(minio)).code).toBe(200);
    expect(await submit(minio)).toMatchObject({ status: 400, msg: '当前资源编号已存在!' });

    const id = await idOf(admin, 'minio-a');
    const detail = (await call(`/blade-resource/oss/detail?id=${id}`, admin)).data;
    expect(detail).toMatchObject({
      id,
      tenantId: '000000',
      category: 1,
      categoryName: 'minio',
      ossCode: 'minio-a',
      endpoint: 'http://minio.internal:9000',
      accessKey: 'AKIA-A',
      secretKey: '',
      secretKeySet: true,
      bucketName: 'files',
      status: 1,
      statusName: '关闭',
    });
    expect(JSON.stringify(await call('/blade-resource/oss/list', admin))).not.toContain('secret-a-1');

    // An edit without a secret keeps the stored one.
    await submit({ ...minio, id, secretKey: '', bucketName: 'files-2' });
    expect(await getEnabledOss(h.blade.db, '000000')).toBeUndefined();
    await post(`/blade-resource/oss/enable?id=${id}`, admin);
    expect(await getEnabledOss(h.blade.db, '000000')).toMatchObject({
      id,
      endpoint: 'http://minio.internal:9000',
      secretKey: 'secret-a-1',
      bucketName: 'files-2',
    });
  });

  it('enables one configuration per tenant at a time', async () => {
    await call('/blade-resource/oss/submit', admin, { ...minio, ossCode: 'minio-b', secretKey: 'secret-b' });
    const a = await idOf(admin, 'minio-a');
    const b = await idOf(admin, 'minio-b');
    expect((await post(`/blade-resource/oss/enable?id=${b}`, admin)).code).toBe(200);
    const rows = (await call('/blade-resource/oss/list?ascs=oss_code', admin)).data.records;
    expect(rows.map((r: { id: string; status: number }) => [r.id, r.status])).toEqual([
      [a, 1],
      [b, 2],
    ]);
    expect((await call('/blade-resource/oss/list?status=2', admin)).data.total).toBe(1);
    expect((await getEnabledOss(h.blade.db, '000000'))?.id).toBe(b);
    expect((await post('/blade-resource/oss/enable?id=123', admin)).status).toBe(404);
    expect((await call('/blade-resource/oss/list?descs=secret_key', admin)).status).toBe(400);
    expect((await call('/blade-resource/oss/list?size=100000', admin)).data.size).toBe(500);

    // Removing the enabled one leaves the tenant without storage configuration.
    expect((await post(`/blade-resource/oss/remove?ids=${b}`, admin)).code).toBe(200);
    expect(await getEnabledOss(h.blade.db, '000000')).toBeUndefined();
  });

  it('isolates tenants: B gets 404 on A ids and cannot aim its endpoint at the internal network', async () => {
    const a = await idOf(admin, 'minio-a');
    expect((await call(`/blade-resource/oss/detail?id=${a}`, tenantAdmin)).status).toBe(404);
    expect(
      (
        await call('/blade-resource/oss/submit', tenantAdmin, {
          ...minio,
          id: a,
          endpoint: 'https://s3.example.com',
        })
      ).status,
    ).toBe(404);
    expect((await post(`/blade-resource/oss/enable?id=${a}`, tenantAdmin)).status).toBe(404);
    expect((await post(`/blade-resource/oss/remove?ids=${a}`, tenantAdmin)).status).toBe(404);
    expect((await call('/blade-resource/oss/list', tenantAdmin)).data.total).toBe(0);

    for (const endpoint of [
      'http://10.0.0.5:9000',
      'http://localhost:9000',
      'http://[::1]:9000',
      'http://169.254.169.254/',
    ]) {
      expect(await call('/blade-resource/oss/submit', tenantAdmin, { ...minio, endpoint })).toMatchObject({
        status: 400,
        msg: '资源地址不能指向内部网络',
      });
    }
    // The same code as tenant A's is fine in tenant B.
    expect(
      (
        await call('/blade-resource/oss/submit', tenantAdmin, {
          ...minio,
          endpoint: 'https://s3.example.com',
        })
      ).code,
    ).toBe(200);
    const bId = await idOf(tenantAdmin, 'minio-a');
    await post(`/blade-resource/oss/enable?id=${bId}`, tenantAdmin);
    expect((await getEnabledOss(h.blade.db, '300001'))?.endpoint).toBe('https://s3.example.com');
    expect(await getEnabledOss(h.blade.db, '000000')).toBeUndefined();
    expect((await call(`/blade-resource/oss/detail?id=${bId}`, admin)).status).toBe(404);
  });

  it('keeps an endpoint to scheme, host and port that ops allow, for every administrator', async () => {
    const submit = (token: string, endpoint: string, extra: object = {}) =>
      call('/blade-resource/oss/submit', token, { ...minio, ossCode: 'minio-rule', endpoint, ...extra });
    for (const token of [tenantAdmin, admin]) {
      for (const [endpoint, msg] of [
        ['http://minio.internal:9000/internal/secret', '资源地址只能包含协议、主机和端口'],
        ['http://minio.internal:9000/?x=1', '资源地址只能包含协议、主机和端口'],
        ['http://minio.internal:9000?', '资源地址只能包含协议、主机和端口'],
        ['http://minio.internal:9000#top', '资源地址只能包含协议、主机和端口'],
        ['http://key:secret@minio.internal:9000', '资源地址不能包含账号密码'],
        ['http://localhost:9000', '资源地址不能指向内部网络'],
        ['http://localhost.:9000', '资源地址不能指向内部网络'],
        ['http://[::7f00:1]:9000', '资源地址不能指向内部网络'],
        ['http://[::ffff:127.0.0.1]:9000', '资源地址不能指向内部网络'],
        ['http://127.1:9000', '资源地址不能指向内部网络'],
        ['http://2130706433:9000', '资源地址不能指向内部网络'],
        ['http://0x7f000001:9000', '资源地址不能指向内部网络'],
        ['http://169.254.169.254', '资源地址不能指向内部网络'],
        ['http://minio.internal:9001', '资源地址不在运维允许的范围内'],
        ['https://other.example.com', '资源地址不在运维允许的范围内'],
      ])
        expect(await submit(token, endpoint)).toMatchObject({ status: 400, code: 400, msg });
      expect(
        await submit(token, 'http://minio.internal:9000', {
          transformEndpoint: 'https://s3.example.com/files',
        }),
      ).toMatchObject({ status: 400, msg: '外网地址只能包含协议、主机和端口' });
    }

    // What is kept is the normalised origin.
    expect((await submit(tenantAdmin, 'HTTP://MinIO.Internal:9000/')).code).toBe(200);
    const id = await idOf(tenantAdmin, 'minio-rule');
    expect((await call(`/blade-resource/oss/detail?id=${id}`, tenantAdmin)).data.endpoint).toBe(
      'http://minio.internal:9000',
    );
  });

  it('clears an optional field an edit sends blank, and keeps one it leaves out', async () => {
    const body = {
      ...minio,
      ossCode: 'clear-me',
      transformEndpoint: 'https://s3.example.com',
      remark: '备注',
    };
    expect((await call('/blade-resource/oss/submit', admin, body)).code).toBe(200);
    const id = await idOf(admin, 'clear-me');
    const { remark: _kept, ...withoutRemark } = body;
    expect(
      (await call('/blade-resource/oss/submit', admin, { ...withoutRemark, id, transformEndpoint: '' })).code,
    ).toBe(200);
    expect((await call(`/blade-resource/oss/detail?id=${id}`, admin)).data).toMatchObject({
      transformEndpoint: '',
      remark: '备注',
      secretKeySet: true,
    });
  });

  // Issue 12: the files module speaks S3 (1 minio, 6 amazons3) only; the other BladeX categories are not pretended.
  it('saves only the categories the files module speaks, and refuses a stored other one on enable and at use', async () => {
    const submit = (body: object) => call('/blade-resource/oss/submit', admin, body);
    for (const category of [2, 3, 4, 5])
      expect(await submit({ ...minio, ossCode: `vendor-${category}`, category })).toMatchObject({
        status: 400,
        msg: '暂不支持该分类的对象存储，请选择 minio 或 amazons3',
        errorCode: 'system.oss.categoryUnsupported',
      });
    expect((await call('/blade-resource/oss/list?ossCode=vendor', admin)).data.total).toBe(0);
    expect((await submit({ ...minio, ossCode: 'amazon', category: 6 })).code).toBe(200);
    const amazon = await idOf(admin, 'amazon');
    expect((await call(`/blade-resource/oss/detail?id=${amazon}`, admin)).data).toMatchObject({
      category: 6,
      categoryName: 'amazons3',
    });
    // Nor can an edit turn a configuration into one.
    expect(await submit({ ...minio, id: amazon, ossCode: 'amazon', category: 2 })).toMatchObject({
      status: 400,
      errorCode: 'system.oss.categoryUnsupported',
    });

    // A row saved before the rule keeps its name, but cannot be enabled, and enabled it is refused at use.
    const legacy = nextId();
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .insertInto('blade_oss')
        .values({
          id: legacy,
          tenant_id: PLATFORM,
          category: 3,
          oss_code: 'legacy-alioss',
          endpoint: 'https://s3.example.com',
          access_key: 'AK',
          secret_key: 'SK',
          bucket_name: 'files',
          status: 1,
        })
        .execute(),
    );
    expect((await call(`/blade-resource/oss/detail?id=${legacy}`, admin)).data).toMatchObject({
      category: 3,
      categoryName: 'alioss',
    });
    expect(await post(`/blade-resource/oss/enable?id=${legacy}`, admin)).toMatchObject({
      status: 400,
      msg: '暂不支持该分类的对象存储，请选择 minio 或 amazons3',
    });
    expect(await getEnabledOss(h.blade.db, PLATFORM)).toBeUndefined();
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.updateTable('blade_oss').set({ status: 2 }).where('id', '=', legacy).execute(),
    );
    const unsupported = '当前启用的对象存储分类暂不支持（仅支持 minio、amazons3），请联系管理员更换';
    await expect(getEnabledOss(h.blade.db, PLATFORM)).rejects.toThrow(unsupported);
    // An upload is refused with that message instead of landing silently in the default store.
    const res = await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      token: admin,
      body: form({}, { name: 'c.png', bytes: pngBytes() }),
    });
    expect({ status: res.status, body: await res.json() }).toMatchObject({
      status: 400,
      body: { msg: unsupported, errorCode: 'system.oss.enabledUnsupported' },
    });
    const stored = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.selectFrom('blade_file').select('id').where('tenant_id', '=', PLATFORM).execute(),
    );
    expect(stored).toEqual([]);
  });
});
