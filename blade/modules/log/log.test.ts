import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addTenant, addUser, addUserInRole, secondsAgo } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { CLIENT_ERROR_LIMITS } from './client-error-limits';
import { ERROR_UPLOADS_PER_WINDOW } from './log.routes';

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

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addUserInRole(db, PLATFORM, { account: 'plain', roleAlias: 'user', password: 'plain-pass' });
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
  admin = await adminToken(h);
  plain = (await h.login('plain', 'plain-pass')).access_token;
  tenantB = (await h.login('admin', 'b-admin-pass', '200001')).access_token;
});

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

/** A tenant with two administrators and two ordinary users, for counting notices and uploads from scratch. */
async function floodTenant(tenantId: string) {
  const db = h.blade.db;
  const t = await addTenant(db, { tenantId, tenantName: tenantId, adminPassword: 'admin-pass-1' });
  await addUser(db, tenantId, {
    account: 'admin2',
    password: 'admin-pass-2',
    roleIds: [t.roleId],
    deptIds: [t.deptId],
  });
  const role = await withTenant(db, tenantId, async (trx) => {
    const id = nextId();
    await trx
      .insertInto('blade_role')
      .values({ id, tenant_id: tenantId, role_name: '用户', role_alias: 'user' })
      .execute();
    return id;
  });
  for (const account of ['u1', 'u2'])
    await addUser(db, tenantId, {
      account,
      password: `${account}-pass`,
      roleIds: [role],
      deptIds: [t.deptId],
    });
  const login = async (account: string, password: string) =>
    (await h.login(account, password, tenantId)).access_token;
  return {
    admins: [await login('admin', 'admin-pass-1'), await login('admin2', 'admin-pass-2')],
    users: [await login('u1', 'u1-pass'), await login('u2', 'u2-pass')],
  };
}

async function errorLogNotices(token: string) {
  const page = await json(
    await h.authed('/blade-customer/message/page?category=3&isReaded=0&size=100', { token }),
  );
  return (page.data.records as { id: string; title: string; content: string }[]).filter((m) =>
    /前端错误日志/.test(m.title),
  );
}

describe('error log upload bounds (SECURITY 30)', () => {
  it('cuts every field to its bound instead of storing what the browser sent', async () => {
    const { admins, users } = await floodTenant('300001');
    const huge = {
      type: 'T'.repeat(1_000),
      url: `/p?${'u'.repeat(5_000)}`,
      message: 'm'.repeat(20_000),
      stack: 's'.repeat(40_000),
      info: 'i'.repeat(20_000),
      time: '9'.repeat(1_000),
    };
    const res = await post('/blade-log/error/upload', users[0], [huge]);
    expect(res.status).toBe(200);
    const list = await json(await h.authed('/blade-log/error/list', { token: admins[0] }));
    const detail = await json(
      await h.authed(`/blade-log/error/detail?id=${list.data.records[0].id}`, { token: admins[0] }),
    );
    expect(detail.data.exceptionName).toBe(huge.type.slice(0, CLIENT_ERROR_LIMITS.type));
    expect(detail.data.requestUri).toBe(huge.url.slice(0, CLIENT_ERROR_LIMITS.url));
    expect(detail.data.message).toBe(huge.message.slice(0, CLIENT_ERROR_LIMITS.message));
    expect(detail.data.stackTrace).toBe(huge.stack.slice(0, CLIENT_ERROR_LIMITS.stack));
    expect(detail.data.params).toBe(huge.info.slice(0, CLIENT_ERROR_LIMITS.info));
    expect(detail.data.time).toBe(huge.time.slice(0, CLIENT_ERROR_LIMITS.time));
    expect(
      CLIENT_ERROR_LIMITS.message + CLIENT_ERROR_LIMITS.stack + CLIENT_ERROR_LIMITS.info,
    ).toBeLessThanOrEqual(16_000);
    // NUL, which PostgreSQL text cannot hold, is dropped rather than failing the upload.
    expect(
      (await post('/blade-log/error/upload', users[0], [{ type: 'Nul', message: 'a\u0000b' }])).status,
    ).toBe(200);
    const nul = await json(await h.authed('/blade-log/error/list?type=Nul', { token: admins[0] }));
    const nulDetail = await json(
      await h.authed(`/blade-log/error/detail?id=${nul.data.records[0].id}`, { token: admins[0] }),
    );
    expect(nulDetail.data.message).toBe('ab');
    // A cut never leaves half of a surrogate pair behind.
    const cut = `${'m'.repeat(CLIENT_ERROR_LIMITS.message - 1)}😀`;
    expect((await post('/blade-log/error/upload', users[0], [{ type: 'Emoji', message: cut }])).status).toBe(
      200,
    );
    const emoji = await json(await h.authed('/blade-log/error/list?type=Emoji', { token: admins[0] }));
    const stored = await json(
      await h.authed(`/blade-log/error/detail?id=${emoji.data.records[0].id}`, { token: admins[0] }),
    );
    expect(stored.data.message).toBe('m'.repeat(CLIENT_ERROR_LIMITS.message - 1));
  });

  it('refuses a user’s uploads past the window’s allowance, per user, until the window passes', async () => {
    const { users } = await floodTenant('300002');
    const entry = [{ type: 'Error', message: 'x' }];
    for (let i = 0; i < ERROR_UPLOADS_PER_WINDOW; i++)
      expect((await post('/blade-log/error/upload', users[0], entry)).status).toBe(200);
    const refused = await post('/blade-log/error/upload', users[0], entry);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ code: 400, msg: '请求过于频繁，请稍后再试' });
    // Nothing of the refused upload was stored.
    const stored = await withTenant(h.blade.db, '300002', (trx) =>
      trx.selectFrom('blade_log_error').select('id').where('tenant_id', '=', '300002').execute(),
    );
    expect(stored).toHaveLength(ERROR_UPLOADS_PER_WINDOW);
    // Another user of the same tenant is not held back by the first one.
    expect((await post('/blade-log/error/upload', users[1], entry)).status).toBe(200);
    await withTenant(h.blade.db, '300002', (trx) =>
      trx
        .updateTable('blade_rate_limit')
        .set({ window_start: secondsAgo(2 * 3600) })
        .where('tenant_id', '=', '300002')
        .execute(),
    );
    expect((await post('/blade-log/error/upload', users[0], entry)).status).toBe(200);
  });

  it('holds the allowance and the grouping under concurrent uploads', async () => {
    const { admins, users } = await floodTenant('300004');
    const statuses = await Promise.all(
      Array.from({ length: ERROR_UPLOADS_PER_WINDOW + 5 }, () =>
        post('/blade-log/error/upload', users[0], [clientError]).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(ERROR_UPLOADS_PER_WINDOW);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    for (const admin of admins)
      expect((await errorLogNotices(admin)).map((m) => m.title)).toEqual([
        `收到${ERROR_UPLOADS_PER_WINDOW}条前端错误日志`,
      ]);
  });

  it('groups the administrators’ notices: five uploads make one unread notice per administrator, with the count', async () => {
    const { admins, users } = await floodTenant('300003');
    for (let i = 0; i < 5; i++)
      expect((await post('/blade-log/error/upload', users[i % 2], [clientError, clientError])).status).toBe(
        200,
      );
    for (const admin of admins) {
      const notices = await errorLogNotices(admin);
      expect(notices).toHaveLength(1);
      expect(notices[0].title).toBe('收到10条前端错误日志');
      expect(notices[0].content).not.toContain(clientError.message);
    }
    // Once read, the next upload opens a new notice for that administrator; the other one's keeps counting.
    const [first] = await errorLogNotices(admins[0]);
    await h.authed(`/blade-customer/message/updateIsReadedList?ids=${first.id}`, {
      method: 'POST',
      token: admins[0],
    });
    expect((await post('/blade-log/error/upload', users[0], [clientError])).status).toBe(200);
    expect((await errorLogNotices(admins[0])).map((m) => m.title)).toEqual(['收到1条前端错误日志']);
    expect((await errorLogNotices(admins[1])).map((m) => m.title)).toEqual(['收到11条前端错误日志']);
    // Marking the old one unread again does not break the grouping.
    const marked = await post('/blade-customer/message/updateIsReadedList', admins[0], {
      ids: first.id,
      isReaded: 0,
    });
    expect(marked.status).toBe(200);
    expect((await post('/blade-log/error/upload', users[1], [clientError])).status).toBe(200);
    expect((await errorLogNotices(admins[0])).map((m) => m.title).sort()).toEqual([
      '收到10条前端错误日志',
      '收到2条前端错误日志',
    ]);
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

  it('answer the log fields without BaseEntity ones, and refuse a reversed time range', async () => {
    const api = await json(await h.authed('/blade-log/api/list', { token: admin }));
    expect(Object.keys(api.data.records[0]).sort()).toEqual(
      [
        'id',
        'tenantId',
        'serviceId',
        'serverHost',
        'serverIp',
        'env',
        'method',
        'requestUri',
        'userAgent',
        'remoteIp',
        'methodClass',
        'methodName',
        'time',
        'createBy',
        'createTime',
        'type',
        'title',
      ].sort(),
    );
    expect(api.data.records[0].createTime).toBe('2026-11-01 08:00:00');
    const errors = await json(
      await h.authed('/blade-log/error/list?exceptionName=TypeError', { token: admin }),
    );
    expect(errors.data.records[0]).toMatchObject({ exceptionName: 'TypeError', lineNumber: -1 });
    const reversed = await h.authed(
      '/blade-log/api/list?createTimeBegin=2026-11-02&createTimeEnd=2026-11-01',
      {
        token: admin,
      },
    );
    expect(reversed.status).toBe(400);
    expect((await json(reversed)).msg).toBe('结束时间不能早于开始时间');
    // Read-only: no write calls exist.
    expect((await post('/blade-log/api/submit', admin, {})).status).toBe(404);
    expect((await post('/blade-log/api/remove?ids=1', admin, {})).status).toBe(404);
  });

  it('never show another tenant’s rows', async () => {
    const list = await json(await h.authed('/blade-log/api/list', { token: tenantB }));
    expect(list.data.total).toBe(0);
    const mine = await json(await h.authed('/blade-log/api/list', { token: admin }));
    const res = await h.authed(`/blade-log/api/detail?id=${mine.data.records[0].id}`, { token: tenantB });
    expect(res.status).toBe(404);
  });
});
