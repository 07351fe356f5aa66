import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { CERT_CHANGE_CALLS } from '../../../lib/contracts/cert-change/cert-change';
import { PAYMENT_CALLS } from '../../../lib/contracts/payment/payment';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addTenant, grantMenus, roleIdByAlias, staffOf } from '../../testing/fixtures';
import { createHarness, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addIssuedCertificate, customerOf, uploadInto } from '../application/apply.test-helpers';
import { ensureStaffRoles } from '../application/staff-roles';
import { FINANCE_ROLE, ensureFinanceRole } from './finance-role';
import { PARAM_ISSUE_AFTER_PAYMENT } from './payment.service';

// The subjects of a payment note beside a single application (payment.test.ts) and a mark order (card-sale): an
// application batch — one note for its billable applications, each still accepted taking its noticeFee step — and a
// certificate change's fee. With application.issueAfterPayment a batch note holds back its applications' certificates
// and a change note the reissued certificate.

let h: Harness;
const T = '330011';
const U = '330012';
const tokens: Record<string, string> = {};
const companies: Record<string, string> = {};
const users: Record<string, string> = {};

async function batch(tenant: string, companyId: string, states: string[]) {
  const batchId = nextId();
  const batchNumber = `PC2026${batchId.slice(-6)}`;
  const ids: string[] = [];
  await withTenant(h.blade.db, tenant, async (trx) => {
    await trx
      .insertInto('business_application_batch')
      .values({
        id: batchId,
        tenant_id: tenant,
        batch_number: batchNumber,
        scheme: 'ccc',
        company_id: companyId,
      })
      .execute();
    for (const state of states) {
      const id = nextId();
      ids.push(id);
      await trx
        .insertInto('business_application')
        .values({
          id,
          tenant_id: tenant,
          scheme: 'ccc',
          application_no: state === 'draft' ? null : `SQC2026${id.slice(-6)}`,
          batch_id: batchId,
          company_id: companyId,
          applicant_name: '甲防爆电器有限公司',
          product_name: '隔爆型电动机',
          product_category: '2301',
          flow_state: state,
        })
        .execute();
    }
  });
  return { batchId, batchNumber, ids };
}

const snapshot = (productName: string) => ({
  holderName: '甲防爆电器有限公司',
  holderAddress: '河南省南阳市',
  manufacturerName: '甲防爆电器有限公司',
  manufacturerAddress: '河南省南阳市',
  factoryName: '甲防爆电器有限公司一厂',
  factoryAddress: '河南省南阳市',
  productName,
  models: [],
  exMarkings: [],
  standards: 'GB/T 3836.1-2021',
});

/** A CCC certificate of the company and a change of it in the given state (evaluated by the clerk when evaluated). */
async function change(tenant: string, companyId: string, state: string) {
  const changeId = nextId();
  const { id: certificateId, no: certNumber } = await addIssuedCertificate(h.blade.db, tenant, companyId, {
    certificate: { issue_date: '2025-01-01', valid_to: '2029-12-31' },
    application: false,
  });
  const changeNo = state === 'draft' ? null : `BG2026${changeId.slice(-6)}`;
  await withTenant(h.blade.db, tenant, async (trx) => {
    await trx
      .insertInto('business_cert_change')
      .values({
        id: changeId,
        tenant_id: tenant,
        change_no: changeNo,
        scheme: 'ccc',
        certificate_id: certificateId,
        cert_number: certNumber,
        cert_version: 1,
        company_id: companyId,
        change_types: JSON.stringify(['trademark']),
        before_data: JSON.stringify(snapshot('隔爆型电动机')),
        after_data: JSON.stringify(snapshot('隔爆型三相异步电动机')),
        change_state: state,
        evaluated_by: state === 'evaluation' ? users.clerk : null,
      })
      .execute();
  });
  return { changeId, changeNo, certNumber };
}

const lines = [
  { item: '申请费', amount: '500' },
  { item: '检测费', amount: '1200.50' },
];

async function noteCount(tenant = T) {
  const row = await withTenant(h.blade.db, tenant, (trx) =>
    trx
      .selectFrom('business_payment_note')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

const flowStates = (ids: string[]) =>
  withTenant(h.blade.db, T, (trx) =>
    trx
      .selectFrom('business_application')
      .select(['id', 'flow_state'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute(),
  );

/** The customer pays the whole note by voucher and finance confirms it. */
async function pay(noteId: string, amount: string) {
  const roots = await h.call(
    `/blade-resource/fileCatalog/selectFileList?functionCode=payment_note&dataId=${noteId}`,
    tokens.a,
  );
  const children = await h.call(
    `/blade-resource/fileCatalog/selectFileList?functionCode=payment_note&dataId=${noteId}&parentId=${roots.data.records[0].id}`,
    tokens.a,
  );
  const up = await uploadInto(h, tokens.a, {
    functionCode: 'payment_note',
    dataId: noteId,
    fileCatalogId: children.data.records[0].id,
  });
  expect(up.code).toBe(200);
  const saved = await h.call(PAYMENT_CALLS.saveVoucher.path, tokens.a, {
    noteId,
    amount,
    payDate: '2026-11-20',
    payerName: '甲防爆电器有限公司',
    fileId: up.data.id,
  });
  expect(saved.code).toBe(200);
  const confirmed = await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, {
    id: saved.data.vouchers[0].id,
  });
  expect(confirmed.data.noteState).toBe('paid');
}

async function withIssueAfterPayment(run: () => Promise<void>) {
  await h.blade.db
    .insertInto('blade_param')
    .values({ id: nextId(), param_name: '缴费后发证', param_key: PARAM_ISSUE_AFTER_PAYMENT, param_value: T })
    .execute();
  try {
    await run();
  } finally {
    await h.blade.db.deleteFrom('blade_param').where('param_key', '=', PARAM_ISSUE_AFTER_PAYMENT).execute();
  }
}

beforeAll(async () => {
  h = await createHarness();
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '认证机构', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一机构', adminPassword: 'u-admin-pass' });
  for (const tenant of [T, U]) {
    await withTenant(db, tenant, (trx) => ensureStaffRoles(trx, tenant, null));
    await withTenant(db, tenant, (trx) => ensureFinanceRole(trx, tenant, null));
  }
  for (const [account, alias] of [
    ['finance', FINANCE_ROLE.alias],
    ['decider', APPLICATION_CODES.decide],
    ['clerk', APPLICATION_CODES.accept],
  ] as const)
    ({ userId: users[account], token: tokens[account] } = await staffOf(h, T, account, alias));
  for (const [tenant, key, name, creditCode] of [
    [T, 'a', '甲防爆电器有限公司', '91410100MA00000A1X'],
    [T, 'b', '乙防爆电器有限公司', '91410100MA00000B2X'],
    [U, 'u', '丙防爆电器有限公司', '91410100MA00000C3X'],
  ] as const) {
    const c = await customerOf(h, tenant, { name, creditCode, account: `subj_${key}` });
    tokens[key] = c.token;
    companies[key] = c.companyId;
    const role = await roleIdByAlias(db, tenant, 'customer');
    await grantMenus(db, tenant, role, ['my_payment_note']).catch(() => undefined);
  }
}, SETUP_TIMEOUT * 2);
afterAll(async () => {
  await h?.close();
}, SETUP_TIMEOUT);

describe('a note for an application batch', () => {
  it('bills the billable applications together, takes the noticeFee step of the accepted ones, shows the batch', async () => {
    const { batchNumber, batchId, ids } = await batch(T, companies.a, ['accepted', 'testing', 'draft']);
    const res = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      batchNumber,
      lines,
      totalAmount: '1700.50',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      subjectKind: 'batch',
      batchId,
      batchNumber,
      applicationId: '',
      companyId: companies.a,
      totalAmount: '1700.50',
      noteState: 'issued',
    });
    expect((await flowStates(ids)).map((a) => a.flow_state)).toEqual(['fee_noticed', 'testing', 'draft']);
    const mine = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=50`, tokens.a);
    expect(mine.data.records).toEqual([expect.objectContaining({ id: res.data.id, batchNumber })]);
    expect((await h.call(`${PAYMENT_CALLS.detail.path}?id=${res.data.id}`, tokens.b)).status).toBe(404);
  });

  it('refuses a batch with nothing billable, and a batch of another tenant, writing nothing', async () => {
    const { batchNumber } = await batch(T, companies.a, ['draft', 'submitted']);
    const before = await noteCount();
    const res = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      batchNumber,
      lines,
      totalAmount: '1700.50',
    });
    expect(res).toMatchObject({
      code: 400,
      msg: zhText('payment.error.batchNothingBillable', { batch: batchNumber }),
    });
    const other = await batch(U, companies.u, ['accepted']);
    const foreign = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      batchId: other.batchId,
      lines,
      totalAmount: '1700.50',
    });
    expect(foreign.status).toBe(404);
    expect(await noteCount()).toBe(before);
  });

  it('refuses two subjects at once', async () => {
    const { batchNumber, ids } = await batch(T, companies.a, ['accepted']);
    const before = await noteCount();
    const res = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      batchNumber,
      applicationId: ids[0],
      lines,
      totalAmount: '1700.50',
    });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('只能选一个');
    expect(await noteCount()).toBe(before);
    expect((await flowStates(ids))[0].flow_state).toBe('accepted');
  });

  it("holds back a batch application's certificate until the batch note is paid", async () => {
    await withIssueAfterPayment(async () => {
      const { batchNumber, ids } = await batch(T, companies.a, ['decision']);
      const note = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
        batchNumber,
        lines: [{ item: '证书费', amount: '200' }],
        totalAmount: '200',
      });
      const transit = () =>
        h.call('/blade-customer/applicationFlow/transit', tokens.decider, { id: ids[0], action: 'issue' });
      expect(await transit()).toMatchObject({
        code: 400,
        msg: zhText('payment.error.unpaidNotes', { notes: note.data.noteNo }),
      });
      await pay(note.data.id, '200');
      const issued = await transit();
      expect(issued.code).toBe(200);
      expect(issued.data.flowState).toBe('issued');
    });
  });
});

describe('a note for a certificate change', () => {
  it('bills an accepted change by its number; a draft change or another tenant’s is refused', async () => {
    const accepted = await change(T, companies.a, 'accepted');
    const res = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      changeNo: accepted.changeNo,
      lines: [{ item: '变更费', amount: '800' }],
      totalAmount: '800',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      subjectKind: 'cert_change',
      certChangeId: accepted.changeId,
      changeNo: accepted.changeNo,
      companyId: companies.a,
    });
    const before = await noteCount();
    const draft = await change(T, companies.a, 'draft');
    expect(
      await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
        certChangeId: draft.changeId,
        lines: [{ item: '变更费', amount: '800' }],
        totalAmount: '800',
      }),
    ).toMatchObject({ code: 400, msg: zhText('payment.error.changeState', { state: '草稿' }) });
    const foreign = await change(U, companies.u, 'accepted');
    const refused = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      certChangeId: foreign.changeId,
      lines: [{ item: '变更费', amount: '800' }],
      totalAmount: '800',
    });
    expect(refused.status).toBe(404);
    expect(await noteCount()).toBe(before);
  });

  it('with issueAfterPayment, the certificate is reissued only once the change note is paid', async () => {
    await withIssueAfterPayment(async () => {
      const evaluated = await change(T, companies.a, 'evaluation');
      const note = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
        certChangeId: evaluated.changeId,
        lines: [{ item: '变更费', amount: '800' }],
        totalAmount: '800',
      });
      expect(note.code).toBe(200);
      const approve = () =>
        h.call(CERT_CHANGE_CALLS.approve.path, tokens.decider, { id: evaluated.changeId });
      expect(await approve()).toMatchObject({
        code: 400,
        msg: zhText('payment.error.unpaidChangeNotes', { notes: note.data.noteNo }),
      });
      const versions = () =>
        withTenant(h.blade.db, T, (trx) =>
          trx
            .selectFrom('business_certificate')
            .select(['version', 'product_name'])
            .where('cert_number', '=', evaluated.certNumber)
            .orderBy('version')
            .execute(),
        );
      expect((await versions()).map((v) => v.version)).toEqual([1]);
      await pay(note.data.id, '800');
      expect((await approve()).code).toBe(200);
      expect(await versions()).toEqual([
        { version: 1, product_name: '隔爆型电动机' },
        { version: 2, product_name: '隔爆型三相异步电动机' },
      ]);
    });
  });
});
