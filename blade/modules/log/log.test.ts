import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addTenant, addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

let h: Harness;
let admin: string;
let plain: string;
let tenantB: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };
const json = async (res: Response) => (await res.json()) as Body;
const post = (path: string, token: string, body: unknown) =>
  h.authed(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', 'user-agent': 'jest-agent' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  h = await createHarness();
  const db = h.blade.db;
  const depts = await deptIds(db, PLATFORM);
  await addUser(db, PLATFORM, {
    account: 'plain',
    password: 'plain-pass',
    roleIds: [await roleIdByAlias(db, PLATFORM, 'user')],
    deptIds: [depts[0]],
  });
  await addTenant(db, { tenantId: '200001', tenantName: 'B', adminPassword: 'b-admin-pass' });
  // Server-side logs of two kinds, with fixed times for the time filter.
  await withTenant(db, PLATFORM, async (trx) => {
    await trx
      .insertInto('blade_log_api')
      .values([
        {
          id: nextId(),
          tenant_id: PLATFORM,
          type: '1',
          title: '登录',
          params: 'a=1',
          create_time: '2026-11-01 08:00:00',
        },
        {
          id: nextId(),
          tenant_id: PLATFORM,
          type: '2',
          title: '查询',
          params: 'b=2',
          create_time: '2026-11-02 08:00:00',
        },
      ])
      .execute();
    await trx
      .insertInto('blade_log_usual')
      .values({ id: nextId(), tenant_id: PLATFORM, log_level: 'INFO', log_id: 'x', log_data: 'big data' })
      .execute();
  });
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
  plain = (await h.login('plain', 'plain-pass')).access_token;
  tenantB = (await h.login('admin', 'b-admin-pass', '200001')).access_token;
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
}, SETUP_TIMEOUT);

const clientError = {
  type: 'TypeError',
  url: '/wel/index',
  message: "Cannot read properties of undefined (reading 'x')",
  stack: 'TypeError: boom\n    at Home (page.tsx:1:1)',
  info: 'componentStack',
  time: '2026-11-21 09:00:00',
};

describe('error log upload (POST /blade-log/error/upload)', () => {
  it('stores a signed-in user’s browser errors and tells the tenant admins', async () => {
    const res = await post('/blade-log/error/upload', plain, [
      clientError,
      { ...clientError, type: 'Error' },
    ]);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ count: 2 });
    const list = await json(await h.authed('/blade-log/error/list', { token: admin }));
    expect(list.data.total).toBe(2);
    const row = list.data.records[0];
    expect(row).toMatchObject({
      serviceId: 'portal-web',
      requestUri: '/wel/index',
      createBy: 'plain',
      userAgent: 'jest-agent',
    });
    // List rows leave out the bulky fields; the detail has them.
    expect(row.stackTrace).toBeUndefined();
    expect(row.message).toBeUndefined();
    const detail = await json(await h.authed(`/blade-log/error/detail?id=${row.id}`, { token: admin }));
    expect(detail.data).toMatchObject({
      stackTrace: clientError.stack,
      message: clientError.message,
      params: 'componentStack',
    });
    const news = await json(
      await h.authed('/blade-customer/message/selectCurrentNewMessage', { method: 'POST', token: admin }),
    );
    expect(news.data.records.some((m: { title: string }) => m.title === '收到2条前端错误日志')).toBe(true);
  });

  it('refuses empty, malformed and oversized uploads with 400', async () => {
    expect((await json(await post('/blade-log/error/upload', plain, []))).msg).toBe('没有需要上传的日志');
    const bad = await post('/blade-log/error/upload', plain, [{ url: '/x' }]);
    expect(bad.status).toBe(400);
    const many = await post('/blade-log/error/upload', plain, Array(101).fill(clientError));
    expect((await json(many)).msg).toBe('一次最多上传100条日志');
    const notJson = await h.authed('/blade-log/error/upload', { method: 'POST', token: plain, body: 'x' });
    expect(notJson.status).toBe(400);
  });
});

describe('log lists', () => {
  it('are for tenant administrators only', async () => {
    for (const kind of ['usual', 'api', 'error']) {
      const res = await h.authed(`/blade-log/${kind}/list`, { token: plain });
      expect(res.status).toBe(403);
      expect((await json(res)).code).toBe(403);
    }
  });

  it('filter by type and time, sort by create_time ascending, and omit bulky fields', async () => {
    const all = await json(await h.authed('/blade-log/api/list', { token: admin }));
    expect(all.data.records.map((r: { title: string }) => r.title)).toEqual(['登录', '查询']);
    expect(all.data.records[0].params).toBeUndefined();
    const typed = await json(await h.authed('/blade-log/api/list?type=2', { token: admin }));
    expect(typed.data.records.map((r: { title: string }) => r.title)).toEqual(['查询']);
    const day = await json(
      await h.authed('/blade-log/api/list?createTimeBegin=2026-11-01&createTimeEnd=2026-11-01', {
        token: admin,
      }),
    );
    expect(day.data.records.map((r: { title: string }) => r.title)).toEqual(['登录']);
    const desc = await json(await h.authed('/blade-log/api/list?descs=create_time', { token: admin }));
    expect(desc.data.records[0].title).toBe('查询');
    expect((await h.authed('/blade-log/api/list?descs=password', { token: admin })).status).toBe(400);
    expect((await h.authed('/blade-log/api/list?createTimeBegin=yesterday', { token: admin })).status).toBe(
      400,
    );
    const usual = await json(await h.authed('/blade-log/usual/list?logLevel=INFO', { token: admin }));
    expect(usual.data.records[0]).toMatchObject({ logLevel: 'INFO' });
    expect(usual.data.records[0].logData).toBeUndefined();
    const detail = await json(
      await h.authed(`/blade-log/usual/detail?id=${usual.data.records[0].id}`, { token: admin }),
    );
    expect(detail.data.logData).toBe('big data');
  });

  it('never show another tenant’s rows', async () => {
    const list = await json(await h.authed('/blade-log/api/list', { token: tenantB }));
    expect(list.data.total).toBe(0);
    const mine = await json(await h.authed('/blade-log/api/list', { token: admin }));
    const res = await h.authed(`/blade-log/api/detail?id=${mine.data.records[0].id}`, { token: tenantB });
    expect(res.status).toBe(404);
  });
});
