import { sql, type Selectable } from 'kysely';
import {
  INVOICE_FUNCTION,
  invoiceInfoResource,
  SPECIAL_FIELDS,
  type InvoiceableNoteVO,
  type InvoiceInfoOptionVO,
  type InvoiceKind,
  type InvoiceNoteVO,
  type InvoiceState,
  type InvoiceVO,
} from '../../../lib/contracts/invoice/invoice';
import { fromCents, toCents } from '../../../lib/contracts/payment/money';
import { recordStatusChanges } from '../../core/action';
import type { AuthUser } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError, ServiceError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { creditCodeProblem } from '../../../lib/contracts/customer/registration';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { fetchPage, type PageRequest } from '../../core/page';
import type { InvoiceApplicationTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { nextYearlyNumber } from '../application/numbering';
import { ensureRecordArchives, type DefaultFunction } from '../business/archives';
import { tellCompanyUsers } from '../customer/customer.repository';
import { fileOfRecord } from '../files/file.repository';
import { lockLiveRow } from '../../core/lock';

/**
 * Invoice information and invoice applications (README.md beside this file). An application locks the chosen payment
 * notes FOR UPDATE in id order before it reads what is paid and already invoiced, so concurrent applications on one
 * note queue and the later one sees the earlier one's links; a trigger on the link table holds the same rule in the
 * database. A state change locks the application row and writes the status history in its transaction.
 */

type InvoiceRow = Selectable<InvoiceApplicationTable>;

/** The resource name of the status history rows. */
export const INVOICE_RESOURCE = 'business_invoice_application';

/** The archive of an invoice: one folder for the issued invoice file (uploaded by finance before issuing). */
export const INVOICE_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: INVOICE_FUNCTION,
    functionName: '发票',
    usePosition: '业务管理 → 发票管理 → 开具发票',
    root: {
      name: '发票资料',
      code: 'invoice_application',
      canUpload: 0,
      children: [{ name: '发票文件', code: 'invoice_issued_file', remark: '开具的发票（电子发票文件）' }],
    },
  },
];

const cents = (v: string | null | undefined) => toCents(v ?? '0') ?? 0n;

// ---------------------------------------------------------------- invoice information

function companyInfos(trx: Trx, auth: AuthUser, companyId: string) {
  return trx
    .selectFrom('business_invoice_info')
    .where('tenant_id', '=', auth.tenantId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', 0);
}

/** The select's options (every record of the company; a company keeps a handful). */
export async function infoOptions(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
): Promise<InvoiceInfoOptionVO[]> {
  const rows = await companyInfos(trx, auth, companyId)
    .select(['id', 'title', 'taxpayer_id', 'invoice_kind', 'is_default'])
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    title: r.title,
    taxpayerId: r.taxpayer_id,
    invoiceKind: r.invoice_kind as InvoiceKind,
    isDefault: r.is_default === 1 ? 1 : 0,
  }));
}

/** Writers of one company's information queue on the company row, so "one default" is settled in order. */
async function lockCompany(trx: Trx, auth: AuthUser, companyId: string) {
  await trx
    .selectFrom('blade_customer_company')
    .select('id')
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The checks of a record beyond its fields (lib/contracts/invoice/invoice.ts invoiceInfoResource), in the write's
 * transaction, the company (set by the core: the caller's) locked first so that "one default" is settled in order.
 */
export const invoiceInfoHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    const companyId = String(values.company_id);
    await lockCompany(trx, auth, companyId);
    const taxpayerId = String(values.taxpayer_id).toUpperCase();
    const problem = creditCodeProblem(taxpayerId);
    if (problem)
      throw new KeyedError(
        problem === 'creditCodeInvalid' ? 'invoice.info.taxpayerInvalid' : 'invoice.info.taxpayerCheckDigit',
      );
    values.taxpayer_id = taxpayerId;
    const special = values.invoice_kind === 'special';
    for (const name of SPECIAL_FIELDS) {
      const column = invoiceInfoResource.fields[name].column;
      // A special VAT invoice needs all four (the refusal names the missing one); an ordinary one keeps none.
      if (!special) values[column] = '';
      else if ((values[column] ?? '') === '')
        throw new ServiceError(
          `${name}:${zhText('invoice.info.specialRequired')}`,
          400,
          'invoice.info.specialRequired',
        );
    }
    if (values.is_default === 1) {
      let others = trx
        .updateTable('business_invoice_info')
        .set({ is_default: 0, update_user: auth.userId, update_time: sql`now()` })
        .where('tenant_id', '=', auth.tenantId)
        .where('company_id', '=', companyId)
        .where('is_default', '=', 1)
        .where('is_deleted', '=', 0);
      if (id) others = others.where('id', '<>', id);
      await others.execute();
    }
  },
};

// ---------------------------------------------------------------- invoiceable notes

/** Live invoiced amount per note (links of applied or issued invoices), in cents. */
async function invoicedOf(trx: Trx, auth: AuthUser, noteIds: string[]): Promise<Map<string, bigint>> {
  if (noteIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('business_invoice_note')
    .select(['note_id', sql<string>`sum(amount)::text`.as('amount')])
    .where('tenant_id', '=', auth.tenantId)
    .where('note_id', 'in', noteIds)
    .where('active', '=', 1)
    .where('is_deleted', '=', 0)
    .groupBy('note_id')
    .execute();
  return new Map(rows.map((r) => [String(r.note_id), cents(r.amount)]));
}

/** The company's notes with confirmed paid money not yet invoiced (what the 申请开票 dialog offers), paged. */
export async function invoiceableNotes(trx: Trx, auth: AuthUser, companyId: string, page: PageRequest) {
  const base = trx
    .selectFrom('business_payment_note as n')
    .leftJoin('business_application as a', 'a.id', 'n.application_id')
    .where('n.tenant_id', '=', auth.tenantId)
    .where('n.company_id', '=', companyId)
    .where('n.is_deleted', '=', 0)
    .where('n.paid_amount', '>', '0')
    .where(
      sql<boolean>`n.paid_amount > coalesce((select sum(l.amount) from business_invoice_note l
        where l.tenant_id = n.tenant_id and l.note_id = n.id and l.active = 1 and l.is_deleted = 0), 0)`,
    );
  const { rows, total } = await fetchPage(
    base,
    (qb) => qb.select(['n.id', 'n.note_no', 'n.paid_amount', 'a.application_no']),
    page,
    [],
    [{ column: 'n.id', direction: 'desc' }],
  );
  const invoiced = await invoicedOf(
    trx,
    auth,
    rows.map((r) => String(r.id)),
  );
  const records: InvoiceableNoteVO[] = rows.map((r) => {
    const done = invoiced.get(String(r.id)) ?? 0n;
    return {
      noteId: String(r.id),
      noteNo: r.note_no,
      applicationNo: r.application_no ?? '',
      paidAmount: r.paid_amount,
      invoicedAmount: fromCents(done),
      invoiceableAmount: fromCents(cents(r.paid_amount) - done),
    };
  });
  return { records, total };
}

// ---------------------------------------------------------------- invoices

/** The invoices a caller sees: a customer its company's, staff every one of the tenant (the page code is checked). */
export function visibleInvoices(trx: Trx, auth: AuthUser, companyId: string | null) {
  let q = trx
    .selectFrom('business_invoice_application as i')
    .leftJoin('blade_customer_company as c', 'c.id', 'i.company_id')
    .leftJoin('blade_file as f', (j) =>
      j.onRef('f.id', '=', 'i.file_id').on('f.tenant_id', '=', auth.tenantId),
    )
    .where('i.tenant_id', '=', auth.tenantId)
    .where('i.is_deleted', '=', 0);
  if (companyId !== null) q = q.where('i.company_id', '=', companyId);
  return q;
}

export type InvoiceListRow = InvoiceRow & { company_name: string | null; file_name: string | null };

/** The notes each invoice takes money from, for a page of invoices. */
export async function notesOf(
  trx: Trx,
  auth: AuthUser,
  ids: string[],
): Promise<Map<string, InvoiceNoteVO[]>> {
  const result = new Map<string, InvoiceNoteVO[]>();
  if (ids.length === 0) return result;
  const rows = await trx
    .selectFrom('business_invoice_note as l')
    .innerJoin('business_payment_note as n', 'n.id', 'l.note_id')
    .select(['l.invoice_id', 'l.note_id', 'l.amount', 'n.note_no'])
    .where('l.tenant_id', '=', auth.tenantId)
    .where('l.invoice_id', 'in', ids)
    .where('l.is_deleted', '=', 0)
    .orderBy('l.note_id')
    .execute();
  for (const r of rows) {
    const list = result.get(String(r.invoice_id)) ?? [];
    list.push({ noteId: String(r.note_id), noteNo: r.note_no, amount: r.amount });
    result.set(String(r.invoice_id), list);
  }
  return result;
}

export function presentInvoice(row: InvoiceListRow, notes: InvoiceNoteVO[]): InvoiceVO {
  return {
    id: String(row.id),
    applicationNo: row.application_no,
    companyId: String(row.company_id),
    companyName: row.company_name ?? '',
    infoId: String(row.info_id),
    title: row.title,
    taxpayerId: row.taxpayer_id,
    invoiceKind: row.invoice_kind as InvoiceKind,
    address: row.address,
    phone: row.phone,
    bankName: row.bank_name,
    bankAccount: row.bank_account,
    email: row.email,
    amount: row.amount,
    invoiceState: row.invoice_state as InvoiceState,
    invoiceNo: row.invoice_no,
    invoiceDate: row.invoice_date ?? '',
    fileId: row.file_id,
    fileName: row.file_id ? (row.file_name ?? '') : '',
    rejectReason: row.reject_reason,
    redFlushReason: row.red_flush_reason,
    remark: row.remark,
    createTime: formatDateTime(row.create_time),
    notes,
  };
}

export const invoiceColumns = ['c.company_name', 'f.original_filename as file_name'] as const;

/** One invoice with its notes, or 404 when the caller does not see it. */
export async function invoiceDetail(
  trx: Trx,
  auth: AuthUser,
  companyId: string | null,
  id: string,
): Promise<InvoiceVO> {
  const row = await visibleInvoices(trx, auth, companyId)
    .selectAll('i')
    .select([...invoiceColumns])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const notes = await notesOf(trx, auth, [id]);
  return presentInvoice(row as InvoiceListRow, notes.get(id) ?? []);
}

export interface ApplyInput {
  noteIds: string[];
  infoId: string;
  amount?: string;
  remark: string;
}

/**
 * A customer's application: the notes its company's, locked in id order; the amount (given, or all that is left)
 * within what is paid and not yet invoiced on them, taken from the notes in id order; the information snapshotted.
 * A refusal writes nothing.
 */
export async function applyInvoice(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  input: ApplyInput,
): Promise<InvoiceVO> {
  const info = await companyInfos(trx, auth, companyId)
    .selectAll()
    .where('id', '=', input.infoId)
    .executeTakeFirst();
  if (!info) throw new NotFoundError();
  const ids = [...new Set(input.noteIds)];
  const notes = await trx
    .selectFrom('business_payment_note')
    .select(['id', 'note_no', 'paid_amount'])
    .where('tenant_id', '=', auth.tenantId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', 0)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (notes.length !== ids.length) throw new NotFoundError();
  const invoiced = await invoicedOf(trx, auth, ids);
  const free = notes.map((n) => ({
    note: n,
    free: cents(n.paid_amount) - (invoiced.get(String(n.id)) ?? 0n),
  }));
  const available = free.reduce((sum, f) => sum + (f.free > 0n ? f.free : 0n), 0n);
  if (available <= 0n) throw new KeyedError('invoice.error.nothingToInvoice');
  const wanted = input.amount === undefined ? available : cents(input.amount);
  if (wanted > available)
    throw new KeyedError('invoice.error.overAvailable', {
      amount: fromCents(wanted),
      available: fromCents(available),
    });
  let left = wanted;
  const links: { noteId: string; amount: bigint }[] = [];
  for (const f of free) {
    if (left === 0n) break;
    if (f.free <= 0n) continue;
    const take = f.free < left ? f.free : left;
    links.push({ noteId: String(f.note.id), amount: take });
    left -= take;
  }
  await ensureRecordArchives(trx, auth.tenantId, INVOICE_ARCHIVES);
  const applicationNo = await nextYearlyNumber(trx, auth.tenantId, 'invoice_application', 'KP');
  const id = nextId();
  await trx
    .insertInto('business_invoice_application')
    .values({
      id,
      tenant_id: auth.tenantId,
      application_no: applicationNo,
      company_id: companyId,
      info_id: info.id,
      title: info.title,
      taxpayer_id: info.taxpayer_id,
      invoice_kind: info.invoice_kind,
      address: info.address,
      phone: info.phone,
      bank_name: info.bank_name,
      bank_account: info.bank_account,
      email: info.email,
      amount: fromCents(wanted),
      remark: input.remark,
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .execute();
  await trx
    .insertInto('business_invoice_note')
    .values(
      links.map((l) => ({
        id: nextId(),
        tenant_id: auth.tenantId,
        invoice_id: id,
        note_id: l.noteId,
        amount: fromCents(l.amount),
        create_user: auth.userId,
      })),
    )
    .execute();
  await recordStatusChanges(trx, auth, [
    {
      resource: INVOICE_RESOURCE,
      recordId: id,
      action: 'apply',
      field: 'invoice_state',
      from: '',
      to: 'applied',
    },
  ]);
  return invoiceDetail(trx, auth, companyId, id);
}

/** Locks an invoice of the tenant for a staff change; 404 when there is none. */
async function lockInvoice(trx: Trx, auth: AuthUser, id: string): Promise<InvoiceRow> {
  return lockLiveRow(trx, 'business_invoice_application', auth.tenantId, id);
}

function assertState(row: InvoiceRow, from: InvoiceState) {
  if (row.invoice_state !== from)
    throw new KeyedError('invoice.error.state', {
      state: zhText(`invoice.screen.state.${row.invoice_state}`),
    });
}

async function tellCompany(
  trx: Trx,
  auth: AuthUser,
  row: InvoiceRow,
  event: 'issued' | 'rejected' | 'redFlushed',
  values: Record<string, string>,
): Promise<void> {
  await tellCompanyUsers(trx, auth, String(row.company_id), 'invoice', event, {
    applicationNo: row.application_no,
    amount: row.amount,
    ...values,
  });
}

export interface IssueInput {
  id: string;
  invoiceNo: string;
  invoiceDate: string;
  fileId: string;
}

/** Finance issues an applied invoice: its number (unique in the tenant), date and the file of its archive. */
export async function issueInvoice(trx: Trx, auth: AuthUser, input: IssueInput): Promise<InvoiceVO> {
  const row = await lockInvoice(trx, auth, input.id);
  assertState(row, 'applied');
  await fileOfRecord(
    trx,
    auth.tenantId,
    input.fileId,
    { functionCode: INVOICE_FUNCTION, dataId: String(row.id) },
    'invoice.error.fileNotInInvoice',
  );
  const taken = await trx
    .selectFrom('business_invoice_application')
    .select('id')
    .where('tenant_id', '=', auth.tenantId)
    .where('invoice_no', '=', input.invoiceNo)
    .executeTakeFirst();
  if (taken) throw new KeyedError('invoice.error.invoiceNoTaken', { invoiceNo: input.invoiceNo });
  const after = await trx
    .updateTable('business_invoice_application')
    .set({
      invoice_state: 'issued',
      invoice_no: input.invoiceNo,
      invoice_date: input.invoiceDate,
      file_id: input.fileId,
      issued_by: auth.userId,
      issued_at: sql`now()`,
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStatusChanges(trx, auth, [
    {
      resource: INVOICE_RESOURCE,
      recordId: String(row.id),
      action: 'issue',
      field: 'invoice_state',
      from: 'applied',
      to: 'issued',
      comment: input.invoiceNo,
    },
  ]);
  await tellCompany(trx, auth, after, 'issued', { invoiceNo: input.invoiceNo });
  return invoiceDetail(trx, auth, null, String(row.id));
}

/** Frees the notes' amounts an invoice took (its links stop counting). */
async function freeLinks(trx: Trx, auth: AuthUser, id: string) {
  await trx
    .updateTable('business_invoice_note')
    .set({ active: 0, update_user: auth.userId, update_time: sql`now()` })
    .where('tenant_id', '=', auth.tenantId)
    .where('invoice_id', '=', id)
    .execute();
}

/**
 * The two ways finance hands an invoice's amount back (the links go inactive, so a new application may take it): a
 * rejection of an applied one, a red-letter reversal (红字冲销) of an issued one. Each keeps its reason in a column of
 * its own and tells the company.
 */
const RELEASES = {
  reject: { from: 'applied', to: 'rejected', reasonColumn: 'reject_reason', event: 'rejected' },
  redFlush: { from: 'issued', to: 'red_flushed', reasonColumn: 'red_flush_reason', event: 'redFlushed' },
} as const;

async function releaseInvoice(
  trx: Trx,
  auth: AuthUser,
  id: string,
  reason: string,
  action: keyof typeof RELEASES,
): Promise<InvoiceVO> {
  const { from, to, reasonColumn, event } = RELEASES[action];
  const row = await lockInvoice(trx, auth, id);
  assertState(row, from);
  const after = await trx
    .updateTable('business_invoice_application')
    .set({ invoice_state: to, [reasonColumn]: reason, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await freeLinks(trx, auth, id);
  await recordStatusChanges(trx, auth, [
    { resource: INVOICE_RESOURCE, recordId: id, action, field: 'invoice_state', from, to, comment: reason },
  ]);
  await tellCompany(
    trx,
    auth,
    after,
    event,
    event === 'redFlushed' ? { invoiceNo: row.invoice_no, reason } : { reason },
  );
  return invoiceDetail(trx, auth, null, id);
}

/** Finance rejects an applied invoice with a reason; the amount is free for a new application. */
export const rejectInvoice = (trx: Trx, auth: AuthUser, id: string, reason: string) =>
  releaseInvoice(trx, auth, id, reason, 'reject');

/** Finance reverses an issued invoice by a red-letter invoice (红字冲销); the amount is free for a new application. */
export const redFlushInvoice = (trx: Trx, auth: AuthUser, id: string, reason: string) =>
  releaseInvoice(trx, auth, id, reason, 'redFlush');
