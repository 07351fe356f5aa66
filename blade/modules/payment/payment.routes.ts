import { Hono } from 'hono';
import { z } from 'zod';
import {
  cancelNoteInput,
  issueNoteInput,
  NOTE_STATES,
  PAYMENT_CALLS,
  PAYMENT_CODES,
  PAYMENT_FUNCTION,
  rejectVoucherInput,
  saveVoucherInput,
  voucherIdInput,
} from '../../../lib/contracts/payment/payment';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { zhText } from '../../core/crud';
import { ok } from '../../core/envelope';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import { parseJson, parseQuery } from '../../core/validation';
import { withTenant, type Db } from '../../db/tenant';
import { callerCodes } from '../application/flow';
import {
  cancelNote,
  confirmVoucher,
  issueNote,
  noteColumns,
  OVERDUE_NOTE,
  noteDetail,
  presentNote,
  rejectVoucher,
  saveVoucher,
  visibleNotes,
  type NoteListRow,
} from './payment.service';
import type { Database } from '../../db/schema';
import type { Transaction } from 'kysely';
import {
  assertStaffWith,
  callerCompanies,
  callerCompany,
  customerCompany,
  readerCompany,
} from '../../core/company';

/** An empty query parameter is an absent one (screens send every filter). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const int = blank(z.coerce.number().int().min(1).max(1_000_000).optional());
const pageQuery = z.object({
  current: int,
  size: int,
  noteState: blank(z.enum(NOTE_STATES).optional()),
  applicationNo: blank(z.string().trim().max(32).optional()),
  noteNo: blank(z.string().trim().max(32).optional()),
  /** `1`: only notes still owed (issued or partly paid) whose due date has passed (the dashboard's overdue tile). */
  overdue: blank(z.enum(['0', '1'], { error: zhText('payment.error.overdueInvalid') }).optional()),
});
const detailQuery = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, '必须是有效的ID') });

type Trx = Transaction<Database>;

/** A customer reads with the customer page code, staff with the finance page code (codes read before the transaction). */
const reader = (trx: Db, auth: AuthUser, holds: (code: string) => boolean) =>
  readerCompany(trx, auth, holds, { customer: PAYMENT_CODES.customerPage, staff: PAYMENT_CODES.staffPage });

/**
 * The note's files (the bank slips): read by its company's customers and finance; uploaded by the company's users
 * while the note is open. Slips are evidence of a payment: nobody edits or deletes them through the file calls.
 */
registerRecordOwner(PAYMENT_FUNCTION, {
  ...tableRecordOwner({
    table: 'business_payment_note',
    codes: {
      read: [PAYMENT_CODES.customerPage, PAYMENT_CODES.staffPage],
      upload: [PAYMENT_CODES.customerPage],
      edit: [],
      delete: [],
    },
    company: { column: 'company_id', of: callerCompanies },
  }),
  async changeable(caller, trx, dataId, action) {
    if (action !== 'upload') return false;
    const company = await callerCompany(trx as Trx, caller.auth);
    if (company === null) return false;
    const row = await (trx as Trx)
      .selectFrom('business_payment_note')
      .select('note_state')
      .where('tenant_id', '=', caller.auth.tenantId)
      .where('id', '=', dataId)
      .where('company_id', '=', company)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.note_state === 'issued' || row?.note_state === 'partly_paid';
  },
});

export function paymentRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();

  router.get(PAYMENT_CALLS.page.path, async (c) => {
    const auth = c.get('auth');
    const q = parseQuery(c, pageQuery);
    const page = pageRequest(q);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, holds);
      let base = visibleNotes(trx, auth, companyId);
      if (q.noteState) base = base.where('n.note_state', '=', q.noteState);
      if (q.applicationNo) base = base.where('a.application_no', 'like', contains(q.applicationNo));
      if (q.noteNo) base = base.where('n.note_no', 'like', contains(q.noteNo));
      if (q.overdue === '1') base = base.where(OVERDUE_NOTE);
      const { rows, total } = await fetchPage(
        base,
        (qb) => qb.selectAll('n').select([...noteColumns]),
        page,
        [],
        [{ column: 'n.id', direction: 'desc' }],
      );
      return toPage((rows as NoteListRow[]).map(presentNote), total, page);
    });
    return c.json(ok(data));
  });

  router.get(PAYMENT_CALLS.detail.path, async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, detailQuery);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
      noteDetail(trx, auth, await reader(trx, auth, holds), id),
    );
    return c.json(ok(data));
  });

  router.post(PAYMENT_CALLS.saveVoucher.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = await parseJson(c, saveVoucherInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await customerCompany(trx, auth, holds, PAYMENT_CODES.customerPage);
      return saveVoucher(trx, auth, companyId, input);
    });
    return c.json(ok(data));
  });

  router.post(PAYMENT_CALLS.issue.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = await parseJson(c, issueNoteInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, PAYMENT_CODES.issue);
      return issueNote(trx, auth, holds, input);
    });
    return c.json(ok(data));
  });

  router.post(PAYMENT_CALLS.confirmVoucher.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const { id } = await parseJson(c, voucherIdInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, PAYMENT_CODES.confirm);
      return confirmVoucher(trx, auth, id);
    });
    return c.json(ok(data));
  });

  router.post(PAYMENT_CALLS.rejectVoucher.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const { id, reason } = await parseJson(c, rejectVoucherInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, PAYMENT_CODES.confirm);
      return rejectVoucher(trx, auth, id, reason);
    });
    return c.json(ok(data));
  });

  router.post(PAYMENT_CALLS.cancel.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const { id, reason } = await parseJson(c, cancelNoteInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, PAYMENT_CODES.cancel);
      return cancelNote(trx, auth, id, reason ?? '');
    });
    return c.json(ok(data));
  });

  return router;
}
