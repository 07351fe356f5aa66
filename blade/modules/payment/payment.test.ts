import { sql } from 'kysely';
import { PAYMENT_CALLS } from '../../../lib/contracts/payment/payment';
import { zhText } from '../../core/refusal-keys';
import { withTenant } from '../../db/tenant';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addApplication, uploadInto } from '../application/apply.test-helpers';
import { ensureFinanceRole } from './finance-role';
import {
  paymentParties,
  saveVoucher,
  slipNode,
  uploadSlip,
  withIssueAfterPayment,
} from './payment.test-helpers';

// Payment notes and vouchers through the real calls: issue (lines add up, the noticeFee step), vouchers within the
// remainder, partial and full payment, rejection, cancellation, concurrent confirmations, isolation between companies
// and tenants (notes, vouchers, files), and the certificate held back while unpaid when the tenant says so.

let h: Harness;
const T = '330001';
const U = '330002';
let tokens: Record<string, string>;
let companies: Record<string, string>;
let users: Record<string, string>;

const application = (tenant: string, companyId: string, state: string) =>
  addApplication(h.blade.db, tenant, { company_id: companyId, flow_state: state });

type Lines = { item: string; amount: string | number }[];
const issueAs = (token: string, applicationId: string, lines: Lines, total: string) =>
  h.call(PAYMENT_CALLS.issue.path, token, { applicationId, lines, totalAmount: total });
const issue = (applicationId: string, lines: Lines, total: string) =>
  issueAs(tokens.finance, applicationId, lines, total);

const flowStateOf = async (applicationId: string) =>
  (
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('business_application')
        .select('flow_state')
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow(),
    )
  ).flow_state;

const detail = (token: string, id: string) => h.call(`${PAYMENT_CALLS.detail.path}?id=${id}`, token);

const slip = (token: string, noteId: string) => uploadSlip(h, token, noteId);

const voucher = (token: string, noteId: string, amount: string, fileId?: string) =>
  saveVoucher(h, token, noteId, amount, fileId);

async function counts(noteId: string) {
  return withTenant(h.blade.db, T, async (trx) => {
    const v = await trx
      .selectFrom('business_payment_voucher')
      .select(sql<string>`count(*)`.as('n'))
      .where('note_id', '=', noteId)
      .executeTakeFirstOrThrow();
    const n = await trx
      .selectFrom('business_payment_note')
      .select(['paid_amount', 'note_state'])
      .where('id', '=', noteId)
      .executeTakeFirstOrThrow();
    return { vouchers: Number(v.n), paid: n.paid_amount, state: n.note_state };
  });
}

async function messagesOf(userId: string, tenant = T) {
  return withTenant(h.blade.db, tenant, (trx) =>
    trx.selectFrom('blade_message').select(['title', 'content']).where('user_id', '=', userId).execute(),
  );
}

harnessPerFile(async (made) => {
  h = made;
  const parties = await paymentParties(h, T, U, 'pay');
  ({ tokens, companies, users } = parties);
  // Each tenant's 财务 role was made there; a second run keeps it.
  expect(parties.financeRoleMade).toEqual([true, true]);
  for (const tenant of [T, U])
    expect(await withTenant(h.blade.db, tenant, (trx) => ensureFinanceRole(trx, tenant, null))).toBe(false);
}, SETUP_TIMEOUT * 2);

describe('issuing a note', () => {
  it('issues lines that add up to the total, takes the noticeFee step and tells the customer', async () => {
    const appId = await application(T, companies.a, 'accepted');
    const res = await issue(
      appId,
      [
        { item: '申请费', amount: '500' },
        { item: '检测费', amount: '12000.10' },
        { item: '证书费', amount: 0.2 },
      ],
      '12500.30',
    );
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      applicationId: appId,
      totalAmount: '12500.30',
      paidAmount: '0.00',
      unpaidAmount: '12500.30',
      noteState: 'issued',
      companyId: companies.a,
    });
    expect(res.data.noteNo).toMatch(/^JF\d{4}\d{6}$/);
    expect(res.data.lines.map((l: { item: string; amount: string }) => [l.item, l.amount])).toEqual([
      ['申请费', '500.00'],
      ['检测费', '12000.10'],
      ['证书费', '0.20'],
    ]);
    expect(await flowStateOf(appId)).toBe('fee_noticed');
    const history = await withTenant(h.blade.db, T, (trx) =>
      trx.selectFrom('blade_status_history').select('action').where('record_id', '=', appId).execute(),
    );
    expect(history.map((r) => r.action)).toEqual(['noticeFee']);
    // The finance screen names the application by its number.
    const byNo = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      applicationNo: res.data.applicationNo,
      lines: [{ item: '差旅费', amount: '800' }],
      totalAmount: '800.00',
    });
    expect(byNo.data).toMatchObject({ applicationId: appId, totalAmount: '800.00' });
    expect(byNo.data.noteNo).not.toBe(res.data.noteNo);
    expect((await messagesOf(users.a)).map((m) => m.title)).toContain(
      zhText('payment.message.issued.title', { noteNo: res.data.noteNo }),
    );
  });

  it('refuses a total that is not the sum of the lines, writing nothing', async () => {
    const appId = await application(T, companies.a, 'accepted');
    const res = await issue(
      appId,
      [
        { item: '检测费', amount: '0.1' },
        { item: '证书费', amount: '0.2' },
      ],
      '0.31',
    );
    expect(res).toMatchObject({ code: 400, msg: zhText('payment.error.totalMismatch', { sum: '0.30' }) });
    const notes = await withTenant(h.blade.db, T, (trx) =>
      trx.selectFrom('business_payment_note').select('id').where('application_id', '=', appId).execute(),
    );
    expect(notes).toHaveLength(0);
    expect(await flowStateOf(appId)).toBe('accepted');
  });

  it('refuses bad input and the wrong callers', async () => {
    const appId = await application(T, companies.a, 'testing');
    for (const lines of [
      [],
      [{ item: '', amount: '1' }],
      [{ item: '检测费', amount: '1.001' }],
      [{ item: '检测费', amount: '-1' }],
    ])
      expect((await issue(appId, lines, '1.00')).code).toBe(400);
    expect(
      (await issue(await application(T, companies.a, 'submitted'), [{ item: '费', amount: '1' }], '1')).code,
    ).toBe(400);
    // A customer and a clerk without the button are refused; another tenant's finance does not see the application.
    const oneFee = (token: string) => issueAs(token, appId, [{ item: '费', amount: '1' }], '1');
    expect((await oneFee(tokens.a)).status).toBe(403);
    expect((await oneFee(tokens.clerk)).status).toBe(403);
    expect((await oneFee(tokens.uFinance)).code).toBe(404);
  });
});

async function note(total: string, companyKey = 'a'): Promise<string> {
  const appId = await application(T, companies[companyKey], 'testing');
  const res = await issue(appId, [{ item: '检测费', amount: total }], total);
  expect(res.code).toBe(200);
  return res.data.id;
}

describe('vouchers', () => {
  it('refuses a voucher over the unpaid remainder and writes nothing', async () => {
    const id = await note('1000.00');
    const fileId = await slip(tokens.a, id);
    const res = await voucher(tokens.a, id, '1000.01', fileId);
    expect(res).toMatchObject({
      code: 400,
      msg: zhText('payment.error.overRemainder', { remainder: '1000.00' }),
    });
    expect(await counts(id)).toEqual({ vouchers: 0, paid: '0.00', state: 'issued' });
  });

  it('goes partly paid, then paid, and messages the customer on each confirmation', async () => {
    const id = await note('1000.00');
    const first = await voucher(tokens.a, id, '400.50');
    expect(first.code).toBe(200);
    expect(first.data.vouchers).toHaveLength(1);
    expect(first.data.vouchers[0]).toMatchObject({
      amount: '400.50',
      voucherState: 'submitted',
      fileName: '资料.png',
    });
    const c1 = await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, {
      id: first.data.vouchers[0].id,
    });
    expect(c1.data).toMatchObject({ noteState: 'partly_paid', paidAmount: '400.50', unpaidAmount: '599.50' });
    // The remainder is now 599.50.
    expect((await voucher(tokens.a, id, '599.51')).code).toBe(400);
    const second = await voucher(tokens.a, id, '599.50');
    const c2 = await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, {
      id: second.data.vouchers[1].id,
    });
    expect(c2.data).toMatchObject({ noteState: 'paid', paidAmount: '1000.00', unpaidAmount: '0.00' });
    // A paid note takes no more slips nor vouchers, and a confirmed voucher is not confirmed again.
    expect(
      (
        await uploadInto(h, tokens.a, {
          functionCode: 'payment_note',
          dataId: id,
          fileCatalogId: await slipNode(h, tokens.a, id),
        })
      ).code,
    ).toBe(403);
    expect(await voucher(tokens.a, id, '0.01', first.data.vouchers[0].fileId)).toMatchObject({
      code: 400,
      msg: zhText('payment.error.noteClosed'),
    });
    expect(
      (await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, { id: second.data.vouchers[1].id }))
        .code,
    ).toBe(400);
    const titles = (await messagesOf(users.a)).map((m) => m.title);
    expect(
      titles.filter((t) => t === zhText('payment.message.confirmed.title', { noteNo: c2.data.noteNo })),
    ).toHaveLength(2);
  });

  it('rejects with a reason (required), leaving the amounts', async () => {
    const id = await note('300.00');
    const v = await voucher(tokens.a, id, '300');
    const voucherId = v.data.vouchers[0].id;
    expect(
      (await h.call(PAYMENT_CALLS.rejectVoucher.path, tokens.finance, { id: voucherId, reason: '  ' })).code,
    ).toBe(400);
    const res = await h.call(PAYMENT_CALLS.rejectVoucher.path, tokens.finance, {
      id: voucherId,
      reason: '回单金额与到账不符',
    });
    expect(res.data).toMatchObject({ noteState: 'issued', paidAmount: '0.00' });
    expect(res.data.vouchers[0]).toMatchObject({
      voucherState: 'rejected',
      rejectReason: '回单金额与到账不符',
    });
    const contents = (await messagesOf(users.a)).map((m) => m.content);
    expect(contents.some((c) => c.includes('回单金额与到账不符'))).toBe(true);
    // The customer cannot check vouchers.
    expect((await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.a, { id: voucherId })).status).toBe(403);
  });

  it('refuses a slip that is not a file of this note', async () => {
    const id = await note('50.00');
    const other = await note('60.00');
    const theirs = await slip(tokens.a, other);
    expect(await voucher(tokens.a, id, '10', theirs)).toMatchObject({
      code: 400,
      msg: zhText('payment.error.fileNotInNote'),
    });
    expect((await voucher(tokens.a, id, '10', 'f'.repeat(31))).code).toBe(400);
  });

  it('never overpays under concurrent confirmations', async () => {
    const id = await note('100.00');
    const a = await voucher(tokens.a, id, '60.00');
    const b = await voucher(tokens.a, id, '60.00');
    expect(b.code).toBe(200);
    const ids = b.data.vouchers.map((v: { id: string }) => v.id);
    expect(ids).toHaveLength(2);
    expect(a.code).toBe(200);
    const results = await Promise.all(
      ids.map((vid: string) => h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, { id: vid })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.code === 400)!.msg).toBe(
      zhText('payment.error.overRemainder', { remainder: '40.00' }),
    );
    expect(await counts(id)).toMatchObject({ paid: '60.00', state: 'partly_paid' });
  });
});

describe('cancelling', () => {
  it('cancels an unpaid note and refuses once something is paid', async () => {
    const open = await note('80.00');
    const waiting = await voucher(tokens.a, open, '80');
    const res = await h.call(PAYMENT_CALLS.cancel.path, tokens.finance, { id: open, reason: '重复开具' });
    expect(res.data).toMatchObject({
      noteState: 'cancelled',
      cancelReason: '重复开具',
      unpaidAmount: '0.00',
    });
    expect(res.data.vouchers[0].voucherState).toBe('rejected');
    expect(waiting.code).toBe(200);
    expect((await voucher(tokens.a, open, '1', waiting.data.vouchers[0].fileId)).code).toBe(400);

    const paid = await note('80.00');
    const v = await voucher(tokens.a, paid, '10');
    await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, { id: v.data.vouchers[0].id });
    const refused = await h.call(PAYMENT_CALLS.cancel.path, tokens.finance, { id: paid });
    expect(refused).toMatchObject({ code: 400, msg: zhText('payment.error.cancelPaid') });
    expect(await counts(paid)).toMatchObject({ state: 'partly_paid', paid: '10.00' });
  });
});

describe('isolation', () => {
  it("keeps A's notes, vouchers and files from company B and from another tenant", async () => {
    const id = await note('70.00');
    const v = await voucher(tokens.a, id, '70');
    const fileId = v.data.vouchers[0].fileId;
    expect((await detail(tokens.a, id)).code).toBe(200);
    for (const token of [tokens.b, tokens.u, tokens.uFinance]) {
      expect((await detail(token, id)).code).toBe(404);
      // A customer of another company or tenant finds no note; staff do not save vouchers at all.
      expect((await voucher(token, id, '1', fileId)).code).toBe(token === tokens.uFinance ? 403 : 404);
      const files = await h.call(
        `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: 'payment_note', dataId: id })}`,
        token,
      );
      expect(files.code).toBe(404);
      const upload = await uploadInto(h, token, {
        functionCode: 'payment_note',
        dataId: id,
        fileCatalogId: '1',
      });
      expect(upload.code).toBe(404);
    }
    expect(
      (await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.uFinance, { id: v.data.vouchers[0].id })).code,
    ).toBe(404);
    const pageB = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100`, tokens.b);
    expect(pageB.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
    const pageA = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100&noteState=issued`, tokens.a);
    expect(pageA.data.records.map((r: { id: string }) => r.id)).toContain(id);
    expect(
      pageA.data.records.every(
        (r: { companyId: string; noteState: string }) =>
          r.companyId === companies.a && r.noteState === 'issued',
      ),
    ).toBe(true);
    const staff = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100`, tokens.finance);
    expect(staff.data.total).toBeGreaterThan(pageA.data.total - 1);
    expect((await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100`, tokens.uFinance)).data.total).toBe(
      0,
    );
    // A staff user without the finance page reads nothing.
    expect((await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=10`, tokens.clerk)).status).toBe(403);
    expect((await h.call(`${PAYMENT_CALLS.page.path}?noteState=paidish`, tokens.a)).code).toBe(400);
  });
});

describe('overdue notes', () => {
  it('lists, for overdue=1, the notes still owed whose due date has passed, to finance and to their customer', async () => {
    const issueDue = async (dueDate: string) => {
      const res = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
        applicationId: await application(T, companies.b, 'accepted'),
        lines: [{ item: '检测费', amount: '800' }],
        totalAmount: '800.00',
        dueDate,
      });
      expect(res.code).toBe(200);
      return res.data.id as string;
    };
    const late = await issueDue('2020-01-01');
    const notYet = await issueDue('2099-12-31');
    const cancelled = await issueDue('2020-01-02');
    expect(
      (await h.call(PAYMENT_CALLS.cancel.path, tokens.finance, { id: cancelled, reason: '重复开具' })).code,
    ).toBe(200);
    const today = String(
      (await sql<{ d: string }>`select current_date::text as d`.execute(h.blade.db)).rows[0].d,
    );
    for (const token of [tokens.finance, tokens.b]) {
      const res = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100&overdue=1`, token);
      expect(res.code).toBe(200);
      const ids = res.data.records.map((r: { id: string }) => r.id);
      expect(ids).toContain(late);
      expect(ids).not.toContain(notYet);
      expect(ids).not.toContain(cancelled);
      for (const r of res.data.records as { noteState: string; dueDate: string; overdue: boolean }[]) {
        expect(['issued', 'partly_paid']).toContain(r.noteState);
        expect(r.dueDate < today).toBe(true);
        expect(r.overdue).toBe(true);
      }
      // overdue=0 and an absent filter are the whole list.
      const all = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100&overdue=0`, token);
      expect(all.data.records.map((r: { id: string }) => r.id)).toEqual(
        expect.arrayContaining([late, notYet, cancelled]),
      );
      // Each note says whether it is overdue, by the same rule as the filter.
      const overdueOf = (id: string) => all.data.records.find((r: { id: string }) => r.id === id).overdue;
      expect([overdueOf(late), overdueOf(notYet), overdueOf(cancelled)]).toEqual([true, false, false]);
    }
    // Another company's customer does not see the late note.
    const a = await h.call(`${PAYMENT_CALLS.page.path}?current=1&size=100&overdue=1`, tokens.a);
    expect(a.data.records.map((r: { id: string }) => r.id)).not.toContain(late);
    const bad = await h.call(`${PAYMENT_CALLS.page.path}?overdue=yes`, tokens.finance);
    expect(bad).toMatchObject({ code: 400, msg: 'overdue:逾期筛选只能为0或1' });
  });
});

describe('certificates after payment', () => {
  it('refuses the issue step while a note is unpaid when the parameter is on', async () => {
    await withIssueAfterPayment(h, 'true', async () => {
      const appId = await application(T, companies.a, 'decision');
      const res = await issue(appId, [{ item: '证书费', amount: '200' }], '200');
      const transit = () =>
        h.call('/blade-customer/applicationFlow/transit', tokens.decider, { id: appId, action: 'issue' });
      const refused = await transit();
      expect(refused).toMatchObject({
        code: 400,
        msg: zhText('payment.error.unpaidNotes', { notes: res.data.noteNo }),
      });
      const v = await voucher(tokens.a, res.data.id, '200');
      await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, { id: v.data.vouchers[0].id });
      const issued = await transit();
      expect(issued.code).toBe(200);
      expect(issued.data.flowState).toBe('issued');
    });
  });
});
