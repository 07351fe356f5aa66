import { addRole, addTenant, addUser, deptIds, grantMenus } from '../../testing/fixtures';
import { withTenant } from '../../db/tenant';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

// The rules of teams, members and business messages (the contract suites are in teams-messages.contract.test.ts):
// one membership per user and team, live users only, a team's members go with it, messages reach the recipients'
// notices and nobody else's, edits and deletes by the sender only and within what the recipients have read.

let h: Harness;
let admin: string;
let adminId: string;
let staffRole: string;
let otherTenantUser: string;

type Params = Record<string, string | number>;
const call = (path: string, body: unknown, token = admin) => h.call(`/business-service/${path}`, token, body);
const get = (path: string, params: Params, token = admin) =>
  h.call(
    `/business-service/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
    token,
  );
const records = async (path: string, params: Params, token = admin) => {
  const answer = await get(path, { size: 500, ...params }, token);
  expect(answer).toMatchObject({ code: 200 });
  return answer.data.records as Array<Record<string, string | number>>;
};

let accounts = 0;
/** A user of the platform tenant (enabled unless `status` says otherwise) and, when it may log in, its token. */
async function person(realName: string, options: { status?: number; roleId?: string } = {}) {
  const account = `tm_${++accounts}`;
  const id = await addUser(h.blade.db, PLATFORM, {
    account,
    password: `${account}-pass`,
    realName,
    roleIds: [options.roleId ?? staffRole],
    deptIds: (await deptIds(h.blade.db, PLATFORM)).slice(0, 1),
    status: options.status,
  });
  const token = options.status === 0 ? '' : (await h.login(account, `${account}-pass`)).access_token;
  return { id, token };
}

async function userIdOf(tenantId: string, account: string) {
  const row = await withTenant(h.blade.db, tenantId, (trx) =>
    trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

/** How many notices and business messages the platform tenant holds. */
const messageRows = () =>
  withTenant(h.blade.db, PLATFORM, async (trx) => [
    (
      await trx
        .selectFrom('blade_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
    (
      await trx
        .selectFrom('business_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ]);

/** The caller's notices as the top bar's popover reads them. */
const popover = async (token: string) =>
  (await h.call('/blade-customer/message/selectCurrentNewMessage', token, {})).data as {
    unreadCount: number;
    records: Array<Record<string, string | number>>;
  };

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
  adminId = await userIdOf(PLATFORM, 'admin');
  staffRole = await addRole(h.blade.db, PLATFORM, { name: '员工', alias: 'tm_staff' });
  await addTenant(h.blade.db, { tenantId: '390003', tenantName: '别家', adminPassword: 'other-admin-pass' });
  otherTenantUser = await userIdOf('390003', 'admin');
});

async function team(teamName: string, leaderId = adminId) {
  expect(await call('team/saveTeam', { teamName, leaderId })).toMatchObject({ code: 200 });
  return (await records('team/listTeam', { teamName }))[0].id as string;
}

describe('teams and members', () => {
  it('names the leader, the members and the count, and lists members only by team', async () => {
    const lead = await person('张组长');
    const member = await person('李工');
    const t = await team('隔爆检验组', lead.id);
    expect(await call('team/saveTeamUser', { teamId: t, userId: lead.id, teamRole: '1' })).toMatchObject({
      code: 200,
    });
    expect(
      await call('team/saveTeamUser', { teamId: t, userId: member.id, remark: '防爆电机' }),
    ).toMatchObject({
      code: 200,
    });
    expect((await records('team/listTeam', { teamName: '隔爆' }))[0]).toMatchObject({
      teamName: '隔爆检验组',
      leaderId: lead.id,
      leaderName: '张组长',
      memberCount: 2,
    });
    expect(await records('team/listTeamUser', { teamId: t })).toMatchObject([
      { userId: lead.id, realName: '张组长', teamRole: '1', teamName: '隔爆检验组' },
      { userId: member.id, realName: '李工', teamRole: '2', remark: '防爆电机' },
    ]);
    expect(await get('team/listTeamUser', { size: 10 })).toMatchObject({
      status: 400,
      msg: '请选择所属团队',
    });
  });

  it('keeps the department on an edit that leaves it out and clears it on one that sends it blank', async () => {
    const [deptId] = await deptIds(h.blade.db, PLATFORM);
    expect(await call('team/saveTeam', { teamName: '部门组', leaderId: adminId, deptId })).toMatchObject({
      code: 200,
    });
    const [row] = await records('team/listTeam', { teamName: '部门组' });
    expect(row).toMatchObject({ deptId, deptName: expect.stringMatching(/.+/) });
    const edit = { id: row.id, teamName: '部门组', leaderId: adminId };
    expect(await call('team/updateTeam', { ...edit, remark: '保留部门' })).toMatchObject({ code: 200 });
    expect((await records('team/listTeam', { teamName: '部门组' }))[0]).toMatchObject({ deptId });
    expect(await call('team/updateTeam', { ...edit, deptId: '' })).toMatchObject({ code: 200 });
    expect((await records('team/listTeam', { teamName: '部门组' }))[0]).toMatchObject({
      deptId: '',
      deptName: '',
    });
  });

  it('keeps a user a member of a team once, also when two saves race', async () => {
    const t = await team('本安检验组');
    const user = await person('王工');
    const answers = await Promise.all(
      [0, 1].map(() => call('team/saveTeamUser', { teamId: t, userId: user.id, teamRole: '2' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)).toMatchObject({ msg: '该用户已是团队成员!' });
    expect(await records('team/listTeamUser', { teamId: t })).toHaveLength(1);
    // Two teams of one name saved at once: one is refused with the unique key's text, not the index's error.
    const named = await Promise.all(
      [0, 1].map(() => call('team/saveTeam', { teamName: '同名组', leaderId: adminId })),
    );
    expect(named.map((a) => [a.status, a.msg]).sort()).toEqual([
      [200, '操作成功'],
      [400, '当前团队名称已存在!'],
    ]);
    // Another team may have the same user.
    const other = await team('增安检验组');
    expect(await call('team/saveTeamUser', { teamId: other, userId: user.id })).toMatchObject({ code: 200 });
  });

  it('takes live users of the tenant only, as leader and as member, and writes nothing otherwise', async () => {
    const disabled = await person('停用者', { status: 0 });
    for (const leaderId of [disabled.id, otherTenantUser, '123'])
      expect(await call('team/saveTeam', { teamName: '无效组', leaderId })).toMatchObject({
        status: 400,
        msg: '负责人不存在或已停用',
      });
    expect(await records('team/listTeam', { teamName: '无效组' })).toEqual([]);
    const t = await team('有效组');
    for (const userId of [disabled.id, otherTenantUser])
      expect(await call('team/saveTeamUser', { teamId: t, userId })).toMatchObject({
        status: 400,
        msg: '用户不存在或已停用',
      });
    expect(await records('team/listTeamUser', { teamId: t })).toEqual([]);
    expect(
      await call('team/saveTeam', { teamName: '无部门组', leaderId: adminId, deptId: '123' }),
    ).toMatchObject({
      status: 400,
      msg: '所属部门不存在',
    });
  });

  it('keeps a member in its team', async () => {
    const a = await team('甲组');
    const b = await team('乙组');
    const user = await person('赵工');
    await call('team/saveTeamUser', { teamId: a, userId: user.id });
    const [row] = await records('team/listTeamUser', { teamId: a });
    expect(await call('team/updateTeamUser', { id: row.id, teamId: b, userId: user.id })).toMatchObject({
      status: 400,
      msg: '成员所属团队不能更改',
    });
    expect(
      await call('team/updateTeamUser', { id: row.id, teamId: a, userId: user.id, teamRole: '3' }),
    ).toMatchObject({ code: 200 });
    expect(await records('team/listTeamUser', { teamId: a })).toMatchObject([{ teamRole: '3' }]);
    expect(
      await call('team/updateTeamUser', { id: row.id, teamId: a, userId: user.id, teamRole: '4' }),
    ).toMatchObject({ status: 400, msg: 'teamRole:团队角色只能是组长、成员或顾问' });
  });

  it('deletes a team with its members, all or nothing', async () => {
    const t = await team('解散组');
    const users = [await person('成员一'), await person('成员二')];
    for (const u of users) await call('team/saveTeamUser', { teamId: t, userId: u.id });
    expect((await call('team/deleteTeam', { ids: `${t},123` })).status).toBe(404);
    expect(await records('team/listTeamUser', { teamId: t })).toHaveLength(2);
    expect(await call('team/deleteTeam', { ids: t })).toMatchObject({ code: 200 });
    expect(await records('team/listTeamUser', { teamId: t })).toEqual([]);
    const left = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.selectFrom('business_team_user').select('is_deleted').where('team_id', '=', t).execute(),
    );
    expect(left.map((r) => r.is_deleted)).toEqual([1, 1]);
    // The name and the users are free again; a member cannot join the deleted team.
    const again = await team('解散组');
    expect(await call('team/saveTeamUser', { teamId: again, userId: users[0].id })).toMatchObject({
      code: 200,
    });
    expect((await call('team/saveTeamUser', { teamId: t, userId: users[1].id })).status).toBe(404);
  });

  it('drops a removed user from its teams', async () => {
    const t = await team('离职组');
    const [stays, leaves] = [await person('留任'), await person('离职')];
    for (const u of [stays, leaves]) await call('team/saveTeamUser', { teamId: t, userId: u.id });
    expect(await h.call('/blade-user/remove', admin, { ids: leaves.id })).toMatchObject({ code: 200 });
    expect((await records('team/listTeamUser', { teamId: t })).map((r) => r.userId)).toEqual([stays.id]);
    expect((await records('team/listTeam', { teamName: '离职组' }))[0]).toMatchObject({ memberCount: 1 });
  });

  it("answers 404 for another tenant's team and 403 without the member buttons", async () => {
    const t = await team('本租户组');
    const { roleId } = await addTenant(h.blade.db, {
      tenantId: '390004',
      tenantName: '别家二',
      adminPassword: 'other-admin-pass',
    });
    await grantMenus(h.blade.db, '390004', roleId, ['team', 'team_user_add', 'team_delete']);
    const other = (await h.login('admin', 'other-admin-pass', '390004')).access_token;
    const otherAdmin = await userIdOf('390004', 'admin');
    expect((await call('team/saveTeamUser', { teamId: t, userId: otherAdmin }, other)).status).toBe(404);
    expect((await call('team/deleteTeam', { ids: t }, other)).status).toBe(404);
    expect(await records('team/listTeamUser', { teamId: t }, other)).toEqual([]);

    const viewerRole = await addRole(h.blade.db, PLATFORM, { name: '团队查看', alias: 'tm_view' });
    await grantMenus(h.blade.db, PLATFORM, viewerRole, ['administration', 'team']);
    const viewer = await person('查看者', { roleId: viewerRole });
    expect((await get('team/listTeamUser', { teamId: t }, viewer.token)).status).toBe(200);
    expect(await call('team/saveTeamUser', { teamId: t, userId: viewer.id }, viewer.token)).toMatchObject({
      status: 403,
    });
    expect(
      await call('team/saveTeam', { teamName: '越权组', leaderId: viewer.id }, viewer.token),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe('business messages', () => {
  let senderRole: string;
  beforeAll(async () => {
    senderRole = await addRole(h.blade.db, PLATFORM, { name: '发消息', alias: 'tm_sender' });
    await grantMenus(h.blade.db, PLATFORM, senderRole, [
      'administration',
      'biz_message',
      'biz_message_add',
      'biz_message_edit',
      'biz_message_delete',
    ]);
  });

  async function send(body: Params, token = admin) {
    expect(await call('message/save', body, token)).toMatchObject({ code: 200 });
    return (await records('message/list', { title: String(body.title) }, token))[0];
  }
  const notices = async (token: string) => (await popover(token)).records.map((r) => r.title);

  it('delivers to each recipient’s notices and to nobody else’s', async () => {
    const a = await person('检验员甲');
    const b = await person('检验员乙');
    const outsider = await person('旁人');
    const sent = await send({
      title: '合同HT-001已签订',
      content: '合同HT-001已签订，请安排检验',
      category: 2,
      recipientIds: `${a.id},${b.id}`,
    });
    expect(sent).toMatchObject({
      recipientIds: `${a.id},${b.id}`,
      recipientNames: '检验员甲,检验员乙',
      recipientCount: 2,
      readCount: 0,
      category: 2,
    });
    for (const r of [a, b]) {
      const box = await popover(r.token);
      expect(box.unreadCount).toBe(1);
      expect(box.records).toEqual([
        expect.objectContaining({
          title: '合同HT-001已签订',
          content: '合同HT-001已签订，请安排检验',
          category: 2,
          isReaded: 0,
          userId: r.id,
          sender: sent.sender,
        }),
      ]);
      const page = (await h.call('/blade-customer/message/page?category=2', r.token)).data.records;
      expect(page.map((m: { title: string }) => m.title)).toEqual(['合同HT-001已签订']);
    }
    expect(await notices(outsider.token)).toEqual([]);
    // The sender's inbox holds none of it: the list is what they sent.
    expect(await notices(admin)).not.toContain('合同HT-001已签订');
    // Reading is counted for the sender.
    const [copy] = (await popover(a.token)).records;
    await h.call('/blade-customer/message/updateIsReadedList', a.token, { ids: String(copy.id) });
    expect((await get('message/detail', { id: String(sent.id) })).data).toMatchObject({
      readCount: 1,
      recipientCount: 2,
    });
  });

  it('takes live users of the tenant only as recipients, and writes nothing otherwise', async () => {
    const a = await person('收件人');
    const disabled = await person('停用收件人', { status: 0 });
    const before = await messageRows();
    for (const stranger of [otherTenantUser, disabled.id, '123'])
      expect(
        await call('message/save', {
          title: '越界',
          content: '不应送达',
          recipientIds: `${a.id},${stranger}`,
        }),
      ).toMatchObject({ status: 400, msg: '收件人不存在或已停用' });
    expect(
      await call('message/save', { title: '类型', content: 'x', category: 4, recipientIds: a.id }),
    ).toMatchObject({ status: 400, msg: '消息类型只能是邮件、消息或通知' });
    expect(await records('message/list', { title: '越界' })).toEqual([]);
    expect(await messageRows()).toEqual(before);
    expect(await notices(a.token)).toEqual([]);
  });

  it('edits the delivered copies while nobody has read them, then refuses', async () => {
    const a = await person('甲');
    const b = await person('乙');
    const c = await person('丙');
    const sent = await send({
      title: '草稿通知',
      content: '初稿',
      category: 3,
      recipientIds: `${a.id},${b.id}`,
    });
    // b leaves the recipients, c joins, the text changes: a sees the new text, b nothing, c the new text.
    expect(
      await call('message/update', {
        id: sent.id,
        title: '正式通知',
        content: '定稿',
        category: 3,
        recipientIds: `${a.id},${c.id}`,
      }),
    ).toMatchObject({ code: 200 });
    expect((await popover(a.token)).records).toEqual([
      expect.objectContaining({ title: '正式通知', content: '定稿', category: 3 }),
    ]);
    expect(await notices(b.token)).toEqual([]);
    expect(await notices(c.token)).toEqual(['正式通知']);

    const [copy] = (await popover(c.token)).records;
    await h.call('/blade-customer/message/updateIsReadedList', c.token, { ids: String(copy.id) });
    expect(
      await call('message/update', {
        id: sent.id,
        title: '改后通知',
        content: '再改',
        recipientIds: `${a.id},${c.id}`,
      }),
    ).toMatchObject({ status: 400, msg: '已有收件人阅读该消息，不能修改' });
    expect(await notices(a.token)).toEqual(['正式通知']);
    expect((await get('message/detail', { id: String(sent.id) })).data).toMatchObject({ title: '正式通知' });
  });

  it('withdraws the unread copies on delete and leaves the read ones', async () => {
    const a = await person('读者');
    const b = await person('未读者');
    const sent = await send({ title: '撤回测试', content: '内容', recipientIds: `${a.id},${b.id}` });
    const [copy] = (await popover(a.token)).records;
    await h.call('/blade-customer/message/updateIsReadedList', a.token, { ids: String(copy.id) });
    expect(await call('message/delete', { ids: String(sent.id) })).toMatchObject({ code: 200 });
    expect(await notices(a.token)).toEqual(['撤回测试']);
    expect(await notices(b.token)).toEqual([]);
    expect((await get('message/detail', { id: String(sent.id) })).status).toBe(404);
  });

  it("shows and changes only the caller's own messages; 403 without the codes", async () => {
    const a = await person('收信人');
    const colleague = await person('同事', { roleId: senderRole });
    const mine = await send({ title: '管理员的消息', content: '内容', recipientIds: a.id });
    expect(await records('message/list', {}, colleague.token)).toEqual([]);
    expect((await get('message/detail', { id: String(mine.id) }, colleague.token)).status).toBe(404);
    expect(
      (
        await call(
          'message/update',
          { id: mine.id, title: '冒改', content: '冒改', recipientIds: a.id },
          colleague.token,
        )
      ).status,
    ).toBe(404);
    expect((await call('message/delete', { ids: String(mine.id) }, colleague.token)).status).toBe(404);
    expect(await notices(a.token)).toEqual(['管理员的消息']);
    // The colleague's own message is theirs alone.
    const theirs = await send({ title: '同事的消息', content: '内容', recipientIds: a.id }, colleague.token);
    expect((await records('message/list', {})).map((r) => r.id)).not.toContain(theirs.id);
    expect(theirs.sender).toBe('同事');

    const plain = await person('无权者');
    expect(
      await call('message/save', { title: 'x', content: 'x', recipientIds: a.id }, plain.token),
    ).toMatchObject({
      status: 403,
    });
    expect((await get('message/list', {}, plain.token)).status).toBe(403);
  });

  it("answers 404 for another tenant's message and refuses its users as recipients", async () => {
    const a = await person('本租户收件人');
    const sent = await send({ title: '租户隔离', content: '内容', recipientIds: a.id });
    const { roleId } = await addTenant(h.blade.db, {
      tenantId: '390005',
      tenantName: '别家三',
      adminPassword: 'other-admin-pass',
    });
    await grantMenus(h.blade.db, '390005', roleId, [
      'biz_message',
      'biz_message_add',
      'biz_message_edit',
      'biz_message_delete',
    ]);
    const other = (await h.login('admin', 'other-admin-pass', '390005')).access_token;
    expect((await get('message/detail', { id: String(sent.id) }, other)).status).toBe(404);
    expect((await call('message/delete', { ids: String(sent.id) }, other)).status).toBe(404);
    expect(
      await call('message/save', { title: '跨租户', content: 'x', recipientIds: a.id }, other),
    ).toMatchObject({
      status: 400,
      msg: '收件人不存在或已停用',
    });
    expect(await notices(a.token)).toEqual(['租户隔离']);
  });
});
