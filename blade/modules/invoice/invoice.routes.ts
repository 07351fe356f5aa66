import { Hono } from 'hono';
import { INVOICE_ACTION, INVOICE_CODES, INVOICE_FUNCTION } from '../../../lib/contracts/invoice/invoice';
import { actionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import {
  applyInvoice,
  infoOptions,
  invoiceableNotes,
  invoiceColumns,
  invoiceDetail,
  issueInvoice,
  notesOf,
  presentInvoice,
  redFlushInvoice,
  rejectInvoice,
  visibleInvoices,
  type InvoiceListRow,
} from './invoice.service';
import { callerCompanies, callerCompany } from '../../core/company';

/**
 * The invoice's files (the issued invoice): read by its company's customers and finance; uploaded by finance with the
 * issue button while the invoice is applied. An issued invoice's file is the record of the issue: nobody edits or
 * deletes it through the file calls (a red-flush keeps it; the reversal is the state).
 */
registerRecordOwner(INVOICE_FUNCTION, {
  ...tableRecordOwner({
    table: 'business_invoice_application',
    codes: {
      read: [INVOICE_CODES.customerPage, INVOICE_CODES.staffPage],
      upload: [INVOICE_CODES.issue],
      edit: [],
      delete: [],
    },
    company: { column: 'company_id', of: callerCompanies },
  }),
  async changeable(caller, trx, dataId, action) {
    if (action !== 'upload') return false;
    if ((await callerCompany(trx, caller.auth)) !== null) return false;
    const row = await trx
      .selectFrom('business_invoice_application')
      .select('invoice_state')
      .where('tenant_id', '=', caller.auth.tenantId)
      .where('id', '=', dataId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.invoice_state === 'applied';
  },
});

export function invoiceRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(INVOICE_ACTION.page, async ({ trx, auth, input: q, company }) => {
    const page = pageRequest(q);
    let base = visibleInvoices(trx, auth, company);
    if (q.invoiceState) base = base.where('i.invoice_state', '=', q.invoiceState);
    if (q.companyId) base = base.where('i.company_id', '=', q.companyId);
    if (q.companyName) base = base.where('c.company_name', 'like', contains(q.companyName));
    if (q.invoiceNo) base = base.where('i.invoice_no', 'like', contains(q.invoiceNo));
    if (q.applicationNo) base = base.where('i.application_no', 'like', contains(q.applicationNo));
    const { rows, total } = await fetchPage(
      base,
      (qb) => qb.selectAll('i').select([...invoiceColumns]),
      page,
      [],
      [{ column: 'i.id', direction: 'desc' }],
    );
    const list = rows as InvoiceListRow[];
    const notes = await notesOf(
      trx,
      auth,
      list.map((r) => String(r.id)),
    );
    return toPage(
      list.map((r) => presentInvoice(r, notes.get(String(r.id)) ?? [])),
      total,
      page,
    );
  });
  serve(INVOICE_ACTION.detail, ({ trx, auth, input, company }) =>
    invoiceDetail(trx, auth, company, input.id),
  );
  serve(INVOICE_ACTION.issue, ({ trx, auth, input }) => issueInvoice(trx, auth, input));
  serve(INVOICE_ACTION.reject, ({ trx, auth, input }) => rejectInvoice(trx, auth, input.id, input.reason));
  serve(INVOICE_ACTION.redFlush, ({ trx, auth, input }) =>
    redFlushInvoice(trx, auth, input.id, input.reason),
  );
  serve(INVOICE_ACTION.infoVoList, ({ trx, auth, company }) => infoOptions(trx, auth, company));
  serve(INVOICE_ACTION.invoiceableNotes, async ({ trx, auth, input, company }) => {
    const page = pageRequest(input);
    const { records, total } = await invoiceableNotes(trx, auth, company, page);
    return toPage(records, total, page);
  });
  serve(INVOICE_ACTION.apply, ({ trx, auth, input, company }) => applyInvoice(trx, auth, company, input));
  return router;
}
