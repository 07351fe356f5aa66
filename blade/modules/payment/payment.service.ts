import { sql, type Selectable, type SqlBool } from 'kysely';
import { APPLICATION_CODES, WORK_STATES } from '../../../lib/contracts/application/machine';
import { fromCents, sumAmounts, toCents } from '../../../lib/contracts/payment/money';
import {
  PAYMENT_FUNCTION,
  type NoteState,
  type NoteSubject,
  type PaymentNoteDetailVO,
  type PaymentNoteVO,
  type PaymentVoucherVO,
  type VoucherState,
} from '../../../lib/contracts/payment/payment';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import type { PaymentNoteTable, PaymentVoucherTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { lockVisibleRow } from '../../core/lock';
import { visibleApplications } from '../application/apply.repository';
import { nextYearlyNumber } from '../application/numbering';
import { applyTransition } from '../application/transition';
import { ensureRecordArchives, type DefaultFunction } from '../business/archives';
import { saleForNote, saleNoteCancelled, saleNoteIssued, saleNotePaid } from '../card-sale/card-sale.service';
import { paramValue, tellCompanyUsers } from '../customer/customer.repository';
import { fileOfRecord } from '../files/file.repository';

/**
 * Payment notes and vouchers (README.md beside this file). Every write runs in the caller's tenant transaction and
 * locks the note (FOR UPDATE) before it reads amounts, so two writers of one note queue and the second reads what the
 * first wrote: concurrent confirmations never pay a note beyond its total. Amounts are exact (integer cents).
 */

type NoteRow = Selectable<PaymentNoteTable>;
type VoucherRow = Selectable<PaymentVoucherTable>;

/** blade_param that makes an application's certificate wait for its notes to be paid. */
export const PARAM_ISSUE_AFTER_PAYMENT = 'application.issueAfterPayment';

/** The archive of a note: one folder for the bank slips (the voucher's file is uploaded here first). */
export const PAYMENT_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: PAYMENT_FUNCTION,
    functionName: '缴费通知单',
    usePosition: '认证申请 → 我的缴费通知单 → 缴费凭证',
    root: {
      name: '缴费资料',
      code: 'payment_note',
      canUpload: 0,
      children: [{ name: '银行回单', code: 'payment_bank_slip', remark: '汇款或转账的银行回单' }],
    },
  },
];

/** Applications a note may be issued for: those being worked on (fees are noticed while the work runs). */
const BILLABLE_STATES: readonly string[] = WORK_STATES;

const idText = (v: string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The notes a caller sees: a customer its company's, staff every note of the tenant (the page code is checked). */
export function visibleNotes(trx: Trx, auth: AuthUser, companyId: string | null) {
  let q = trx
    .selectFrom('business_payment_note as n')
    .leftJoin('business_application as a', 'a.id', 'n.application_id')
    .leftJoin('blade_customer_company as c', 'c.id', 'n.company_id')
    .leftJoin('business_ccc_card_sale as s', (j) =>
      j.onRef('s.id', '=', 'n.card_sale_id').on('s.tenant_id', '=', auth.tenantId),
    )
    .leftJoin('business_application_batch as b', (j) =>
      j.onRef('b.id', '=', 'n.batch_id').on('b.tenant_id', '=', auth.tenantId),
    )
    .leftJoin('business_cert_change as g', (j) =>
      j.onRef('g.id', '=', 'n.cert_change_id').on('g.tenant_id', '=', auth.tenantId),
    )
    .where('n.tenant_id', '=', auth.tenantId)
    .where('n.is_deleted', '=', 0);
  if (companyId !== null) q = q.where('n.company_id', '=', companyId);
  return q;
}

export type NoteListRow = NoteRow & {
  application_no: string | null;
  product_name: string | null;
  company_name: string | null;
  card_sale_no: string | null;
  batch_number: string | null;
  change_no: string | null;
  overdue: boolean;
};

export function presentNote(row: NoteListRow): PaymentNoteVO {
  const unpaid = (toCents(row.total_amount) ?? 0n) - (toCents(row.paid_amount) ?? 0n);
  return {
    id: String(row.id),
    noteNo: row.note_no,
    subjectKind: (row.subject_kind ?? 'application') as NoteSubject,
    applicationId: idText(row.application_id),
    applicationNo: row.application_no ?? '',
    cardSaleId: idText(row.card_sale_id),
    orderNo: row.card_sale_no ?? '',
    batchId: idText(row.batch_id),
    batchNumber: row.batch_number ?? '',
    certChangeId: idText(row.cert_change_id),
    changeNo: row.change_no ?? '',
    productName: row.product_name ?? '',
    companyId: idText(row.company_id),
    companyName: row.company_name ?? '',
    totalAmount: row.total_amount,
    paidAmount: row.paid_amount,
    unpaidAmount: row.note_state === 'cancelled' ? '0.00' : fromCents(unpaid),
    noteState: row.note_state as NoteState,
    dueDate: row.due_date ?? '',
    overdue: row.overdue === true,
    payeeInfo: row.payee_info,
    remark: row.remark,
    issuedBy: idText(row.issued_by),
    cancelReason: row.cancel_reason,
    createTime: formatDateTime(row.create_time),
  };
}

function presentVoucher(row: VoucherRow & { file_name?: string | null }): PaymentVoucherVO {
  return {
    id: String(row.id),
    noteId: String(row.note_id),
    amount: row.amount,
    payDate: row.pay_date,
    payerName: row.payer_name,
    fileId: row.file_id,
    fileName: row.file_name ?? '',
    voucherState: row.voucher_state as VoucherState,
    remark: row.remark,
    rejectReason: row.reject_reason,
    checkedBy: idText(row.checked_by),
    checkedAt: row.checked_at ? formatDateTime(row.checked_at) : '',
    createTime: formatDateTime(row.create_time),
  };
}

/**
 * Still owed (issued or partly paid) and past its due date, by the database's calendar day: what a note answers as
 * `overdue` and what the list's `overdue=1` selects, one expression for both.
 */
export const OVERDUE_NOTE = sql<SqlBool>`n.note_state in ('issued', 'partly_paid') and n.due_date < current_date`;

/** The joined columns of a note's answer (the list and the detail). */
export const noteColumns = [
  OVERDUE_NOTE.as('overdue'),
  'a.application_no',
  'a.product_name',
  'c.company_name',
  's.order_no as card_sale_no',
  'b.batch_number',
  'g.change_no',
] as const;

/** One note with its lines and vouchers, or 404 when the caller does not see it. */
export async function noteDetail(
  trx: Trx,
  auth: AuthUser,
  companyId: string | null,
  id: string,
): Promise<PaymentNoteDetailVO> {
  const row = await visibleNotes(trx, auth, companyId)
    .selectAll('n')
    .select([...noteColumns])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const lines = await trx
    .selectFrom('business_payment_note_line')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('note_id', '=', id)
    .where('is_deleted', '=', 0)
    .orderBy('line_no')
    .execute();
  const vouchers = await trx
    .selectFrom('business_payment_voucher as v')
    .leftJoin('blade_file as f', (j) =>
      j.onRef('f.id', '=', 'v.file_id').on('f.tenant_id', '=', auth.tenantId),
    )
    .selectAll('v')
    .select('f.original_filename as file_name')
    .where('v.tenant_id', '=', auth.tenantId)
    .where('v.note_id', '=', id)
    .where('v.is_deleted', '=', 0)
    .orderBy('v.id')
    .execute();
  return {
    ...presentNote(row as NoteListRow),
    lines: lines.map((l) => ({ id: String(l.id), lineNo: l.line_no, item: l.item, amount: l.amount })),
    vouchers: vouchers.map(presentVoucher),
  };
}

/** Locks a visible payment note for a write; 404 when the caller does not see it. */
const lockNote = (trx: Trx, auth: AuthUser, companyId: string | null, id: string) =>
  lockVisibleRow(trx, 'business_payment_note', auth.tenantId, id, companyId);

async function tellCustomer(
  trx: Trx,
  auth: AuthUser,
  note: NoteRow,
  event: 'issued' | 'confirmed' | 'rejected' | 'cancelled',
  values: Record<string, string>,
): Promise<void> {
  await tellCompanyUsers(trx, auth, note.company_id, 'payment', event, {
    noteNo: note.note_no,
    total: note.total_amount,
    ...values,
  });
}

export interface IssueInput {
  applicationId?: string;
  applicationNo?: string;
  /** A reviewed CCC mark order instead of an application: the note's lines and total are the order's. */
  cardSaleId?: string;
  /** Or an application batch (id or number): one note for its billable applications. */
  batchId?: string;
  batchNumber?: string;
  /** Or a certificate change (id or number), accepted and not yet decided. */
  certChangeId?: string;
  changeNo?: string;
  lines?: { item: string; amount: string }[];
  totalAmount?: string;
  dueDate?: string;
  payeeInfo?: string;
  remark?: string;
}

/** The subject of a new note: its columns, the lines it bills and what to do once the note row exists. */
interface NoteSubjectPlan {
  columns: {
    subject_kind: NoteSubject;
    application_id: string | null;
    card_sale_id: string | null;
    batch_id: string | null;
    cert_change_id: string | null;
  };
  companyId: string | null;
  lines: { item: string; amount: string }[];
  total: string;
  afterInsert: (noteId: string, noteNo: string) => Promise<void>;
}

const NO_SUBJECT = { application_id: null, card_sale_id: null, batch_id: null, cert_change_id: null };

/** The issuer's itemised lines, whose exact sum must be the total the issuer saw. */
function checkedLines(input: IssueInput): { lines: { item: string; amount: string }[]; sum: string } {
  const lines = input.lines ?? [];
  const sum = sumAmounts(lines.map((l) => l.amount));
  if (sum === null || sum !== input.totalAmount)
    throw new KeyedError('payment.error.totalMismatch', { sum: sum ?? '' });
  return { lines, sum };
}

/**
 * The plan of a subject the issuer itemises (checkedLines: an application, a batch, a certificate change): the note
 * names it by one column, bills the issuer's lines and has nothing more to do once it exists.
 */
function itemisedPlan(
  subject: Partial<NoteSubjectPlan['columns']> & Pick<NoteSubjectPlan['columns'], 'subject_kind'>,
  companyId: string | null,
  { lines, sum }: ReturnType<typeof checkedLines>,
): NoteSubjectPlan {
  return {
    columns: { ...NO_SUBJECT, ...subject },
    companyId,
    lines,
    total: sum,
    afterInsert: async () => undefined,
  };
}

/** The clerk's `noticeFee` step of an application still `accepted`: the note is its fee notice (README.md). */
async function noticeFee(trx: Trx, auth: AuthUser, holds: (code: string) => boolean, applicationId: string) {
  await applyTransition(
    trx,
    { auth, companyId: null, holds: (code) => code === APPLICATION_CODES.accept || holds(code) },
    { id: applicationId, name: 'noticeFee' },
  );
}

/**
 * An application the staff caller sees, billable now. The total must be the exact sum of the lines. An application
 * still `accepted` takes its `noticeFee` step (applyTransition) in the same transaction: the note is the fee notice,
 * so `payment_note_issue` stands for the clerk's step code here (README.md).
 */
async function applicationSubject(
  trx: Trx,
  auth: AuthUser,
  holds: (code: string) => boolean,
  input: IssueInput,
): Promise<NoteSubjectPlan> {
  const checked = checkedLines(input);
  const visible = (await visibleApplications(trx, auth, null)).select([
    'a.id',
    'a.flow_state',
    'a.company_id',
  ]);
  const app = await (
    input.applicationId
      ? visible.where('a.id', '=', input.applicationId)
      : visible.where('a.application_no', '=', input.applicationNo ?? '')
  ).executeTakeFirst();
  if (!app) throw new NotFoundError();
  if (!BILLABLE_STATES.includes(app.flow_state))
    throw new KeyedError('payment.error.applicationState', {
      state: zhText(`application.flow.state.${app.flow_state}`),
    });
  if (app.flow_state === 'accepted') await noticeFee(trx, auth, holds, app.id);
  return itemisedPlan({ subject_kind: 'application', application_id: app.id }, app.company_id, checked);
}

/**
 * An application batch (locked): one note for the batch's applications the caller sees that are billable now — at
 * least one; each one still `accepted` takes its noticeFee step in the note's transaction. Applications of the batch
 * in other states (a draft, a returned or finished one) are not billed by it.
 */
async function batchSubject(
  trx: Trx,
  auth: AuthUser,
  holds: (code: string) => boolean,
  input: IssueInput,
): Promise<NoteSubjectPlan> {
  const checked = checkedLines(input);
  const byKey = trx
    .selectFrom('business_application_batch')
    .select(['id', 'batch_number', 'company_id'])
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0);
  const batch = await (
    input.batchId
      ? byKey.where('id', '=', input.batchId)
      : byKey.where('batch_number', '=', input.batchNumber ?? '')
  )
    .forUpdate()
    .executeTakeFirst();
  if (!batch) throw new NotFoundError();
  const applications = await (
    await visibleApplications(trx, auth, null)
  )
    .select(['a.id', 'a.flow_state', 'a.company_id'])
    .where('a.batch_id', '=', batch.id)
    .orderBy('a.id')
    .execute();
  if (!applications.length) throw new NotFoundError();
  const billable = applications.filter((a) => BILLABLE_STATES.includes(a.flow_state));
  if (!billable.length)
    throw new KeyedError('payment.error.batchNothingBillable', { batch: batch.batch_number });
  for (const app of billable) if (app.flow_state === 'accepted') await noticeFee(trx, auth, holds, app.id);
  return itemisedPlan(
    { subject_kind: 'batch', batch_id: String(batch.id) },
    batch.company_id === null ? billable[0].company_id : String(batch.company_id),
    checked,
  );
}

/** States of a certificate change a note may bill: accepted, until it is decided (DOMAIN §3: the fee notice). */
const BILLABLE_CHANGE_STATES = ['accepted', 'evaluation'];

/** A certificate change of the tenant (locked), accepted and not yet decided: its change fee. */
async function certChangeSubject(trx: Trx, auth: AuthUser, input: IssueInput): Promise<NoteSubjectPlan> {
  const checked = checkedLines(input);
  const byKey = trx
    .selectFrom('business_cert_change')
    .select(['id', 'change_no', 'change_state', 'company_id'])
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0);
  const change = await (
    input.certChangeId
      ? byKey.where('id', '=', input.certChangeId)
      : byKey.where('change_no', '=', input.changeNo ?? '')
  )
    .forUpdate()
    .executeTakeFirst();
  if (!change) throw new NotFoundError();
  if (!BILLABLE_CHANGE_STATES.includes(change.change_state))
    throw new KeyedError('payment.error.changeState', {
      state: zhText(`certChange.state.${change.change_state}`),
    });
  return itemisedPlan(
    { subject_kind: 'cert_change', cert_change_id: String(change.id) },
    String(change.company_id),
    checked,
  );
}

/**
 * A reviewed mark order (modules/card-sale): locked, its lines and total become the note's; a total the issuer sent
 * must be the order's. Once the note exists the order awaits payment (same transaction, history row, message).
 */
async function cardSaleSubject(
  trx: Trx,
  auth: AuthUser,
  cardSaleId: string,
  sentTotal: string | undefined,
): Promise<NoteSubjectPlan> {
  const { sale, lines } = await saleForNote(trx, auth, cardSaleId);
  if (sentTotal !== undefined && sentTotal !== sale.total_amount)
    throw new KeyedError('payment.error.totalMismatch', { sum: sale.total_amount });
  return {
    columns: { ...NO_SUBJECT, subject_kind: 'card_sale', card_sale_id: String(sale.id) },
    companyId: String(sale.company_id),
    lines,
    total: sale.total_amount,
    afterInsert: (noteId, noteNo) => saleNoteIssued(trx, auth, sale, noteId, noteNo),
  };
}

/** Issues a note for an application, a batch, a certificate change or a mark order the staff caller sees (README.md). */
export async function issueNote(
  trx: Trx,
  auth: AuthUser,
  holds: (code: string) => boolean,
  input: IssueInput,
): Promise<PaymentNoteDetailVO> {
  const subject = input.cardSaleId
    ? await cardSaleSubject(trx, auth, input.cardSaleId, input.totalAmount)
    : input.batchId || input.batchNumber
      ? await batchSubject(trx, auth, holds, input)
      : input.certChangeId || input.changeNo
        ? await certChangeSubject(trx, auth, input)
        : await applicationSubject(trx, auth, holds, input);
  await ensureRecordArchives(trx, auth.tenantId, PAYMENT_ARCHIVES);
  const noteNo = await nextYearlyNumber(trx, auth.tenantId, 'payment_note', 'JF');
  const id = nextId();
  const note = await trx
    .insertInto('business_payment_note')
    .values({
      id,
      tenant_id: auth.tenantId,
      note_no: noteNo,
      ...subject.columns,
      company_id: subject.companyId,
      total_amount: subject.total,
      due_date: input.dueDate ?? null,
      payee_info: input.payeeInfo ?? '',
      remark: input.remark ?? '',
      issued_by: auth.userId,
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('business_payment_note_line')
    .values(
      subject.lines.map((line, i) => ({
        id: nextId(),
        tenant_id: auth.tenantId,
        note_id: id,
        line_no: i + 1,
        item: line.item,
        amount: line.amount,
        create_user: auth.userId,
      })),
    )
    .execute();
  await subject.afterInsert(id, note.note_no);
  await tellCustomer(trx, auth, note, 'issued', {});
  return noteDetail(trx, auth, null, id);
}

export interface VoucherInput {
  noteId: string;
  amount: string;
  payDate: string;
  payerName: string;
  fileId: string;
  remark?: string;
}

/** The unpaid remainder of a locked note (total − confirmed), in cents. */
const remainderOf = (note: NoteRow) => (toCents(note.total_amount) ?? 0n) - (toCents(note.paid_amount) ?? 0n);

/**
 * A customer's voucher against its company's note: the note open (issued or partly paid), the amount within the
 * unpaid remainder, the slip a file of this note's archive. Refusals write nothing.
 */
export async function saveVoucher(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  input: VoucherInput,
): Promise<PaymentNoteDetailVO> {
  const note = await lockNote(trx, auth, companyId, input.noteId);
  if (note.note_state !== 'issued' && note.note_state !== 'partly_paid')
    throw new KeyedError('payment.error.noteClosed');
  const remainder = remainderOf(note);
  if ((toCents(input.amount) ?? 0n) > remainder)
    throw new KeyedError('payment.error.overRemainder', { remainder: fromCents(remainder) });
  await fileOfRecord(
    trx,
    auth.tenantId,
    input.fileId,
    { functionCode: PAYMENT_FUNCTION, dataId: String(note.id) },
    'payment.error.fileNotInNote',
  );
  await trx
    .insertInto('business_payment_voucher')
    .values({
      id: nextId(),
      tenant_id: auth.tenantId,
      note_id: note.id,
      company_id: note.company_id,
      amount: input.amount,
      pay_date: input.payDate,
      payer_name: input.payerName,
      file_id: input.fileId,
      remark: input.remark ?? '',
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .execute();
  return noteDetail(trx, auth, companyId, note.id);
}

/** Locks the note, then the voucher (always this order), for a staff check; the voucher must be waiting. */
async function lockVoucher(trx: Trx, auth: AuthUser, voucherId: string) {
  const found = await trx
    .selectFrom('business_payment_voucher')
    .select('note_id')
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', voucherId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw new NotFoundError();
  const note = await lockNote(trx, auth, null, found.note_id);
  const voucher = await trx
    .selectFrom('business_payment_voucher')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', voucherId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (voucher.voucher_state !== 'submitted') throw new KeyedError('payment.error.voucherChecked');
  return { note, voucher };
}

/** Finance confirms a voucher: the paid amount rises by it (never past the total), the state follows. */
export async function confirmVoucher(
  trx: Trx,
  auth: AuthUser,
  voucherId: string,
): Promise<PaymentNoteDetailVO> {
  const { note, voucher } = await lockVoucher(trx, auth, voucherId);
  if (note.note_state === 'cancelled' || note.note_state === 'paid')
    throw new KeyedError('payment.error.noteClosed');
  const remainder = remainderOf(note);
  const amount = toCents(voucher.amount) ?? 0n;
  if (amount > remainder)
    throw new KeyedError('payment.error.overRemainder', { remainder: fromCents(remainder) });
  const paid = fromCents((toCents(note.paid_amount) ?? 0n) + amount);
  const state: NoteState = amount === remainder ? 'paid' : 'partly_paid';
  await trx
    .updateTable('business_payment_voucher')
    .set({
      voucher_state: 'confirmed',
      checked_by: auth.userId,
      checked_at: sql`now()`,
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', voucher.id)
    .execute();
  const after = await trx
    .updateTable('business_payment_note')
    .set({ paid_amount: paid, note_state: state, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', note.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // A mark order's note paid in full: the order is paid in this transaction (modules/card-sale).
  if (state === 'paid' && after.card_sale_id)
    await saleNotePaid(trx, auth, after.card_sale_id, after.note_no);
  await tellCustomer(trx, auth, after, 'confirmed', { amount: voucher.amount, paid });
  return noteDetail(trx, auth, null, note.id);
}

/** Finance rejects a voucher with a reason; the note's amounts do not change. */
export async function rejectVoucher(
  trx: Trx,
  auth: AuthUser,
  voucherId: string,
  reason: string,
): Promise<PaymentNoteDetailVO> {
  const { note, voucher } = await lockVoucher(trx, auth, voucherId);
  await trx
    .updateTable('business_payment_voucher')
    .set({
      voucher_state: 'rejected',
      reject_reason: reason,
      checked_by: auth.userId,
      checked_at: sql`now()`,
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', voucher.id)
    .execute();
  await tellCustomer(trx, auth, note, 'rejected', { amount: voucher.amount, reason });
  return noteDetail(trx, auth, null, note.id);
}

/** Cancels a note while nothing is paid (no confirmed voucher); waiting vouchers are rejected with it. */
export async function cancelNote(
  trx: Trx,
  auth: AuthUser,
  id: string,
  reason: string,
): Promise<PaymentNoteDetailVO> {
  const note = await lockNote(trx, auth, null, id);
  if (note.note_state === 'cancelled') throw new KeyedError('payment.error.noteClosed');
  if (note.note_state !== 'issued' || (toCents(note.paid_amount) ?? 0n) > 0n)
    throw new KeyedError('payment.error.cancelPaid');
  const after = await trx
    .updateTable('business_payment_note')
    .set({
      note_state: 'cancelled',
      cancel_reason: reason,
      cancelled_at: sql`now()`,
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('business_payment_voucher')
    .set({
      voucher_state: 'rejected',
      reject_reason: zhText('payment.error.noteCancelled'),
      checked_by: auth.userId,
      checked_at: sql`now()`,
    })
    .where('tenant_id', '=', auth.tenantId)
    .where('note_id', '=', id)
    .where('voucher_state', '=', 'submitted')
    .execute();
  if (after.card_sale_id) await saleNoteCancelled(trx, auth, after.card_sale_id, after.note_no);
  await tellCustomer(trx, auth, after, 'cancelled', { reason });
  return noteDetail(trx, auth, null, id);
}

/** Whether the parameter holds for the tenant: `true` or `*` for every tenant, or a comma list of tenant ids. */
export async function issueAfterPayment(trx: Trx, tenantId: string): Promise<boolean> {
  const value = ((await paramValue(trx, PARAM_ISSUE_AFTER_PAYMENT)) ?? '').toLowerCase();
  if (value === 'true' || value === '*') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .includes(tenantId);
}

/** A tenant's live notes not yet paid (issued or partly paid), oldest first. */
const openNotes = (trx: Trx, tenantId: string) =>
  trx
    .selectFrom('business_payment_note')
    .select(['note_no'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('note_state', 'in', ['issued', 'partly_paid'])
    .orderBy('id');

/**
 * The `issue` step's check (application/flow.ts): with the parameter on, the certificate waits until every live note
 * of the application is paid (cancelled notes do not count; an application without notes has nothing unpaid).
 */
export async function assertNotesPaid(trx: Trx, tenantId: string, applicationId: string): Promise<void> {
  if (!(await issueAfterPayment(trx, tenantId))) return;
  // The application's own notes and those of its batch (a batch note bills the batch's applications together).
  const batch = trx
    .selectFrom('business_application')
    .select('batch_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', applicationId)
    .where('batch_id', 'is not', null);
  const open = await openNotes(trx, tenantId)
    .where((eb) => eb.or([eb('application_id', '=', applicationId), eb('batch_id', 'in', batch)]))
    .execute();
  if (open.length > 0)
    throw new KeyedError('payment.error.unpaidNotes', { notes: open.map((n) => n.note_no).join('、') });
}

/**
 * The same rule for a certificate change (modules/cert-change, at approval): with `application.issueAfterPayment` the
 * certificate is not reissued while a note of the change is issued or partly paid.
 */
export async function assertChangeNotesPaid(trx: Trx, tenantId: string, changeId: string): Promise<void> {
  if (!(await issueAfterPayment(trx, tenantId))) return;
  const open = await openNotes(trx, tenantId).where('cert_change_id', '=', changeId).execute();
  if (open.length > 0)
    throw new KeyedError('payment.error.unpaidChangeNotes', { notes: open.map((n) => n.note_no).join('、') });
}
