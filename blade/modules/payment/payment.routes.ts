import { Hono } from 'hono';
import { PAYMENT_ACTION, PAYMENT_CODES, PAYMENT_FUNCTION } from '../../../lib/contracts/payment/payment';
import { actionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
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
import { callerCompanies, callerCompanyRow } from '../../core/company';

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
    const row = await callerCompanyRow(trx, caller.auth, 'business_payment_note', dataId);
    return row?.note_state === 'issued' || row?.note_state === 'partly_paid';
  },
});

export function paymentRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(PAYMENT_ACTION.page, async ({ trx, auth, input: q, company }) => {
    const page = pageRequest(q);
    let base = visibleNotes(trx, auth, company);
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
  serve(PAYMENT_ACTION.detail, ({ trx, auth, input, company }) => noteDetail(trx, auth, company, input.id));
  serve(PAYMENT_ACTION.saveVoucher, ({ trx, auth, input, company }) =>
    saveVoucher(trx, auth, company, input),
  );
  serve(PAYMENT_ACTION.issue, ({ trx, auth, input, holds }) => issueNote(trx, auth, holds, input));
  serve(PAYMENT_ACTION.confirmVoucher, ({ trx, auth, input }) => confirmVoucher(trx, auth, input.id));
  serve(PAYMENT_ACTION.rejectVoucher, ({ trx, auth, input }) =>
    rejectVoucher(trx, auth, input.id, input.reason),
  );
  serve(PAYMENT_ACTION.cancel, ({ trx, auth, input }) => cancelNote(trx, auth, input.id, input.reason ?? ''));
  return router;
}
