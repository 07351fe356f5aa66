import { DASHBOARD_FIGURES_PATH } from '../../../lib/contracts/dashboard/figures';
import { localDay } from '../../../lib/contracts/equipment/status';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addTenant, userWithCodes } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { customerOf } from '../application/apply.test-helpers';

// GET /business-service/dashboard/figures (/wel/dashboard): known rows of one tenant give exact figures (another
// tenant's and removed rows count for nothing); only the tenant's administrators get them.

let h: Harness;
const T = '360001';
const U = '360002';
const tokens: Record<string, string> = {};

/** The first day of the month `back` months before this one (server calendar), and its `yyyy-MM`. */
function month(back: number) {
  const now = new Date();
  const first = localDay(new Date(now.getFullYear(), now.getMonth() - back, 1));
  return {
    first,
    key: first.slice(0, 7),
    day: (d: number) => `${first.slice(0, 8)}${String(d).padStart(2, '0')}`,
  };
}

async function seed(tenant: string, states: [string, number][]) {
  await withTenant(h.blade.db, tenant, async (trx) => {
    for (const [state, deleted] of states)
      await trx
        .insertInto('business_application')
        .values({
          id: nextId(),
          tenant_id: tenant,
          scheme: 'ccc',
          models: JSON.stringify([]),
          ex_markings: JSON.stringify([]),
          flow_state: state,
          is_deleted: deleted,
        })
        .execute();
  });
}

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '统计机构', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一机构', adminPassword: 'u-admin-pass' });
  tokens.admin = (await h.login('admin', 't-admin-pass', T)).access_token;
  // A staff user whose role holds no menu.
  tokens.plain = (await userWithCodes(h, T, 'plain', [])).token;
  tokens.customer = (
    await customerOf(h, T, {
      name: '统计防爆电器有限公司',
      creditCode: '91410100MA00000D4X',
      account: 'dashCust',
    })
  ).token;

  await seed(T, [
    ['issued', 0],
    ['draft', 0],
    ['submitted', 0],
    ['draft', 0],
    ['issued', 0],
    ['draft', 1],
  ]);
  await seed(U, [['submitted', 0]]);

  const now = month(0);
  const last = month(1);
  const oldest = month(11);
  const outside = month(12);
  await withTenant(db, T, async (trx) => {
    const certificate = (issueDate: string, deleted = 0) =>
      trx
        .insertInto('business_certificate')
        .values({
          id: nextId(),
          tenant_id: T,
          cert_number: `C-${nextId()}`,
          scheme: 'ccc',
          application_id: nextId(),
          models: JSON.stringify([]),
          ex_markings: JSON.stringify([]),
          issue_date: issueDate,
          valid_to: '2036-12-31',
          is_deleted: deleted,
        })
        .execute();
    await certificate(now.day(1));
    await certificate(now.first);
    await certificate(now.first, 1);
    await certificate(oldest.day(28));
    await certificate(outside.day(15));

    const projectId = nextId();
    const contractId = nextId();
    await trx
      .insertInto('business_project')
      .values({ id: projectId, tenant_id: T, project_name: '统计项目', project_status: '2' })
      .execute();
    await trx
      .insertInto('business_contract')
      .values({
        id: contractId,
        tenant_id: T,
        project_id: projectId,
        contract_name: '统计合同',
        contract_code: 'TJ-1',
        contract_amount: '1000.10',
        unpaid_amount: '1000.10',
      })
      .execute();
    const batch = async (amount: string, planned: string) => {
      const id = nextId();
      await trx
        .insertInto('business_contract_batch')
        .values({
          id,
          tenant_id: T,
          contract_id: contractId,
          batch_name: `批次${id}`,
          percent: '10.00',
          batch_amount: amount,
          unpaid_amount: amount,
          planned_date: planned,
        })
        .execute();
      return id;
    };
    const b1 = await batch('300.00', now.day(1));
    await batch('0.10', now.day(2));
    await batch('100.00', last.day(3));
    await batch('600.00', outside.day(3));
    const receipt = (batchId: string, amount: string, day: string) =>
      trx
        .insertInto('business_real_income')
        .values({
          id: nextId(),
          tenant_id: T,
          contract_id: contractId,
          batch_id: batchId,
          received_amount: amount,
          received_date: day,
        })
        .execute();
    await receipt(b1, '250.05', now.day(1));
    await receipt(b1, '0.05', now.day(2));
    await receipt(b1, '49.90', outside.day(2));

    const instrument = async (outOfService: number, result?: string) => {
      const id = nextId();
      await trx
        .insertInto('business_equipment')
        .values({ id, tenant_id: T, asset_no: `YQ-${id}`, name: '兆欧表', out_of_service: outOfService })
        .execute();
      if (result)
        await trx
          .insertInto('business_equipment_cert')
          .values({
            id: nextId(),
            tenant_id: T,
            equipment_id: id,
            cert_no: `JL-${id}`,
            agency: '省计量院',
            calibration_date: localDay(new Date(Date.now() - 30 * 86_400_000)),
            valid_to: localDay(new Date(Date.now() + 200 * 86_400_000)),
            result,
          })
          .execute();
    };
    await instrument(0, '合格');
    await instrument(0, '准用');
    await instrument(0);
    await instrument(1, '合格');
  });
}, SETUP_TIMEOUT * 2);

it("answers the tenant's figures exactly, money as decimal text", async () => {
  const res = await h.call(DASHBOARD_FIGURES_PATH, tokens.admin);
  expect(res.code).toBe(200);
  const figures = res.data;
  expect(figures.applicationsByState).toEqual([
    { state: 'draft', count: 2 },
    { state: 'submitted', count: 1 },
    { state: 'issued', count: 2 },
  ]);
  const months = Array.from({ length: 12 }, (_, i) => month(11 - i).key);
  expect(figures.certificatesPerMonth.map((m: { month: string }) => m.month)).toEqual(months);
  const certs = Object.fromEntries(
    figures.certificatesPerMonth.map((m: { month: string; count: number }) => [m.month, m.count]),
  );
  expect(certs).toEqual(
    Object.fromEntries(months.map((m) => [m, m === month(0).key ? 2 : m === month(11).key ? 1 : 0])),
  );
  const money = Object.fromEntries(
    figures.receiptsPerMonth.map((m: { month: string; received: string; planned: string }) => [
      m.month,
      [m.received, m.planned],
    ]),
  );
  expect(money).toEqual(
    Object.fromEntries(
      months.map((m) => [
        m,
        m === month(0).key
          ? ['250.10', '300.10']
          : m === month(1).key
            ? ['0.00', '100.00']
            : ['0.00', '0.00'],
      ]),
    ),
  );
  expect(figures.equipmentByColour).toEqual({ green: 1, yellow: 1, red: 2 });
});

it('answers 403 to anyone but an administrator of the tenant, a customer included', async () => {
  for (const token of [tokens.customer, tokens.plain])
    expect(await h.call(DASHBOARD_FIGURES_PATH, token)).toMatchObject({ code: 403 });
});
