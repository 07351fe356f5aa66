import { sql } from 'kysely';
import { CERT_CHANGE_CALLS } from '../../../lib/contracts/cert-change/cert-change';
import { PAYMENT_CALLS } from '../../../lib/contracts/payment/payment';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addApplication, addIssuedCertificate } from '../application/apply.test-helpers';
import { paymentParties, saveVoucher, withIssueAfterPayment } from './payment.test-helpers';

// The subjects of a payment note beside a single application (payment.test.ts) and a mark order (card-sale): an
// application batch — one note for its billable applications, each still accepted taking its noticeFee step — and a
// certificate change's fee. With application.issueAfterPayment a batch note holds back its applications' certificates
// and a change note the reissued certificate.

let h: Harness;
const T = '330011';
const U = '330012';
let tokens: Record<string, string>;
let companies: Record<string, string>;
let users: Record<string, string>;

async function batch(tenant: string, companyId: string, states: string[]) {
  const batchId = nextId();
  const batchNumber = `PC2026${batchId.slice(-6)}`;
  await withTenant(h.blade.db, tenant, (trx) =>
    trx
      .insertInto('business_application_batch')
      .values({
        id: batchId,
        tenant_id: tenant,
        batch_number: batchNumber,
        scheme: 'ccc',
        company_id: companyId,
      })
      .execute(),
  );
  const ids: string[] = [];
  for (const state of states)
    ids.push(
      await addApplication(h.blade.db, tenant, {
        batch_id: batchId,
        company_id: companyId,
        flow_state: state,
        ...(state === 'draft' && { application_no: null }),
      }),
    );
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

/** Finance issues a note for `subject` (a batch, a change, or two at once): by default `lines`, 1700.50 in all. */
const issue = (subject: Record<string, unknown>, noteLines = lines, totalAmount = '1700.50') =>
  h.call(PAYMENT_CALLS.issue.path, tokens.finance, { ...subject, lines: noteLines, totalAmount });

/** Finance issues a note of a change's fee (one line of 800) for `subject`. */
const issueChangeFee = (subject: Record<string, unknown>) =>
  issue(subject, [{ item: '变更费', amount: '800' }], '800');

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
  const saved = await saveVoucher(h, tokens.a, noteId, amount);
  expect(saved.code).toBe(200);
  const confirmed = await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, {
    id: saved.data.vouchers[0].id,
  });
  expect(confirmed.data.noteState).toBe('paid');
}

harnessPerFile(async (made) => {
  h = made;
  ({ tokens, companies, users } = await paymentParties(h, T, U, 'subj'));
}, SETUP_TIMEOUT * 2);

describe('a note for an application batch', () => {
  it('bills the billable applications together, takes the noticeFee step of the accepted ones, shows the batch', async () => {
    const { batchNumber, batchId, ids } = await batch(T, companies.a, ['accepted', 'testing', 'draft']);
    const res = await issue({ batchNumber });
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
    const res = await issue({ batchNumber });
    expect(res).toMatchObject({
      code: 400,
      msg: zhText('payment.error.batchNothingBillable', { batch: batchNumber }),
    });
    const other = await batch(U, companies.u, ['accepted']);
    const foreign = await issue({ batchId: other.batchId });
    expect(foreign.status).toBe(404);
    expect(await noteCount()).toBe(before);
  });

  it('refuses two subjects at once', async () => {
    const { batchNumber, ids } = await batch(T, companies.a, ['accepted']);
    const before = await noteCount();
    const res = await issue({ batchNumber, applicationId: ids[0] });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('只能选一个');
    expect(await noteCount()).toBe(before);
    expect((await flowStates(ids))[0].flow_state).toBe('accepted');
  });

  it("holds back a batch application's certificate until the batch note is paid", async () => {
    await withIssueAfterPayment(h, T, async () => {
      const { batchNumber, ids } = await batch(T, companies.a, ['decision']);
      const note = await issue({ batchNumber }, [{ item: '证书费', amount: '200' }], '200');
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
    const res = await issueChangeFee({ changeNo: accepted.changeNo });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      subjectKind: 'cert_change',
      certChangeId: accepted.changeId,
      changeNo: accepted.changeNo,
      companyId: companies.a,
    });
    const before = await noteCount();
    const draft = await change(T, companies.a, 'draft');
    expect(await issueChangeFee({ certChangeId: draft.changeId })).toMatchObject({
      code: 400,
      msg: zhText('payment.error.changeState', { state: '草稿' }),
    });
    const foreign = await change(U, companies.u, 'accepted');
    const refused = await issueChangeFee({ certChangeId: foreign.changeId });
    expect(refused.status).toBe(404);
    expect(await noteCount()).toBe(before);
  });

  it('with issueAfterPayment, the certificate is reissued only once the change note is paid', async () => {
    await withIssueAfterPayment(h, T, async () => {
      const evaluated = await change(T, companies.a, 'evaluation');
      const note = await issueChangeFee({ certChangeId: evaluated.changeId });
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
