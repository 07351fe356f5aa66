import { sql } from 'kysely';
import { DASHBOARD_TILES } from '../../components/home/dashboard-tiles';
import { withTenant } from '../db/tenant';
import {
  ADMIN_PASSWORD,
  harnessPerFile,
  PLATFORM,
  SETUP_TIMEOUT,
  TEST_CLIENT,
  type Harness,
} from '../testing/harness';
import { COMPANIES, DEMO_PASSWORD, DEMO_TENANT_ID, STAFF } from './data';
import { DEMO_COMPLETE_PARAM, generateDemoInstitute, type DemoResult } from './generate';

// The demo institute (issue 18) made on a fresh database through the real calls: its accounts log in, a second run
// makes nothing, every dashboard tile counts rows for the demo's staff and customers, a customer sees only its own
// company's rows, and the default tenant is as the seed left it.

let h: Harness;
let result: DemoResult;
const printed: string[] = [];
const tokens: Record<string, string> = {};

/** Rows per tenant of the tables the generator writes to (the default tenant must keep its own). */
async function platformCounts() {
  const tables = ['blade_user', 'blade_dept', 'blade_role', 'business_application', 'business_payment_note'];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await withTenant(h.blade.db, PLATFORM, (trx) =>
      sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${PLATFORM}`.execute(
        trx,
      ),
    );
    out[table] = Number(row.rows[0].n);
  }
  return out;
}

let before: Record<string, number>;

harnessPerFile(async (made) => {
  h = made;
  before = await platformCounts();
  const target = { app: h.blade.app, db: h.blade.db, portalClient: TEST_CLIENT };
  result = await generateDemoInstitute(target, (line) => printed.push(line));
}, SETUP_TIMEOUT * 2);

it('makes the demo tenant with its accounts and prints them once', async () => {
  expect(result.created).toBe(true);
  const tenant = await h.blade.db
    .selectFrom('blade_tenant')
    .select(['tenant_name', 'domain'])
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .executeTakeFirstOrThrow();
  expect(tenant).toEqual({ tenant_name: '演示检测认证院', domain: '' });
  const accounts = result.accounts.map((a) => a.account).sort();
  expect(accounts).toEqual(
    ['admin', ...STAFF.map((s) => s.account), ...COMPANIES.map((c) => c.account)].sort(),
  );
  const text = printed.join('\n');
  for (const account of accounts) expect(text).toContain(` ${account} `);
  expect(text).toContain(DEMO_PASSWORD);
  expect(text).toContain(DEMO_TENANT_ID);
});

it('lets every account log in', async () => {
  for (const { account } of result.accounts)
    tokens[account] = (await h.login(account, DEMO_PASSWORD, DEMO_TENANT_ID)).access_token;
});

it('makes nothing on a second run', async () => {
  const applications = () =>
    withTenant(h.blade.db, DEMO_TENANT_ID, async (trx) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from business_application`.execute(trx)).rows[0].n,
      ),
    );
  const n = await applications();
  const again: string[] = [];
  const second = await generateDemoInstitute(
    { app: h.blade.app, db: h.blade.db, portalClient: TEST_CLIENT },
    (line) => again.push(line),
  );
  expect(second.created).toBe(false);
  expect(again).toEqual([]);
  expect(await applications()).toBe(n);
});

it('refuses to start on a demo tenant a run left half made', async () => {
  const marker = () =>
    h.blade.db.selectFrom('blade_param').selectAll().where('param_key', '=', DEMO_COMPLETE_PARAM);
  const written = await marker().executeTakeFirstOrThrow();
  await h.blade.db.deleteFrom('blade_param').where('id', '=', written.id).execute();
  try {
    await expect(
      generateDemoInstitute({ app: h.blade.app, db: h.blade.db, portalClient: TEST_CLIENT }, () => {}),
    ).rejects.toThrow(/未生成完整.*empty DATA_DIR/s);
  } finally {
    await h.blade.db.insertInto('blade_param').values(written).execute();
  }
});

/** The `total` of a tile's list call for `token`. */
async function tileCount(id: string, token: string): Promise<number> {
  const tile = DASHBOARD_TILES.find((t) => t.id === id)!;
  const url = tile.list.url.replace(/^\/api/, '');
  const page = { current: '1', size: '100', ...tile.filters };
  // A POST list (business-service) takes its filters as the JSON body, as the screen sends them.
  const answer =
    tile.list.method === 'POST'
      ? await h.call(url, token, page)
      : await h.call(`${url}?${new URLSearchParams(page)}`, token);
  expect(answer).toMatchObject({ code: 200 });
  return answer.data.total;
}

it('fills every dashboard tile of the staff (administrator) and of a customer', async () => {
  const counts = async (ids: string[], token: string) =>
    Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await tileCount(id, token)] as const)));
  const staff = DASHBOARD_TILES.map((t) => t.id).filter((id) => !id.startsWith('my'));
  const mine = DASHBOARD_TILES.map((t) => t.id).filter((id) => id.startsWith('my'));
  const positive = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, expect.any(Number)]));
  const seen = { ...(await counts(staff, tokens.admin)), ...(await counts(mine, tokens.huaan)) };
  expect(seen).toEqual(positive([...staff, ...mine]));
  expect(Object.entries(seen).filter(([, n]) => n === 0)).toEqual([]);
  // A step's own people see their queue too: the clerk the applications waiting, finance the notes.
  expect(await tileCount('cccWaiting', tokens.shouli)).toBeGreaterThan(0);
  expect(await tileCount('notesPartlyPaid', tokens.caiwu)).toBeGreaterThan(0);
  expect(await tileCount('paperLoansWaiting', tokens.zuzhang)).toBeGreaterThan(0);
  expect(await tileCount('notesOverdue', tokens.caiwu)).toBe(1);
  expect(await tileCount('paperLoansOverdue', tokens.dangan)).toBe(1);
});

it('shows a customer only its own company', async () => {
  const companyId = await companyOf('huaan');
  const notes = await h.call(
    '/blade-customer/paymentNote/selectPaymentNotesPage?current=1&size=100',
    tokens.huaan,
  );
  const allNotes = await h.call(
    '/blade-customer/paymentNote/selectPaymentNotesPage?current=1&size=100',
    tokens.caiwu,
  );
  expect(notes.data.total).toBeGreaterThan(0);
  expect(allNotes.data.total).toBeGreaterThan(notes.data.total);
  expect(notes.data.records.every((r: { companyId: string }) => r.companyId === companyId)).toBe(true);
  const apps = await h.call(
    '/blade-customer/paymentNote/selectApplicationPage?current=1&size=100',
    tokens.huaan,
  );
  expect(apps.data.total).toBe(5);
  const certs = await h.call('/blade-customer/certificate/page?current=1&size=100', tokens.huaan);
  expect(certs.data.total).toBeGreaterThan(0);
  expect(certs.data.records.every((r: { companyId: string }) => r.companyId === companyId)).toBe(true);
});

/** The records of a GET list call (first page of 100) for `token`. */
async function records<T = Record<string, string>>(path: string, token: string): Promise<T[]> {
  const answer = await h.call(`${path}${path.includes('?') ? '&' : '?'}current=1&size=100`, token);
  expect(answer).toMatchObject({ code: 200 });
  return answer.data.records;
}

async function companyOf(account: string): Promise<string> {
  return withTenant(
    h.blade.db,
    DEMO_TENANT_ID,
    async (trx) =>
      (
        await trx
          .selectFrom('blade_user')
          .select('company_id')
          .where('account', '=', account)
          .executeTakeFirstOrThrow()
      ).company_id as string,
  );
}

it('has invoices issued by finance, with their file, and one request still waiting', async () => {
  const all = await records<{ invoiceState: string; invoiceNo: string; fileId: string; companyId: string }>(
    '/blade-customer/invoice/selectInvoiceListPage',
    tokens.caiwu,
  );
  const issued = all.filter((i) => i.invoiceState === 'issued');
  expect(issued.length).toBeGreaterThanOrEqual(2);
  for (const invoice of issued) {
    expect(invoice.invoiceNo).toMatch(/^\d{20}$/);
    expect(invoice.fileId).toMatch(/^[0-9a-f]{32}$/);
  }
  expect(all.filter((i) => i.invoiceState === 'applied').length).toBeGreaterThanOrEqual(1);
  const huaan = await companyOf('huaan');
  const own = await records<{ companyId: string }>(
    '/blade-customer/invoice/selectInvoiceListPage',
    tokens.huaan,
  );
  expect(own.length).toBeGreaterThan(0);
  expect(own.length).toBeLessThan(all.length);
  expect(own.every((i) => i.companyId === huaan)).toBe(true);
});

it('has complaints (one closed, one open), answered surveys and the follow-up case of a low score', async () => {
  const all = await records<{
    id: string;
    kind: string;
    complaintState: string;
    companyId: string;
    handlerName: string;
    surveyId: string;
  }>('/blade-customer/complaint/selectComplaintList', tokens.zhiliang);
  const cases = all.filter((c) => c.kind === 'complaint');
  expect(cases.map((c) => c.complaintState).sort()).toEqual(['acknowledged', 'closed']);
  expect(cases.find((c) => c.complaintState === 'closed')?.handlerName).toBe('林慧');
  const huaan = await companyOf('huaan');
  const own = await records<{ companyId: string }>(
    '/blade-customer/complaint/selectComplaintList',
    tokens.huaan,
  );
  expect(own).toHaveLength(1);
  expect(own[0].companyId).toBe(huaan);
  const surveys = await h.call(
    '/blade-customer/satisfactionSurvey/selectSatisfactionSurveyList?current=1&size=100',
    tokens.zhiliang,
  );
  expect(surveys.data.averages.answered).toBe(3);
  const rows = surveys.data.records as {
    id: string;
    surveyState: string;
    followupId: string;
    companyId: string;
  }[];
  expect(rows.filter((s) => s.surveyState === 'sent').length).toBeGreaterThan(0);
  // 东明's answer (scores of 2) opened the one follow-up case, received, for the quality manager.
  const low = rows.filter((s) => s.followupId !== '');
  expect(low).toHaveLength(1);
  expect(low[0].companyId).toBe(await companyOf('dongming'));
  const followups = all.filter((c) => c.kind === 'survey_followup');
  expect(followups).toHaveLength(1);
  expect(followups[0]).toMatchObject({
    id: low[0].followupId,
    surveyId: low[0].id,
    complaintState: 'received',
  });
  // The customer sees its own follow-up case.
  const theirs = await records<{ kind: string }>(
    '/blade-customer/complaint/selectComplaintList',
    tokens.dongming,
  );
  expect(theirs.map((c) => c.kind).sort()).toEqual(['complaint', 'survey_followup']);
});

it('has CCC mark orders: the clerk sees every order, a customer its own only', async () => {
  const all = await records<{ saleState: string; companyId: string; totalAmount: string }>(
    '/blade-customer/cccCardSale/selectCccCardSaleDtoPage',
    tokens.shouli,
  );
  expect(all.map((s) => s.saleState).sort()).toEqual(['received', 'reviewed', 'submitted', 'submitted']);
  const huaan = await companyOf('huaan');
  const own = await records<{ saleState: string; companyId: string; totalAmount: string }>(
    '/blade-customer/cccCardSale/selectCccCardSaleDtoPage',
    tokens.huaan,
  );
  expect(own).toHaveLength(2);
  expect(own.every((s) => s.companyId === huaan)).toBe(true);
  // 10,000 pieces of 8 mm at 0.03 and 500 of 15 mm at 0.08.
  expect(own.find((s) => s.saleState === 'received')?.totalAmount).toBe('340.00');
  const theirs = await records<{
    companyId: string;
    authLetterFileId: string;
    shipTo: string;
    saleState: string;
  }>('/blade-customer/cccCardSale/selectCccCardSaleDtoPage', tokens.dongming);
  expect(theirs.length).toBe(2);
  expect(theirs.every((s) => s.companyId !== huaan)).toBe(true);
  // One bought through an agent: its authorisation letter is on the order, the marks go to the agent.
  const agent = theirs.filter((s) => s.authLetterFileId);
  expect(agent).toHaveLength(1);
  expect(agent[0]).toMatchObject({
    saleState: 'submitted',
    authLetterFileId: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  expect(agent[0].shipTo).toContain('温州瓯信认证咨询服务有限公司');
  expect(all.filter((s) => (s as { authLetterFileId?: string }).authLetterFileId)).toHaveLength(1);
});

it('has CNEx applications, one accepted by the clerk', async () => {
  const shenke = await records<{ flowState: string; applicationNo: string }>(
    '/blade-customer/paymentNote/selectApplicationPage?scheme=cnex',
    tokens.shenke,
  );
  expect(shenke.map((a) => a.flowState)).toEqual(['accepted']);
  expect(shenke[0].applicationNo).toMatch(/^SQN\d{10}$/);
  const dongming = await records<{ flowState: string }>(
    '/blade-customer/paymentNote/selectApplicationPage?scheme=cnex',
    tokens.dongming,
  );
  expect(dongming.map((a) => a.flowState)).toEqual(['submitted']);
});

it('has field tasks, costs with payments and devops records on the projects', async () => {
  const list = async (resource: string) =>
    (await h.call(`/business-service/${resource}/list`, tokens.admin, { current: 1, size: 50 })).data;
  const tasks = await list('fieldTask');
  expect(tasks.total).toBe(3);
  expect(tasks.records.map((t: { userName: string }) => t.userName).sort()).toEqual(
    ['刘洋', '赵强', '陈建国'].sort(),
  );
  const costs = await list('realCost');
  expect(costs.total).toBe(3);
  expect(costs.records.map((c: { paidAmount: string }) => c.paidAmount).sort()).toEqual(
    ['0.00', '3860.00', '6000.00'].sort(),
  );
  const devops = await list('devopsRecord');
  expect(devops.total).toBe(2);
  expect(devops.records.map((d: { workload: string }) => d.workload).sort()).toEqual(['1.00', '2.00']);
});

it('has cost plans and event records on the projects', async () => {
  const list = async (resource: string) =>
    (await h.call(`/business-service/${resource}/list`, tokens.admin, { current: 1, size: 50 })).data;
  const plans = await list('costPlan');
  expect(plans.total).toBe(5);
  const month = (days: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  };
  // The travel plan of the month of the supervision visit covers its real cost (3860.00).
  expect(plans.records).toContainEqual(
    expect.objectContaining({ costType: '3', planMonth: month(-19), planAmount: '4000.00' }),
  );
  const events = await list('eventRecord');
  expect(events.total).toBe(3);
  expect(events.records.map((e: { userName: string }) => e.userName).sort()).toEqual(
    ['刘洋', '吴磊', '林慧'].sort(),
  );
});

it("has two teams with their leaders and members, and messages between staff in the recipients' notices", async () => {
  const teams = (await h.call('/business-service/team/listTeam?current=1&size=50', tokens.admin)).data
    .records as { id: string; teamName: string; leaderName: string; memberCount: number }[];
  expect(teams.map((t) => [t.teamName, t.leaderName, t.memberCount]).sort()).toEqual(
    [
      ['防爆电气检测组', '马建军', 3],
      ['华安电机项目组', '吴磊', 4],
    ].sort(),
  );
  const lab = teams.find((t) => t.teamName === '防爆电气检测组')!;
  const members = (
    await h.call(`/business-service/team/listTeamUser?current=1&size=50&teamId=${lab.id}`, tokens.admin)
  ).data.records as { realName: string; teamRole: string }[];
  expect(members.filter((m) => m.teamRole === '1').map((m) => m.realName)).toEqual(['马建军']);
  // The sender lists its own sent messages; a recipient has them in its notices.
  const sent = (await h.call('/business-service/message/list?current=1&size=50', tokens.gongcheng)).data;
  expect(sent.total).toBe(2);
  expect((await h.call('/business-service/message/list?current=1&size=50', tokens.zuzhang)).data.total).toBe(
    1,
  );
  const inbox = (await h.call('/blade-customer/message/page?current=1&size=50', tokens.jiance)).data
    .records as {
    title: string;
  }[];
  expect(inbox.map((m) => m.title)).toEqual(
    expect.arrayContaining(['YBX4-132S-4 抽样样品明日到院', '本周试验设备期间核查安排']),
  );
  const finance = (await h.call('/blade-customer/message/page?current=1&size=50', tokens.caiwu)).data
    .records as {
    title: string;
  }[];
  expect(finance.map((m) => m.title)).toContain('合同HT-DEMO-2026-003 第二期款');
});

it('leaves the default tenant as it was', async () => {
  expect(await platformCounts()).toEqual(before);
  expect((await h.login('admin', ADMIN_PASSWORD, PLATFORM)).access_token).toBeTruthy();
});
