import { withTenant } from '../../db/tenant';
import { addTenant, addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { ADMIN_PASSWORD, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { MESSAGE_CATEGORY, sendMessage } from './message.repository';

let h: Harness;
let adminToken: string;
let adminId: string;
let otherToken: string;
let tenantBToken: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };
const json = async (res: Response) => (await res.json()) as Body;

async function send(tenantId: string, userId: string, category: number, title: string) {
  await withTenant(h.blade.db, tenantId, (trx) =>
    sendMessage(trx, tenantId, { userIds: [userId], category, title, content: `${title} 内容` }),
  );
}

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  const depts = await deptIds(db, PLATFORM);
  const userRole = await roleIdByAlias(db, PLATFORM, 'user');
  const otherId = await addUser(db, PLATFORM, {
    account: 'other',
    password: 'other-pass',
    roleIds: [userRole],
    deptIds: [depts[0]],
  });
  const b = await addTenant(db, { tenantId: '200001', tenantName: 'B', adminPassword: 'b-admin-pass' });
  const login = await h.login('admin', ADMIN_PASSWORD);
  adminToken = login.access_token;
  adminId = login.user_id;
  otherToken = (await h.login('other', 'other-pass')).access_token;
  tenantBToken = (await h.login('admin', 'b-admin-pass', '200001')).access_token;
  await send(PLATFORM, adminId, MESSAGE_CATEGORY.mail, '邮件一');
  await send(PLATFORM, adminId, MESSAGE_CATEGORY.message, '消息一');
  await send(PLATFORM, adminId, MESSAGE_CATEGORY.notice, '通知一');
  await send(PLATFORM, adminId, MESSAGE_CATEGORY.notice, '通知二');
  await send(PLATFORM, otherId, MESSAGE_CATEGORY.notice, '别人的通知');
  await send('200001', b.userId, MESSAGE_CATEGORY.notice, 'B 的通知');
});

describe('message calls', () => {
  it('pages only the caller’s messages, newest first, with filters', async () => {
    const all = await json(
      await h.authed('/blade-customer/message/page?current=1&size=10', { token: adminToken }),
    );
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(4);
    expect(all.data.records.map((r: { title: string }) => r.title)).toEqual([
      '通知二',
      '通知一',
      '消息一',
      '邮件一',
    ]);
    expect(all.data.records[0]).toMatchObject({ category: 3, isReaded: 0, readTime: '' });
    const notices = await json(
      await h.authed('/blade-customer/message/page?category=3&size=1', { token: adminToken }),
    );
    expect(notices.data).toMatchObject({ total: 2, size: 1, pages: 2 });
    const bad = await h.authed('/blade-customer/message/page?category=9', { token: adminToken });
    expect(bad.status).toBe(400);
    expect((await json(bad)).msg).toContain('类型只能是1、2或3');
  });

  it('counts unread messages per category and lists the newest', async () => {
    const res = await json(
      await h.authed('/blade-customer/message/selectCurrentNewMessage', {
        method: 'POST',
        token: adminToken,
      }),
    );
    expect(res.data.unreadCount).toBe(4);
    expect(res.data.unread).toEqual({ mail: 1, message: 1, notice: 2 });
    expect(res.data.records).toHaveLength(4);
  });

  it('marks messages read by ids, refuses empty ids, and only touches the caller’s rows', async () => {
    const page = await json(await h.authed('/blade-customer/message/page?category=3', { token: adminToken }));
    const ids = page.data.records.map((r: { id: string }) => r.id);
    const empty = await h.authed('/blade-customer/message/updateIsReadedList', {
      method: 'POST',
      token: adminToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [] }),
    });
    expect(empty.status).toBe(400);
    expect((await json(empty)).msg).toBe('请选择至少一条数据');
    // Someone else cannot mark the admin's messages.
    const foreign = await json(
      await h.authed(`/blade-customer/message/updateIsReadedList?ids=${ids.join(',')}`, {
        method: 'POST',
        token: otherToken,
      }),
    );
    expect(foreign.data.count).toBe(0);
    const mine = await json(
      await h.authed('/blade-customer/message/updateIsReadedList', {
        method: 'POST',
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: ids.join(',') }),
      }),
    );
    expect(mine.data.count).toBe(2);
    const after = await json(
      await h.authed('/blade-customer/message/selectCurrentNewMessage', {
        method: 'POST',
        token: adminToken,
      }),
    );
    expect(after.data.unread).toEqual({ mail: 1, message: 1, notice: 0 });
    const all = await json(
      await h.authed('/blade-customer/message/updateIsReadedList', {
        method: 'POST',
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ all: true }),
      }),
    );
    expect(all.data.count).toBe(2);
  });

  it('shows a detail only to its recipient; other users and tenants get 404', async () => {
    const page = await json(await h.authed('/blade-customer/message/page', { token: adminToken }));
    const id = page.data.records[0].id;
    const mine = await json(await h.authed(`/blade-customer/message/detail?id=${id}`, { token: adminToken }));
    expect(mine.data).toMatchObject({ id, content: expect.stringContaining('内容') });
    expect((await h.authed(`/blade-customer/message/detail?id=${id}`, { token: otherToken })).status).toBe(
      404,
    );
    expect((await h.authed(`/blade-customer/message/detail?id=${id}`, { token: tenantBToken })).status).toBe(
      404,
    );
    expect((await h.authed('/blade-customer/message/detail?id=abc', { token: adminToken })).status).toBe(400);
    const b = await json(await h.authed('/blade-customer/message/page', { token: tenantBToken }));
    expect(b.data.records.map((r: { title: string }) => r.title)).toEqual(['B 的通知']);
  });

  it('needs a token', async () => {
    expect((await h.blade.app.request('/blade-customer/message/page')).status).toBe(401);
  });
});
