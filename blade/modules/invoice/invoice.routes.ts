import { Hono } from 'hono';
import { z } from 'zod';
import {
  applyInput,
  INVOICE_CALLS,
  INVOICE_CODES,
  INVOICE_FUNCTION,
  INVOICE_STATES,
  issueInput,
  reasonInput,
} from '../../../lib/contracts/invoice/invoice';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import { parseJson, parseQuery } from '../../core/validation';
import { withTenant, type Db } from '../../db/tenant';
import { callerCodes } from '../application/flow';
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
const pagingQuery = z.object({ current: int, size: int });
const listQuery = pagingQuery.extend({
  invoiceState: blank(z.enum(INVOICE_STATES, { error: '状态无效' }).optional()),
  companyId: blank(
    z
      .string()
      .regex(/^[1-9]\d{0,18}$/, '必须是有效的ID')
      .optional(),
  ),
  companyName: blank(z.string().trim().max(100).optional()),
  invoiceNo: blank(z.string().trim().max(32).optional()),
  applicationNo: blank(z.string().trim().max(32).optional()),
});
const detailQuery = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, '必须是有效的ID') });

type Trx = Transaction<Database>;

type Holds = (code: string) => boolean;
/** A customer reads with 我的发票, staff with 发票管理. */
const reader = (trx: Db, auth: AuthUser, holds: Holds) =>
  readerCompany(trx, auth, holds, { customer: INVOICE_CODES.customerPage, staff: INVOICE_CODES.staffPage });
/** The customer calls: a user with a company holding 我的发票 (staff have no invoice information). */
const customer = (trx: Db, auth: AuthUser, holds: Holds) =>
  customerCompany(trx, auth, holds, INVOICE_CODES.customerPage);

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
    if ((await callerCompany(trx as Trx, caller.auth)) !== null) return false;
    const row = await (trx as Trx)
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
  const router = new Hono<BladeEnv>();

  router.get(INVOICE_CALLS.page.path, async (c) => {
    const auth = c.get('auth');
    const q = parseQuery(c, listQuery);
    const page = pageRequest(q);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, holds);
      let base = visibleInvoices(trx, auth, companyId);
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
    return c.json(ok(data));
  });

  router.get(INVOICE_CALLS.detail.path, async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, detailQuery);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
      invoiceDetail(trx, auth, await reader(trx, auth, holds), id),
    );
    return c.json(ok(data));
  });

  router.post(INVOICE_CALLS.issue.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = await parseJson(c, issueInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, INVOICE_CODES.issue);
      return issueInvoice(trx, auth, input);
    });
    return c.json(ok(data));
  });

  router.post(INVOICE_CALLS.reject.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const { id, reason } = await parseJson(c, reasonInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, INVOICE_CODES.reject);
      return rejectInvoice(trx, auth, id, reason);
    });
    return c.json(ok(data));
  });

  router.post(INVOICE_CALLS.redFlush.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const { id, reason } = await parseJson(c, reasonInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaffWith(trx, auth, holds, INVOICE_CODES.redFlush);
      return redFlushInvoice(trx, auth, id, reason);
    });
    return c.json(ok(data));
  });

  router.get(INVOICE_CALLS.infoVoList.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
      infoOptions(trx, auth, await customer(trx, auth, holds)),
    );
    return c.json(ok(data));
  });

  router.get(INVOICE_CALLS.invoiceableNotes.path, async (c) => {
    const auth = c.get('auth');
    const page = pageRequest(parseQuery(c, pagingQuery));
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const { records, total } = await invoiceableNotes(trx, auth, await customer(trx, auth, holds), page);
      return toPage(records, total, page);
    });
    return c.json(ok(data));
  });

  router.post(INVOICE_CALLS.apply.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = await parseJson(c, applyInput);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
      applyInvoice(trx, auth, await customer(trx, auth, holds), input),
    );
    return c.json(ok(data));
  });

  return router;
}
