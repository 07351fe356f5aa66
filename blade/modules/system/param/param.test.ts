import type { Harness } from '../../../testing/harness';
import { setUpTenantB } from '../../tenant-b.test-helpers';

let h: Harness;
let admin: string;
let tenantAdmin: string;

setUpTenantB({}, (setup) => ({ h, admin, tenantAdmin } = setup));

const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const idOfKey = async (key: string): Promise<string> =>
  (await call(`/blade-system/param/list?paramKey=${encodeURIComponent(key)}`, admin)).data.records[0].id;

describe('parameters', () => {
  it('answers the spec texts for missing fields, in order', async () => {
    const submit = (body: unknown) => call('/blade-system/param/submit', admin, body);
    expect(await submit({})).toMatchObject({ status: 400, code: 400, success: false, msg: '请输入参数名称' });
    expect(await submit({ paramName: '  ', paramKey: 'k', paramValue: 'v' })).toMatchObject({
      msg: '请输入参数名称',
    });
    expect(await submit({ paramName: '名称' })).toMatchObject({ status: 400, msg: '请输入参数键名' });
    expect(await submit({ paramName: '名称', paramKey: 'site.title', paramValue: '' })).toMatchObject({
      status: 400,
      msg: '请输入参数键值',
    });
    const bad = await h.authed('/blade-system/param/submit', {
      token: admin,
      method: 'POST',
      body: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  it('adds, reads, edits and removes a parameter; keys stay unique', async () => {
    const created = await call('/blade-system/param/submit', admin, {
      paramName: '站点标题',
      paramKey: 'site.title',
      paramValue: '检测门户',
      remark: '首页',
    });
    expect(created).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const id = await idOfKey('site.title');
    expect((await call(`/blade-system/param/detail?id=${id}`, admin)).data).toMatchObject({
      id,
      paramName: '站点标题',
      paramKey: 'site.title',
      paramValue: '检测门户',
      remark: '首页',
      isDeleted: 0,
    });
    expect(
      await call('/blade-system/param/submit', admin, {
        paramName: 'x',
        paramKey: 'site.title',
        paramValue: 'y',
      }),
    ).toMatchObject({ status: 400, msg: '当前参数键名已存在!' });
    await call('/blade-system/param/submit', admin, {
      id,
      paramName: '站点标题',
      paramKey: 'site.title',
      paramValue: '新标题',
    });
    expect((await call(`/blade-system/param/detail?id=${id}`, admin)).data.paramValue).toBe('新标题');
    expect(
      (
        await call('/blade-system/param/submit', admin, {
          id: '123',
          paramName: 'a',
          paramKey: 'b',
          paramValue: 'c',
        })
      ).status,
    ).toBe(404);

    expect(
      (await h.authed(`/blade-system/param/remove?ids=${id},123`, { token: admin, method: 'POST' })).status,
    ).toBe(404);
    expect((await call(`/blade-system/param/detail?id=${id}`, admin)).code).toBe(200);
    const removed = await h.authed('/blade-system/param/remove', {
      token: admin,
      method: 'POST',
      body: new URLSearchParams({ ids: id }),
    });
    expect(removed.status).toBe(200);
    expect((await call(`/blade-system/param/detail?id=${id}`, admin)).status).toBe(404);
    expect((await call('/blade-system/param/list?paramKey=site.title', admin)).data.total).toBe(0);
  });

  it('clamps the page size and refuses unknown sort columns', async () => {
    expect((await call('/blade-system/param/list?size=9999', admin)).data.size).toBe(500);
    expect(await call('/blade-system/param/list?descs=param_value', admin)).toMatchObject({ status: 400 });
  });

  it('keeps platform-wide parameters to the platform administrator', async () => {
    const id = await idOfKey('account.registerUser');
    for (const [path, body] of [
      ['/blade-system/param/list', undefined],
      [`/blade-system/param/detail?id=${id}`, undefined],
      [
        '/blade-system/param/submit',
        { id, paramName: 'x', paramKey: 'account.registerUser', paramValue: 'false' },
      ],
    ] as const) {
      expect(await call(path, tenantAdmin, body)).toMatchObject({ status: 403, code: 403 });
    }
    expect(
      (await h.authed(`/blade-system/param/remove?ids=${id}`, { token: tenantAdmin, method: 'POST' })).status,
    ).toBe(403);
    expect((await call(`/blade-system/param/detail?id=${id}`, admin)).data.paramValue).toBe('true');
  });
});
