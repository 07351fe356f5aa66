import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { INVOICE_CALLS, INVOICE_FUNCTION } from '../../../lib/contracts/invoice/invoice';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { staffOf } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addTenantPair, customerTrio, uploadInto } from '../application/apply.test-helpers';
import { ensureFinanceRole, FINANCE_ROLE } from '../payment/finance-role';
import { ensureInvoiceFinanceGrants } from './finance-grants';

// Invoice information and invoice applications through the real calls: the information's checks (special kind needs
// its four fields, the taxpayer id is a checked USCC, one default per company), applications within what is paid and
// not yet invoiced (over-amount and second applications refused with nothing written, ten concurrent applications
// never exceeding the paid money, the database trigger holding it too), issue with the file of the invoice's archive,
// reject and red-flush freeing the amount, the snapshot of the information, isolation and the button codes.

let h: Harness;
const T = '340001';
const U = '340002';
const tokens: Record<string, string> = {};
const companies: Record<string, string> = {};
const users: Record<string, string> = {};

// Checked unified social credit codes (the check character is right).
const USCC = '91350100M000100Y43';

/** A payment note of the company with `paid` confirmed (the payment module's tables, written as its confirm leaves them). */
async function paidNote(companyKey: string, paid: string, tenant = T): Promise<string> {
  const id = nextId();
  await withTenant(h.blade.db, tenant, (trx) =>
    trx
      .insertInto('business_payment_note')
      .values({
        id,
        tenant_id: tenant,
        note_no: `JF2026${id.slice(-6)}`,
        application_id: nextId(),
        company_id: companies[companyKey],
        total_amount: paid,
        paid_amount: paid,
        note_state: 'paid',
      })
      .execute(),
  );
  return id;
}

const ordinary = {
  title: '甲防爆电器有限公司',
  taxpayerId: USCC,
  invoiceKind: 'ordinary',
  email: 'a@example.com',
};
const special = {
  ...ordinary,
  invoiceKind: 'special',
  address: '河南省南阳市工业路1号',
  phone: '0377-12345678',
  bankName: '中国银行南阳分行',
  bankAccount: '6216600000000000001',
};

const saveInfo = (token: string, body: Record<string, unknown>) =>
  h.call(INVOICE_CALLS.infoSave.path, token, body);

async function infoOf(token: string): Promise<string> {
  const res = await saveInfo(token, ordinary);
  expect(res.code).toBe(200);
  return res.data.id;
}

async function infoCount(): Promise<number> {
  const row = await withTenant(h.blade.db, T, (trx) =>
    trx
      .selectFrom('business_invoice_info')
      .select(sql<string>`count(*)`.as('n'))
      .where('company_id', '=', companies.a)
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

const apply = (token: string, body: Record<string, unknown>) => h.call(INVOICE_CALLS.apply.path, token, body);

async function counts(tenant = T) {
  return withTenant(h.blade.db, tenant, async (trx) => {
    const a = await trx
      .selectFrom('business_invoice_application')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const l = await trx
      .selectFrom('business_invoice_note')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return { applications: Number(a.n), links: Number(l.n) };
  });
}

/** Live invoiced amount of a note (what the links of applied or issued invoices take). */
async function invoiced(noteId: string): Promise<string> {
  const row = await withTenant(h.blade.db, T, (trx) =>
    trx
      .selectFrom('business_invoice_note')
      .select(sql<string>`coalesce(sum(amount), 0)::numeric(18,2)::text`.as('s'))
      .where('note_id', '=', noteId)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow(),
  );
  return row.s;
}

/** Uploads a file into the invoice's archive (the first child of its root), as finance does before issuing. */
async function invoiceFile(token: string, invoiceId: string) {
  const q = (parentId = '') =>
    h.call(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: INVOICE_FUNCTION, dataId: invoiceId, ...(parentId && { parentId }) })}`,
      token,
    );
  const roots = await q();
  expect(roots.code).toBe(200);
  const children = await q(roots.data.records[0].id);
  return uploadInto(
    h,
    token,
    { functionCode: INVOICE_FUNCTION, dataId: invoiceId, fileCatalogId: children.data.records[0].id },
    '发票.pdf.png',
  );
}

async function issued(invoiceId: string, invoiceNo: string) {
  const file = await invoiceFile(tokens.finance, invoiceId);
  expect(file.code).toBe(200);
  return h.call(INVOICE_CALLS.issue.path, tokens.finance, {
    id: invoiceId,
    invoiceNo,
    invoiceDate: '2026-11-27',
    fileId: file.data.id,
  });
}

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenantPair(db, T, U);
  for (const tenant of [T, U])
    await withTenant(db, tenant, async (trx) => {
      await ensureFinanceRole(trx, tenant, null);
      await ensureInvoiceFinanceGrants(trx, tenant, null);
      // A second run keeps the grants as they are (no duplicate, no error).
      await ensureInvoiceFinanceGrants(trx, tenant, null);
    });
  ({ userId: users.finance, token: tokens.finance } = await staffOf(h, T, 'ifinance', FINANCE_ROLE.alias));
  tokens.clerk = (await staffOf(h, T, 'iclerk', APPLICATION_CODES.accept)).token;
  tokens.uFinance = (await staffOf(h, U, 'iufinance', FINANCE_ROLE.alias)).token;
  // The customer role holds 我的发票 (CUSTOMER_MENU_CODES); a role made before gets it here.
  const trio = await customerTrio(h, T, U, 'inv', ['my_invoice']);
  for (const [key, c] of Object.entries(trio))
    ({ token: tokens[key], companyId: companies[key], userId: users[key] } = c);
}, SETUP_TIMEOUT * 2);

describe('invoice information', () => {
  it('refuses a special invoice without its bank, naming the field, and a wrong taxpayer id', async () => {
    const before = await infoCount();
    const { bankName: _bank, ...noBank } = special;
    const res = await saveInfo(tokens.a, noBank);
    expect(res.status).toBe(400);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('bankName');
    expect(res.msg).toContain('专用发票必须填写');
    const wrong = await saveInfo(tokens.a, { ...ordinary, taxpayerId: '91350100M000100Y44' });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toContain('纳税人识别号校验位不正确');
    expect((await saveInfo(tokens.a, { ...ordinary, taxpayerId: '12345' })).code).toBe(400);
    expect((await saveInfo(tokens.a, { ...ordinary, email: 'not-mail' })).code).toBe(400);
    expect(await infoCount()).toBe(before);
  });

  it('saves, keeps one default per company, updates and removes only its own', async () => {
    const first = await saveInfo(tokens.a, { ...special, isDefault: true });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ invoiceKind: 'special', bankName: '中国银行南阳分行', isDefault: 1 });
    const second = await saveInfo(tokens.a, { ...ordinary, taxpayerId: USCC.toLowerCase(), isDefault: 1 });
    expect(second.data).toMatchObject({ taxpayerId: USCC, isDefault: 1, bankName: '' });
    const options = await h.call(INVOICE_CALLS.infoVoList.path, tokens.a);
    const defaults = options.data.filter((o: { isDefault: number }) => o.isDefault === 1);
    expect(defaults.map((o: { id: string }) => o.id)).toEqual([second.data.id]);
    const list = await h.call(`${INVOICE_CALLS.infoList.path}?current=1&size=2`, tokens.a);
    expect(list.data.records).toHaveLength(2);
    expect(list.data.total).toBeGreaterThanOrEqual(2);

    const updated = await saveInfo(tokens.a, {
      ...special,
      id: first.data.id,
      title: '甲防爆电器有限公司（总部）',
    });
    expect(updated.data).toMatchObject({
      id: first.data.id,
      title: '甲防爆电器有限公司（总部）',
      isDefault: 0,
    });
    // Company B and another tenant's customer do not see, edit or remove A's record.
    for (const token of [tokens.b, tokens.u]) {
      expect((await saveInfo(token, { ...ordinary, id: first.data.id })).code).toBe(404);
      expect((await h.call(`${INVOICE_CALLS.infoRemove.path}?ids=${first.data.id}`, token, {})).code).toBe(
        404,
      );
      const theirs = await h.call(INVOICE_CALLS.infoVoList.path, token);
      expect(theirs.data.map((o: { id: string }) => o.id)).not.toContain(first.data.id);
    }
    // Staff have no invoice information.
    expect((await h.call(INVOICE_CALLS.infoVoList.path, tokens.finance)).status).toBe(403);
    const removed = await h.call(INVOICE_CALLS.infoRemove.path, tokens.a, { ids: [first.data.id] });
    expect(removed.code).toBe(200);
    const after = await h.call(INVOICE_CALLS.infoVoList.path, tokens.a);
    expect(after.data.map((o: { id: string }) => o.id)).not.toContain(first.data.id);
  });
});

describe('applying for an invoice', () => {
  it('refuses more than is paid and not invoiced, writing nothing, and a second application for the same money', async () => {
    const info = await infoOf(tokens.a);
    const n1 = await paidNote('a', '300.00');
    const n2 = await paidNote('a', '200.50');
    const before = await counts();
    const over = await apply(tokens.a, { noteIds: [n1, n2], infoId: info, amount: '500.51' });
    expect(over).toMatchObject({
      code: 400,
      msg: zhText('invoice.error.overAvailable', { amount: '500.51', available: '500.50' }),
    });
    expect(await counts()).toEqual(before);

    const offered = await h.call(`${INVOICE_CALLS.invoiceableNotes.path}?current=1&size=100`, tokens.a);
    expect(offered.data.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          noteId: n2,
          paidAmount: '200.50',
          invoicedAmount: '0.00',
          invoiceableAmount: '200.50',
        }),
      ]),
    );
    const ok = await apply(tokens.a, { noteIds: [n2, n1], infoId: info });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ amount: '500.50', invoiceState: 'applied', companyId: companies.a });
    expect(ok.data.applicationNo).toMatch(/^KP\d{10}$/);
    expect(ok.data.notes.map((n: { amount: string }) => n.amount).sort()).toEqual(['200.50', '300.00']);
    const second = await apply(tokens.a, { noteIds: [n1], infoId: info });
    expect(second).toMatchObject({ code: 400, msg: zhText('invoice.error.nothingToInvoice') });
    expect((await apply(tokens.a, { noteIds: [n1, n2], infoId: info, amount: '0.01' })).code).toBe(400);
    expect(await invoiced(n1)).toBe('300.00');
    const history = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['action', 'from_value', 'to_value', 'user_id'])
        .where('record_id', '=', ok.data.id)
        .execute(),
    );
    expect(history).toEqual([{ action: 'apply', from_value: '', to_value: 'applied', user_id: users.a }]);
  });

  it('takes a given amount from the notes in id order and leaves the rest invoiceable', async () => {
    const info = await infoOf(tokens.a);
    const n1 = await paidNote('a', '100.00');
    const n2 = await paidNote('a', '100.00');
    const part = await apply(tokens.a, { noteIds: [n1, n2], infoId: info, amount: '150.25' });
    expect(part.data.amount).toBe('150.25');
    expect([await invoiced(n1), await invoiced(n2)]).toEqual(['100.00', '50.25']);
    const rest = await apply(tokens.a, { noteIds: [n1, n2], infoId: info });
    expect(rest.data.amount).toBe('49.75');
  });

  it('never invoices more than is paid under ten concurrent applications', async () => {
    const info = await infoOf(tokens.a);
    const note = await paidNote('a', '100.00');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => apply(tokens.a, { noteIds: [note], infoId: info, amount: '30.00' })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.code === 400)).toHaveLength(7);
    expect(await invoiced(note)).toBe('90.00');
  });

  it('is held by the database too: a link beyond the paid amount is refused', async () => {
    const note = await paidNote('a', '10.00');
    await expect(
      withTenant(h.blade.db, T, (trx) =>
        trx
          .insertInto('business_invoice_note')
          .values({ id: nextId(), tenant_id: T, invoice_id: nextId(), note_id: note, amount: '10.01' })
          .execute(),
      ),
    ).rejects.toThrow(/exceeds paid/);
  });

  it('snapshots the information: a later edit does not change the applied invoice', async () => {
    const info = await saveInfo(tokens.a, special);
    const note = await paidNote('a', '20.00');
    const res = await apply(tokens.a, { noteIds: [note], infoId: info.data.id });
    await saveInfo(tokens.a, { ...special, id: info.data.id, title: '改名后的抬头', bankAccount: '999' });
    const detail = await h.call(`${INVOICE_CALLS.detail.path}?id=${res.data.id}`, tokens.a);
    expect(detail.data).toMatchObject({
      title: ordinary.title,
      bankAccount: special.bankAccount,
      invoiceKind: 'special',
    });
  });
});

describe('finance', () => {
  it('issues with the file of the invoice archive, tells the company, and the customer downloads it', async () => {
    const info = await infoOf(tokens.a);
    const note = await paidNote('a', '88.00');
    const applied = await apply(tokens.a, { noteIds: [note], infoId: info });
    const id = applied.data.id;
    // A file of another record is not the invoice's file.
    const other = await apply(tokens.a, { noteIds: [await paidNote('a', '1.00')], infoId: info });
    const foreign = await invoiceFile(tokens.finance, other.data.id);
    const refused = await h.call(INVOICE_CALLS.issue.path, tokens.finance, {
      id,
      invoiceNo: 'FP-0001',
      invoiceDate: '2026-11-27',
      fileId: foreign.data.id,
    });
    expect(refused).toMatchObject({ code: 400, msg: zhText('invoice.error.fileNotInInvoice') });
    // The customer cannot put files into the invoice's archive.
    expect((await invoiceFile(tokens.a, id).catch(() => ({ code: 403 }))).code).not.toBe(200);

    const res = await issued(id, 'FP-0001');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      invoiceState: 'issued',
      invoiceNo: 'FP-0001',
      invoiceDate: '2026-11-27',
    });
    expect(res.data.fileName).not.toBe('');
    expect((await issued(other.data.id, 'FP-0001')).msg).toBe(
      zhText('invoice.error.invoiceNoTaken', { invoiceNo: 'FP-0001' }),
    );
    const again = await h.call(INVOICE_CALLS.issue.path, tokens.finance, {
      id,
      invoiceNo: 'FP-0002',
      invoiceDate: '2026-11-27',
      fileId: res.data.fileId,
    });
    expect(again).toMatchObject({ code: 400, msg: zhText('invoice.error.state', { state: '已开票' }) });

    const messages = await withTenant(h.blade.db, T, (trx) =>
      trx.selectFrom('blade_message').select('title').where('user_id', '=', users.a).execute(),
    );
    expect(messages.map((m) => m.title)).toContain(
      zhText('invoice.message.issued.title', { applicationNo: applied.data.applicationNo }),
    );
    const mine = await h.call(`${INVOICE_CALLS.page.path}?current=1&size=100&invoiceState=issued`, tokens.a);
    expect(mine.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const key = await h.call(`/blade-resource/file/getFileAuthKey?fileId=${res.data.fileId}`, tokens.a);
    expect(key.code).toBe(200);
    for (const token of [tokens.b, tokens.u]) {
      const theirs = await h.call(`/blade-resource/file/getFileAuthKey?fileId=${res.data.fileId}`, token);
      expect(theirs.code).not.toBe(200);
    }
    const history = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['action', 'to_value'])
        .where('record_id', '=', id)
        .orderBy('id')
        .execute(),
    );
    expect(history.map((r) => r.to_value)).toEqual(['applied', 'issued']);
  });

  it('rejects an application, freeing its amount for a new one', async () => {
    const info = await infoOf(tokens.a);
    const note = await paidNote('a', '40.00');
    const first = await apply(tokens.a, { noteIds: [note], infoId: info });
    expect((await h.call(INVOICE_CALLS.reject.path, tokens.finance, { id: first.data.id })).code).toBe(400);
    const rejected = await h.call(INVOICE_CALLS.reject.path, tokens.finance, {
      id: first.data.id,
      reason: '抬头有误',
    });
    expect(rejected.data).toMatchObject({ invoiceState: 'rejected', rejectReason: '抬头有误' });
    expect(await invoiced(note)).toBe('0.00');
    const again = await apply(tokens.a, { noteIds: [note], infoId: info });
    expect(again.data.amount).toBe('40.00');
  });

  it('red-flushes an issued invoice, freeing its amount for a new application', async () => {
    const info = await infoOf(tokens.a);
    const note = await paidNote('a', '60.00');
    const applied = await apply(tokens.a, { noteIds: [note], infoId: info });
    expect(
      (await h.call(INVOICE_CALLS.redFlush.path, tokens.finance, { id: applied.data.id, reason: '未开票' }))
        .code,
    ).toBe(400);
    await issued(applied.data.id, 'FP-RED-1');
    expect((await apply(tokens.a, { noteIds: [note], infoId: info })).code).toBe(400);
    const flushed = await h.call(INVOICE_CALLS.redFlush.path, tokens.finance, {
      id: applied.data.id,
      reason: '开票有误',
    });
    expect(flushed.data).toMatchObject({
      invoiceState: 'red_flushed',
      redFlushReason: '开票有误',
      invoiceNo: 'FP-RED-1',
    });
    const again = await apply(tokens.a, { noteIds: [note], infoId: info });
    expect(again.data.amount).toBe('60.00');
    const history = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['from_value', 'to_value', 'comment'])
        .where('record_id', '=', applied.data.id)
        .orderBy('id')
        .execute(),
    );
    expect(history.at(-1)).toEqual({ from_value: 'issued', to_value: 'red_flushed', comment: '开票有误' });
  });

  it('is 403 for staff without the button and for customers, and filters the list', async () => {
    const info = await infoOf(tokens.a);
    const applied = await apply(tokens.a, { noteIds: [await paidNote('a', '5.00')], infoId: info });
    const id = applied.data.id;
    for (const token of [tokens.clerk, tokens.a]) {
      expect((await h.call(INVOICE_CALLS.reject.path, token, { id, reason: 'x' })).status).toBe(403);
      expect((await h.call(INVOICE_CALLS.redFlush.path, token, { id, reason: 'x' })).status).toBe(403);
      expect(
        (
          await h.call(INVOICE_CALLS.issue.path, token, {
            id,
            invoiceNo: 'X1',
            invoiceDate: '2026-11-27',
            fileId: 'a'.repeat(32),
          })
        ).status,
      ).toBe(403);
    }
    expect((await h.call(`${INVOICE_CALLS.page.path}?current=1&size=10`, tokens.clerk)).status).toBe(403);
    const staff = await h.call(
      `${INVOICE_CALLS.page.path}?current=1&size=5&invoiceState=applied&companyId=${companies.a}`,
      tokens.finance,
    );
    expect(staff.data.records.length).toBeLessThanOrEqual(5);
    expect(staff.data.records.every((r: { invoiceState: string }) => r.invoiceState === 'applied')).toBe(
      true,
    );
    const byNo = await h.call(
      `${INVOICE_CALLS.page.path}?current=1&size=10&invoiceNo=FP-0001`,
      tokens.finance,
    );
    expect(byNo.data.records.map((r: { invoiceNo: string }) => r.invoiceNo)).toEqual(['FP-0001']);
  });
});

describe('isolation', () => {
  it("keeps A's invoices, notes and information from company B and from another tenant", async () => {
    const info = await infoOf(tokens.a);
    const note = await paidNote('a', '33.00');
    const applied = await apply(tokens.a, { noteIds: [note], infoId: info });
    const id = applied.data.id;
    const infoB = await infoOf(tokens.b);
    const infoU = await infoOf(tokens.u);
    const note2 = await paidNote('a', '7.00');
    for (const [token, ownInfo] of [
      [tokens.b, infoB],
      [tokens.u, infoU],
    ]) {
      expect((await h.call(`${INVOICE_CALLS.detail.path}?id=${id}`, token)).code).toBe(404);
      const page = await h.call(`${INVOICE_CALLS.page.path}?current=1&size=100`, token);
      expect(page.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
      // A's note with their own information, or A's information with nothing of theirs: 404, nothing written.
      const before = await counts();
      expect((await apply(token, { noteIds: [note2], infoId: ownInfo })).code).toBe(404);
      expect((await apply(token, { noteIds: [note2], infoId: info })).code).toBe(404);
      expect(await counts()).toEqual(before);
      const offered = await h.call(`${INVOICE_CALLS.invoiceableNotes.path}?current=1&size=100`, token);
      expect(offered.data.records.map((r: { noteId: string }) => r.noteId)).not.toContain(note2);
    }
    expect((await h.call(`${INVOICE_CALLS.page.path}?current=1&size=100`, tokens.uFinance)).data.total).toBe(
      0,
    );
    expect((await h.call(INVOICE_CALLS.reject.path, tokens.uFinance, { id, reason: 'x' })).code).toBe(404);
    const files = await h.call(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: INVOICE_FUNCTION, dataId: id })}`,
      tokens.b,
    );
    expect(files.code).toBe(404);
  });
});
