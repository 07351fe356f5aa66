import { withTenant } from '../../db/tenant';
import type { Harness } from '../../testing/harness';
import { plainUserOfTenantB, setUpTenantB } from '../tenant-b.test-helpers';
import { maskPhone } from './sms.providers';

let h: Harness;
let admin: string;
let tenantAdmin: string;
const logLines: string[] = [];

setUpTenantB(
  {
    harness: { log: (line) => logLines.push(line) },
    grants: ['sms', 'sms_add', 'sms_edit', 'sms_delete', 'sms_enable', 'sms_send'],
  },
  (setup) => ({ h, admin, tenantAdmin } = setup),
);

const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const post = (path: string, token: string) => call(path, token, {});
const config = {
  category: 3,
  smsCode: 'notify',
  templateId: 'SMS_001',
  accessKey: 'ak-1',
  secretKey: 'sms-secret-1',
  signName: '检测中心',
};
const idOf = async (token: string, code: string): Promise<string> =>
  (await call(`/blade-resource/sms/list?smsCode=${code}`, token)).data.records[0].id;
const logs = (tenantId: string) =>
  withTenant(h.blade.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_sms_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('create_time')
      .execute(),
  );

describe('SMS configuration', () => {
  it('adds, edits, enables and removes configurations without returning secrets', async () => {
    expect(await call('/blade-resource/sms/submit', admin, { ...config, smsCode: '' })).toMatchObject({
      status: 400,
      msg: '请输入资源编号',
    });
    expect(await call('/blade-resource/sms/submit', admin, { ...config, templateId: '' })).toMatchObject({
      msg: '请输入模版ID',
    });
    expect((await call('/blade-resource/sms/submit', admin, config)).code).toBe(200);
    expect((await call('/blade-resource/sms/submit', admin, { ...config, smsCode: 'other' })).code).toBe(200);
    const id = await idOf(admin, 'notify');
    expect((await call(`/blade-resource/sms/detail?id=${id}`, admin)).data).toMatchObject({
      smsCode: 'notify',
      category: 3,
      categoryName: 'aliyun',
      templateId: 'SMS_001',
      secretKey: '',
      secretKeySet: true,
      signName: '检测中心',
      status: 1,
    });
    await call('/blade-resource/sms/submit', admin, { ...config, id, secretKey: '', signName: '新签名' });
    const row = await withTenant(h.blade.db, '000000', (trx) =>
      trx.selectFrom('blade_sms').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ secret_key: 'sms-secret-1', sign_name: '新签名' });

    expect((await post(`/blade-resource/sms/enable?id=${id}`, admin)).code).toBe(200);
    const other = await idOf(admin, 'other');
    await post(`/blade-resource/sms/enable?id=${other}`, admin);
    const statuses = (await call('/blade-resource/sms/list?ascs=sms_code', admin)).data.records.map(
      (r: { smsCode: string; status: number }) => [r.smsCode, r.status],
    );
    expect(statuses).toEqual([
      ['notify', 1],
      ['other', 2],
    ]);
    expect((await call('/blade-resource/sms/list?ascs=secret_key', admin)).status).toBe(400);
    expect((await post(`/blade-resource/sms/remove?ids=${other}`, admin)).code).toBe(200);
    expect((await call(`/blade-resource/sms/detail?id=${other}`, admin)).status).toBe(404);
  });

  it('refuses a vendor whose endpoint ops do not allow, and records the failure (no pretend success)', async () => {
    const res = await post('/blade-resource/sms/endpoint/send-message?code=notify&phones=13812345678', admin);
    expect(res).toMatchObject({ status: 400, success: false, msg: '短信服务地址不在运维允许的范围内' });
    const [record] = await logs('000000');
    expect(record).toMatchObject({
      provider: 'aliyun',
      outcome: 'failed',
      success: 0,
      phones: '138****5678',
    });
    await withTenant(h.blade.db, '000000', (trx) => trx.deleteFrom('blade_sms_log').execute());
  });

  it('sends through the logging provider, masks phones and records the send', async () => {
    // The log channel is a development category of its own, chosen explicitly.
    const id = await idOf(admin, 'notify');
    expect(await call('/blade-resource/sms/submit', admin, { ...config, id, category: 9 })).toMatchObject({
      code: 200,
    });
    expect((await call(`/blade-resource/sms/detail?id=${id}`, admin)).data.categoryName).toBe('log');
    logLines.length = 0;
    const res = await post(
      `/blade-resource/sms/endpoint/send-message?code=notify&phones=13812345678,13900001111&params=${encodeURIComponent(
        JSON.stringify({ code: '123456', name: '张三' }),
      )}`,
      admin,
    );
    expect(res).toMatchObject({ code: 200, success: true });
    // Logged, not sent: never 发送成功!.
    expect(res).toMatchObject({
      msg: '仅记录到服务器日志，短信未发送（日志通道）',
      data: { outcome: 'logged', provider: 'log' },
    });
    const line = logLines.find((l) => l.includes('sms (log provider)'));
    expect(line).toContain('138****5678,139****1111');
    expect(line).toContain('params code,name');
    expect(logLines.join('\n')).not.toMatch(/13812345678|123456|张三/);
    const [record] = await logs('000000');
    expect(record).toMatchObject({
      sms_code: 'notify',
      provider: 'log',
      phones: '138****5678,139****1111',
      phone_count: 2,
      param_keys: 'code,name',
      success: 1,
      outcome: 'logged',
      message: '仅记录到服务器日志，短信未发送（日志通道）',
    });

    // A form body works too.
    const form = await h.authed('/blade-resource/sms/endpoint/send-message', {
      token: admin,
      method: 'POST',
      body: new URLSearchParams({ code: 'notify', phones: '13812345678' }),
    });
    expect(form.status).toBe(200);
    expect(await logs('000000')).toHaveLength(2);
  });

  it('refuses bad input', async () => {
    const send = (query: string) => post(`/blade-resource/sms/endpoint/send-message?${query}`, admin);
    expect(await send('code=notify')).toMatchObject({ status: 400 });
    expect(await send('code=notify&phones=')).toMatchObject({ msg: '请输入手机号' });
    expect(await send('code=notify&phones=12345')).toMatchObject({ msg: '手机号格式不正确: ***45' });
    expect(await send('code=notify&phones=13812345678&params=%7Bbad')).toMatchObject({
      msg: 'params 必须是 JSON 对象',
    });
    expect(await send('code=notify&phones=13812345678&params=%5B1%5D')).toMatchObject({
      msg: 'params 必须是 JSON 对象',
    });
    const many = Array.from({ length: 101 }, (_, i) => `138${String(i).padStart(8, '0')}`).join(',');
    expect(await send(`code=notify&phones=${many}`)).toMatchObject({ msg: '一次最多发送100个手机号' });
    expect(await send('code=nope&phones=13812345678')).toMatchObject({ msg: '未找到该短信配置' });
    expect(await send('phones=13812345678')).toMatchObject({ msg: '请先启用一个短信配置' });
  });

  it('keeps the log channel out of production, and refuses unknown categories', async () => {
    const id = await idOf(admin, 'notify');
    const before = process.env.NODE_ENV;
    // NODE_ENV is typed read-only (Next.js); the rule reads it at call time.
    Object.assign(process.env, { NODE_ENV: 'production' });
    try {
      const refused = { status: 400, msg: '日志通道仅供开发使用，生产环境不可用' };
      expect(
        await call('/blade-resource/sms/submit', admin, { ...config, smsCode: 'dev', category: 9 }),
      ).toMatchObject({ ...refused, errorCode: 'system.sms.logChannelProduction' });
      expect(await post(`/blade-resource/sms/enable?id=${id}`, admin)).toMatchObject(refused);
      expect(
        await post('/blade-resource/sms/endpoint/send-message?code=notify&phones=13812345678', admin),
      ).toMatchObject(refused);
    } finally {
      Object.assign(process.env, { NODE_ENV: before });
    }
    for (const category of [0, 5, 'x'])
      expect(
        await call('/blade-resource/sms/submit', admin, { ...config, smsCode: 'bad', category }),
      ).toMatchObject({
        status: 400,
      });
    expect(
      await call('/blade-resource/sms/submit', admin, { ...config, smsCode: 'bad', category: 5 }),
    ).toMatchObject({
      msg: '请选择正确的分类',
    });
  });

  it('asks each vendor for what its API needs', async () => {
    const submit = (body: Record<string, unknown>) => call('/blade-resource/sms/submit', admin, body);
    expect(await submit({ ...config, smsCode: 'v1', signName: '' })).toMatchObject({ msg: '请输入短信签名' });
    expect(await submit({ ...config, smsCode: 'v2', category: 4 })).toMatchObject({
      msg: '请输入应用ID(SdkAppId)',
    });
    expect(await submit({ ...config, smsCode: 'v3', category: 1, signName: '' })).toMatchObject({
      code: 200,
    });
    expect(await submit({ ...config, smsCode: 'v4', endpoint: 'http://10.0.0.1' })).toMatchObject({
      status: 400,
      msg: '短信服务地址不能指向内部网络',
    });
    expect(
      await submit({ ...config, smsCode: 'v4', endpoint: 'https://sms.example.com/path' }),
    ).toMatchObject({
      status: 400,
      msg: '短信服务地址只能包含协议、主机和端口',
    });
    // An edit is checked against the row as it will be: a Tencent row keeps needing its app id.
    const v3 = await idOf(admin, 'v3');
    expect(
      await submit({ id: v3, smsCode: 'v3', templateId: 'T', accessKey: 'a', category: 4 }),
    ).toMatchObject({
      msg: '请输入短信签名',
    });
    await post(`/blade-resource/sms/remove?ids=${v3}`, admin);
  });

  it('masks phone numbers', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('123')).toBe('*23');
  });

  it('isolates tenants and keeps sending to administrators', async () => {
    const a = await idOf(admin, 'notify');
    expect((await call(`/blade-resource/sms/detail?id=${a}`, tenantAdmin)).status).toBe(404);
    expect((await call('/blade-resource/sms/submit', tenantAdmin, { ...config, id: a })).status).toBe(404);
    expect((await post(`/blade-resource/sms/enable?id=${a}`, tenantAdmin)).status).toBe(404);
    expect((await post(`/blade-resource/sms/remove?ids=${a}`, tenantAdmin)).status).toBe(404);
    expect((await call('/blade-resource/sms/list', tenantAdmin)).data.total).toBe(0);
    expect(
      await post('/blade-resource/sms/endpoint/send-message?code=notify&phones=13812345678', tenantAdmin),
    ).toMatchObject({ msg: '未找到该短信配置' });
    expect(await logs('300001')).toEqual([]);

    const user = await plainUserOfTenantB(h);
    expect(
      (await post('/blade-resource/sms/endpoint/send-message?code=notify&phones=13812345678', user)).status,
    ).toBe(403);
    expect((await call('/blade-resource/sms/list', user)).status).toBe(403);
  });
});
