import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { DEFAULT_SURVEY_ITEMS } from '../../../lib/contracts/quality/machine';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addRole, addUser, deptIds, grantMenus, roleIdByAlias } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import {
  addApplication,
  addCompany,
  addCustomerUser,
  addTenantPair,
  type ApplicationValues,
} from '../application/apply.test-helpers';
import { ensureQualityRole } from './roles';

// Complaints and satisfaction surveys through the real calls: the customer's save / list / remove rules, every staff
// step allowed and refused by state, side and code, the handler's conflict check, the deadlines, the survey sent by the
// real issue step, answered once, a low score opening the follow-up, and every row kept to its company and tenant.

let h: Harness;
const T = '330001';
const U = '330002';
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};
let companyA = '';
let companyB = '';

const BASE = '/blade-customer';
const LIST = `${BASE}/complaint/selectComplaintList`;
const SAVE = `${BASE}/complaint/save`;
const REMOVE = `${BASE}/complaint/remove`;
const STEP = `${BASE}/complaint/transit`;
const DETAIL = `${BASE}/complaint/detail`;
const SURVEYS = `${BASE}/satisfactionSurvey/selectSatisfactionSurveyList`;
const ANSWER = `${BASE}/satisfactionSurvey/save`;
const ITEMS = `${BASE}/surveyItems/selectSurveyItemsList`;

const post = (who: string, path: string, body: Record<string, unknown> = {}) =>
  h.call(path, tokens[who], body);
const get = (who: string, path: string, query: Record<string, string> = {}) =>
  h.call(`${path}?${new URLSearchParams(query)}`, tokens[who]);
const step = (who: string, id: string, action: string, extra: Record<string, unknown> = {}) =>
  post(who, STEP, { id, action, ...extra });

const company = (tenant: string, name: string, creditCode: string) => addCompany(h, tenant, name, creditCode);

async function customer(tenant: string, account: string, companyId: string) {
  ({ userId: users[account], token: tokens[account] } = await addCustomerUser(h, tenant, account, companyId));
}

async function staff(tenant: string, account: string, roleIds: string[]) {
  const [dept] = await deptIds(h.blade.db, tenant);
  users[account] = await addUser(h.blade.db, tenant, {
    account,
    password: 'staff-pass',
    realName: `${account}甲`,
    roleIds,
    deptIds: [dept],
  });
  tokens[account] = (await h.login(account, 'staff-pass', tenant)).access_token;
}

let serial = 0;
async function application(state: string, companyId = companyA, values: ApplicationValues = {}, tenant = T) {
  serial += 1;
  return addApplication(h.blade.db, tenant, {
    scheme: 'cqst',
    application_no: `SQQ2026${String(serial).padStart(6, '0')}`,
    company_id: companyId,
    product_name: `隔爆型电动机${serial}`,
    flow_state: state,
    ...values,
  });
}

async function complaintRow(id: string, tenant = T) {
  return withTenant(h.blade.db, tenant, (trx) =>
    trx.selectFrom('business_complaint').selectAll().where('id', '=', id).executeTakeFirst(),
  );
}

async function historyCount(id: string) {
  return withTenant(h.blade.db, T, async (trx) => {
    const r = await trx
      .selectFrom('blade_status_history')
      .select(sql<string>`count(*)`.as('n'))
      .where('resource', '=', 'business_complaint')
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  });
}

const complain = (who: string, body: Record<string, unknown>) =>
  post(who, SAVE, { subjectType: 'service', title: '服务态度差', content: '受理人员多次不接电话', ...body });

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenantPair(db, T, U);
  for (const tenant of [T, U]) {
    expect(await withTenant(db, tenant, (trx) => ensureQualityRole(trx, tenant, null))).toBe(true);
    // A second run keeps the existing role.
    expect(await withTenant(db, tenant, (trx) => ensureQualityRole(trx, tenant, null))).toBe(false);
  }
  const quality = await roleIdByAlias(db, T, 'quality_manager');
  await staff(T, 'qm', [quality]);
  await staff(T, 'handler', [quality]);
  await staff(T, 'tester', [quality, await roleIdByAlias(db, T, APPLICATION_CODES.test)]);
  await staff(T, 'decider', [await roleIdByAlias(db, T, APPLICATION_CODES.decide)]);
  const viewer = await addRole(db, T, { name: '投诉查看', alias: 'complaint_viewer' });
  await grantMenus(db, T, viewer, ['business_management', 'complaint', 'survey']);
  await staff(T, 'viewer', [viewer]);
  await staff(U, 'uqm', [await roleIdByAlias(db, U, 'quality_manager')]);

  companyA = await company(T, '甲防爆电器有限公司', '91410100MA00000A1X');
  companyB = await company(T, '乙防爆电器有限公司', '91410100MA00000B2X');
  const companyU = await company(U, '丙防爆电器有限公司', '91410100MA00000C3X');
  await customer(T, 'customerA', companyA);
  await customer(T, 'customerA2', companyA);
  await customer(T, 'customerB', companyB);
  await customer(U, 'customerU', companyU);
}, SETUP_TIMEOUT * 2);

describe('complaints: save, list, remove', () => {
  it('files a complaint about the company’s application with a case number and deadlines', async () => {
    const app = await application('testing');
    const res = await complain('customerA', {
      subjectType: 'application',
      applicationId: app,
      title: '检测周期过长',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      kind: 'complaint',
      subjectType: 'application',
      applicationId: app,
      complaintState: 'received',
      companyId: companyA,
      companyName: '甲防爆电器有限公司',
      acknowledgeOverdue: false,
    });
    expect(res.data.caseNo).toMatch(/^TS\d{4}\d{6}$/);
    const received = new Date(res.data.receivedAt.replace(' ', 'T')).getTime();
    const dayMs = 86_400_000;
    expect(Math.round((new Date(res.data.ackDueAt.replace(' ', 'T')).getTime() - received) / dayMs)).toBe(5);
    expect(Math.round((new Date(res.data.respondDueAt.replace(' ', 'T')).getTime() - received) / dayMs)).toBe(
      60,
    );
    expect(await historyCount(res.data.id)).toBe(1);
  });

  it('refuses what is not the customer’s or not complete', async () => {
    const other = await application('testing', companyB);
    expect((await complain('customerA', { subjectType: 'application', applicationId: other })).status).toBe(
      404,
    );
    const missing = await complain('customerA', { subjectType: 'application' });
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('请选择被投诉的认证申请');
    // Refusals of the input say what is wrong in Chinese, naming the field (no schema library's English).
    expect(await complain('customerA', { title: '' })).toMatchObject({ code: 400, msg: 'title:不能为空' });
    expect(await complain('customerA', { fileIds: ['not-a-file'] })).toMatchObject({
      code: 400,
      msg: 'fileIds.0:必须是有效的文件',
    });
    expect(await complain('customerA', { subjectType: 'nobody' })).toMatchObject({
      code: 400,
      msg: 'subjectType:请选择投诉对象',
    });
    const notMine = await complain('customerA', { fileIds: ['0123456789abcdef0123456789abcdef'] });
    expect(notMine.code).toBe(400);
    expect(notMine.msg).toContain('证据材料');
    // Staff do not file complaints through the customer's call.
    expect((await complain('qm', {})).status).toBe(403);
  });

  it('lets the customer edit only before acknowledgement', async () => {
    const made = (await complain('customerA', {})).data;
    const edited = await complain('customerA2', { id: made.id, title: '改过的主题' });
    expect(edited.code).toBe(200);
    expect(edited.data.title).toBe('改过的主题');
    expect(edited.data.caseNo).toBe(made.caseNo);
    expect((await complain('customerB', { id: made.id })).status).toBe(404);
    expect((await step('qm', made.id, 'acknowledge')).code).toBe(200);
    const late = await complain('customerA', { id: made.id, title: '再改' });
    expect(late.code).toBe(400);
    expect(late.msg).toContain('不能再修改');
    expect((await complaintRow(made.id))?.title).toBe('改过的主题');
  });

  it('removes all or nothing, and never once acknowledged', async () => {
    const one = (await complain('customerA', { title: '一' })).data.id as string;
    const two = (await complain('customerA', { title: '二' })).data.id as string;
    await step('qm', two, 'acknowledge');
    const refused = await post('customerA', `${REMOVE}?ids=${one},${two}`);
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('不能撤回');
    expect((await complaintRow(one))?.is_deleted).toBe(0);
    const theirs = (await complain('customerB', { title: '乙的' })).data.id as string;
    expect((await post('customerA', `${REMOVE}?ids=${one},${theirs}`)).status).toBe(404);
    expect((await complaintRow(one))?.is_deleted).toBe(0);
    expect((await post('qm', `${REMOVE}?ids=${theirs}`)).status).toBe(403);
    expect(await post('customerA', `${REMOVE}?ids=abc`)).toMatchObject({
      code: 400,
      msg: 'ids:必须是有效的ID',
    });
    expect((await post('customerA', `${REMOVE}?ids=${one}`)).code).toBe(200);
    expect((await complaintRow(one))?.is_deleted).toBe(1);
    const list = await get('customerA', LIST, { size: '100' });
    expect(list.data.records.map((r: { id: string }) => r.id)).not.toContain(one);
    expect(list.data.records.map((r: { id: string }) => r.id)).toContain(two);
  });

  it('keeps every complaint to its company and tenant', async () => {
    const mine = (await complain('customerA', { title: '甲的投诉' })).data.id as string;
    const a = await get('customerA', LIST, { size: '100' });
    expect(a.data.records.every((r: { companyId: string }) => r.companyId === companyA)).toBe(true);
    const b = await get('customerB', LIST, { size: '100' });
    expect(b.data.records.map((r: { id: string }) => r.id)).not.toContain(mine);
    expect((await get('customerB', DETAIL, { id: mine })).status).toBe(404);
    expect((await get('customerU', DETAIL, { id: mine })).status).toBe(404);
    expect((await get('uqm', DETAIL, { id: mine })).status).toBe(404);
    expect((await step('uqm', mine, 'acknowledge')).status).toBe(404);
    expect((await step('customerB', mine, 'confirm')).status).toBe(404);
    const u = await get('uqm', LIST, { size: '100' });
    expect(u.data.total).toBe(0);
    const staffList = await get('qm', LIST, { size: '100' });
    expect(staffList.data.records.map((r: { id: string }) => r.id)).toContain(mine);
    const detail = await get('customerA', DETAIL, { id: mine });
    expect(detail.data.history).toHaveLength(1);
    expect(detail.data.history[0]).toMatchObject({ action: 'open', toState: 'received' });
  });
});

describe('complaints: the case flow', () => {
  it('takes a case from receipt to close, each step by its side, code, state and handler', async () => {
    const app = await application('issued', companyA, { tester_id: users.tester, decider_id: users.decider });
    const id = (
      await complain('customerA', {
        subjectType: 'application',
        applicationId: app,
        subjectUserId: users.handler,
        title: '检测结论有误',
      })
    ).data.id as string;
    // Wrong side, no code, wrong state: each refused and nothing written.
    expect((await step('customerA', id, 'acknowledge')).msg).toContain('工作人员');
    expect((await step('viewer', id, 'acknowledge')).msg).toContain('没有办理此步骤的权限');
    expect((await step('qm', id, 'assign', { handlerId: users.qm })).msg).toContain('已收到');
    expect((await step('qm', id, 'bogus')).code).toBe(400);
    expect((await complaintRow(id))?.complaint_state).toBe('received');
    expect(await historyCount(id)).toBe(1);

    const ack = await step('qm', id, 'acknowledge');
    expect(ack.code).toBe(200);
    expect(ack.data.complaintState).toBe('acknowledged');
    expect(ack.data.acknowledgedAt).not.toBe('');

    // The handler's conflict check: the application's tester and the person complained about are refused.
    const handlers = await get('qm', `${BASE}/complaint/selectHandlerList`, { id });
    expect(handlers.code).toBe(200);
    const conflictOf = (userId: string) =>
      handlers.data.find((c: { id: string }) => c.id === userId)?.conflict as boolean;
    expect(conflictOf(users.tester)).toBe(true);
    expect(conflictOf(users.handler)).toBe(true);
    expect(conflictOf(users.qm)).toBe(false);
    const tester = await step('qm', id, 'assign', { handlerId: users.tester });
    expect(tester.code).toBe(400);
    expect(tester.msg).toContain('检测人员');
    const decider = await step('qm', id, 'assign', { handlerId: users.decider });
    expect(decider.msg).toContain('认证决定人');
    const subject = await step('qm', id, 'assign', { handlerId: users.handler });
    expect(subject.msg).toContain('被投诉的人员');
    expect((await step('qm', id, 'assign', { handlerId: users.customerA })).msg).toContain('处理人不存在');
    expect((await step('qm', id, 'assign')).msg).toContain('请选择处理人');
    expect((await complaintRow(id))?.handler_id).toBeNull();

    expect((await step('qm', id, 'assign', { handlerId: users.qm })).data.complaintState).toBe('assigned');
    // Only the handler investigates and answers.
    expect((await step('tester', id, 'investigate')).msg).toContain('处理人');
    expect((await step('qm', id, 'investigate', { text: '复核原始记录' })).data.investigation).toBe(
      '复核原始记录',
    );
    expect((await step('qm', id, 'respond')).msg).toContain('请填写说明');
    const answered = await step('qm', id, 'respond', { text: '结论无误，已说明理由' });
    expect(answered.data).toMatchObject({ complaintState: 'responded', response: '结论无误，已说明理由' });

    // The customer reopens (with a reason); staff cannot take the customer's step.
    expect((await step('qm', id, 'reopen', { text: 'x' })).msg).toContain('客户企业');
    expect((await step('customerA', id, 'reopen')).msg).toContain('请填写说明');
    expect((await step('customerA', id, 'reopen', { text: '仍不认可' })).data.complaintState).toBe(
      'reopened',
    );
    await step('qm', id, 'assign', { handlerId: users.qm });
    await step('qm', id, 'investigate');
    await step('qm', id, 'respond', { text: '补充检测，结论维持' });
    expect((await step('customerA2', id, 'confirm', { text: '认可' })).data.complaintState).toBe('confirmed');
    expect((await step('handler', id, 'close')).data.complaintState).toBe('closed');
    expect((await step('qm', id, 'close')).msg).toContain('已结案');

    const detail = await get('customerA', DETAIL, { id });
    expect(detail.data.history.map((r: { action: string }) => r.action)).toEqual([
      'open',
      'acknowledge',
      'assign',
      'investigate',
      'respond',
      'reopen',
      'assign',
      'investigate',
      'respond',
      'confirm',
      'close',
    ]);
    // The customer is told of each staff step.
    const messages = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_message')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', users.customerA)
        .where('title', 'like', `%${detail.data.caseNo}%`)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(messages.n)).toBeGreaterThanOrEqual(8);
  });

  it('closes a complaint that does not concern the body with the reason', async () => {
    const id = (await complain('customerB', { title: '与本机构无关' })).data.id as string;
    expect((await step('qm', id, 'notAccept')).code).toBe(400);
    const res = await step('qm', id, 'notAccept', { text: '不属于本机构认证业务范围' });
    expect(res.data).toMatchObject({ complaintState: 'closed', response: '不属于本机构认证业务范围' });
    expect(res.data.closedAt).not.toBe('');
  });

  it('takes its deadlines from the parameters and flags the overdue ones', async () => {
    await h.blade.db
      .insertInto('blade_param')
      .values([
        {
          id: nextId(),
          param_name: '投诉受理期限',
          param_key: 'quality.complaint.acknowledgeDays',
          param_value: '2',
        },
        {
          id: nextId(),
          param_name: '投诉答复期限',
          param_key: 'quality.complaint.respondDays',
          param_value: '30',
        },
      ])
      .execute();
    const made = (await complain('customerA', { title: '期限' })).data;
    const received = new Date(made.receivedAt.replace(' ', 'T')).getTime();
    expect(Math.round((new Date(made.ackDueAt.replace(' ', 'T')).getTime() - received) / 86_400_000)).toBe(2);
    expect(
      Math.round((new Date(made.respondDueAt.replace(' ', 'T')).getTime() - received) / 86_400_000),
    ).toBe(30);
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .updateTable('business_complaint')
        .set({ ack_due_at: sql`now() - interval '1 hour'` })
        .where('id', '=', made.id)
        .execute(),
    );
    const overdue = await get('qm', LIST, { overdue: '1', size: '100' });
    const row = overdue.data.records.find((r: { id: string }) => r.id === made.id);
    expect(row).toMatchObject({ acknowledgeOverdue: true, respondOverdue: false });
    expect(
      overdue.data.records.every(
        (r: { acknowledgeOverdue: boolean; respondOverdue: boolean }) =>
          r.acknowledgeOverdue || r.respondOverdue,
      ),
    ).toBe(true);
    // Acknowledged late: no longer overdue for acknowledgement.
    await step('qm', made.id, 'acknowledge');
    const after = await get('qm', DETAIL, { id: made.id });
    expect(after.data.acknowledgeOverdue).toBe(false);
    await h.blade.db.deleteFrom('blade_param').where('param_key', 'like', 'quality.complaint.%').execute();
  });
});

describe('satisfaction surveys', () => {
  async function issue(values: ApplicationValues = {}) {
    const id = await application('decision', companyA, values);
    const res = await post('decider', '/blade-customer/applicationFlow/transit', { id, action: 'issue' });
    expect(res.code).toBe(200);
    expect(res.data.flowState).toBe('issued');
    return id;
  }
  const surveyOf = async (who: string, applicationId: string) =>
    (await get(who, SURVEYS, { size: '100' })).data.records.find(
      (r: { applicationId: string }) => r.applicationId === applicationId,
    );

  it('lists the tenant’s questions, seeded with the default set', async () => {
    const items = await get('customerA', ITEMS);
    expect(items.code).toBe(200);
    expect(items.data.map((i: { title: string }) => i.title)).toEqual([...DEFAULT_SURVEY_ITEMS]);
    expect((await get('customerU', ITEMS)).data).toHaveLength(DEFAULT_SURVEY_ITEMS.length);
  });

  it('sends a survey when an application is issued, answered once by its company', async () => {
    const app = await issue();
    const survey = await surveyOf('customerA', app);
    expect(survey).toMatchObject({ surveyState: 'sent', companyId: companyA, average: '' });
    expect(await surveyOf('customerB', app)).toBeUndefined();
    const items = (await get('customerA', ITEMS)).data as { id: string }[];
    const answers = items.map((i) => ({ itemId: i.id, score: 5 }));
    // Another company, another tenant, staff: refused.
    expect((await post('customerB', ANSWER, { id: survey.id, answers })).status).toBe(404);
    expect((await post('customerU', ANSWER, { id: survey.id, answers })).status).toBe(404);
    expect((await post('qm', ANSWER, { id: survey.id, answers })).status).toBe(403);
    // Each question scored once, within 1–5.
    const missing = await post('customerA', ANSWER, { id: survey.id, answers: answers.slice(1) });
    expect(missing.msg).toContain('请为');
    const twice = await post('customerA', ANSWER, { id: survey.id, answers: [...answers, answers[0]] });
    expect(twice.msg).toContain('只能评分一次');
    expect(
      (
        await post('customerA', ANSWER, {
          id: survey.id,
          answers: [{ ...answers[0], score: 6 }, ...answers.slice(1)],
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await post('customerA', ANSWER, {
          id: survey.id,
          answers: [{ ...answers[0], score: 0 }, ...answers.slice(1)],
        })
      ).code,
    ).toBe(400);

    const mixed = answers.map((a, i) => ({ ...a, score: i === 0 ? 3 : 5 }));
    const ok = await post('customerA', ANSWER, { id: survey.id, answers: mixed, comment: '很好' });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ surveyState: 'answered', followupId: '', comment: '很好' });
    expect(ok.data.average).toBe((28 / 6).toFixed(2));
    const again = await post('customerA2', ANSWER, { id: survey.id, answers });
    expect(again.code).toBe(400);
    expect(again.msg).toContain('不能重复提交');
  });

  it('opens a follow-up case for a low score, in the quality role’s queue', async () => {
    const app = await issue();
    const survey = await surveyOf('customerA', app);
    const items = (await get('customerA', ITEMS)).data as { id: string }[];
    const low = items.map((i, n) => ({ itemId: i.id, score: n === 0 ? 2 : 4 }));
    const res = await post('customerA', ANSWER, { id: survey.id, answers: low });
    expect(res.code).toBe(200);
    expect(res.data.followupId).not.toBe('');
    const followup = await get('qm', DETAIL, { id: res.data.followupId });
    expect(followup.data).toMatchObject({
      kind: 'survey_followup',
      complaintState: 'received',
      applicationId: app,
      surveyId: survey.id,
      companyId: companyA,
    });
    // The customer sees it but cannot change or withdraw it.
    expect((await get('customerA', DETAIL, { id: res.data.followupId })).code).toBe(200);
    expect((await post('customerA', `${REMOVE}?ids=${res.data.followupId}`)).code).toBe(400);
    // A middling answer (every question 3) is no follow-up. (An average below 3 needs a score of 2 or less with
    // whole scores, so the average rule is covered by the item rule.)
    const app2 = await issue();
    const survey2 = await surveyOf('customerA', app2);
    const fair = await post('customerA', ANSWER, {
      id: survey2.id,
      answers: items.map((i) => ({ itemId: i.id, score: 3 })),
    });
    expect(fair.data).toMatchObject({ average: '3.00', followupId: '' });
  });

  it('gives staff every survey with the averages; others see none of company A’s', async () => {
    const staffList = await get('qm', SURVEYS, { size: '100' });
    expect(staffList.code).toBe(200);
    expect(staffList.data.averages.answered).toBeGreaterThanOrEqual(2);
    expect(staffList.data.averages.items).toHaveLength(DEFAULT_SURVEY_ITEMS.length);
    expect(Number(staffList.data.averages.overall)).toBeGreaterThan(0);
    expect((await get('customerA', SURVEYS)).data.averages).toBeUndefined();
    expect((await get('customerB', SURVEYS)).data.total).toBe(0);
    expect((await get('customerU', SURVEYS)).data.total).toBe(0);
    expect((await get('uqm', SURVEYS)).data.total).toBe(0);
    expect((await get('decider', SURVEYS)).status).toBe(403);
  });
});
