import { Hono } from 'hono';
import { z } from 'zod';
import {
  cancelSaleInput,
  CARD_SALE_CALLS,
  CARD_SALE_CODES,
  CARD_SALE_FUNCTION,
  rejectSaleInput,
  SALE_STATES,
  saleIdInput,
  saveSaleInput,
  shipSaleInput,
  uploadSaleInput,
} from '../../../lib/contracts/card-sale/card-sale';
import { toCents } from '../../../lib/contracts/payment/money';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { KeyedError, zhText } from '../../core/crud';
import { ok } from '../../core/envelope';
import { ForbiddenError } from '../../core/errors';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import { parseJson, parseQuery } from '../../core/validation';
import { withTenant, type Db } from '../../db/tenant';
import { callerCodes } from '../application/flow';
import {
  cancelSale,
  initSale,
  listGoodsOnSale,
  presentSale,
  receiveSale,
  rejectSale,
  reviewSale,
  saleColumns,
  saleDetail,
  saveSale,
  shipSale,
  submitSale,
  uploadSaleFiles,
  visibleSales,
  type SaleListRow,
} from './card-sale.service';
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
  saleState: blank(z.enum(SALE_STATES).optional()),
  orderNo: blank(z.string().trim().max(32).optional()),
});
const goodsQuery = z.object({ current: int, size: int });
const detailQuery = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, '必须是有效的ID') });

type Trx = Transaction<Database>;
type Holds = (code: string) => boolean;

/** A customer reads with the customer page code, staff with the orders page code. */
const reader = (trx: Db, auth: AuthUser, holds: Holds) =>
  readerCompany(trx, auth, holds, {
    customer: CARD_SALE_CODES.customerPage,
    staff: CARD_SALE_CODES.staffPage,
  });
/** A customer's write: a user with a company holding the customer page; staff and others are 403. */
const customer = (trx: Db, auth: AuthUser, holds: Holds) =>
  customerCompany(trx, auth, holds, CARD_SALE_CODES.customerPage);

/**
 * The order's files (the signed form, the authorisation letter): read by its company's customers and the staff of the
 * orders page; uploaded by the company's users while the order is a draft; once submitted they are the order's
 * evidence, so nobody edits or deletes them through the file calls.
 */
registerRecordOwner(CARD_SALE_FUNCTION, {
  ...tableRecordOwner({
    table: 'business_ccc_card_sale',
    codes: {
      read: [CARD_SALE_CODES.customerPage, CARD_SALE_CODES.staffPage],
      upload: [CARD_SALE_CODES.customerPage],
      edit: [],
      delete: [CARD_SALE_CODES.customerPage],
    },
    company: { column: 'company_id', of: callerCompanies },
  }),
  async changeable(caller, trx, dataId, action) {
    if (action !== 'upload' && action !== 'delete') return false;
    const company = await callerCompany(trx as Trx, caller.auth);
    if (company === null) return false;
    const row = await (trx as Trx)
      .selectFrom('business_ccc_card_sale')
      .select('sale_state')
      .where('tenant_id', '=', caller.auth.tenantId)
      .where('id', '=', dataId)
      .where('company_id', '=', company)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.sale_state === 'draft';
  },
});

export function cardSaleRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();

  /** Customer writes: parse, check the caller, run in the tenant's transaction. */
  const customerPost = <I extends z.ZodType>(
    path: string,
    input: I,
    run: (trx: Trx, auth: AuthUser, companyId: string, body: z.output<I>) => Promise<unknown>,
  ) =>
    router.post(path, async (c) => {
      const auth = c.get('auth');
      const holds = await callerCodes(deps, auth);
      const body = await parseJson(c, input);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
        run(trx, auth, await customer(trx, auth, holds), body),
      );
      return c.json(ok(data));
    });

  const staffPost = <I extends z.ZodType>(
    path: string,
    code: string,
    input: I,
    run: (trx: Trx, auth: AuthUser, body: z.output<I>) => Promise<unknown>,
  ) =>
    router.post(path, async (c) => {
      const auth = c.get('auth');
      const holds = await callerCodes(deps, auth);
      const body = await parseJson(c, input);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        await assertStaffWith(trx, auth, holds, code);
        return run(trx, auth, body);
      });
      return c.json(ok(data));
    });

  // The goods on sale: customers ordering, staff of the orders or goods pages.
  router.get(CARD_SALE_CALLS.goodsList.path, async (c) => {
    const auth = c.get('auth');
    const page = pageRequest(parseQuery(c, goodsQuery));
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await callerCompany(trx, auth);
      const may =
        companyId === null
          ? holds(CARD_SALE_CODES.staffPage) || holds(CARD_SALE_CODES.goodsPage)
          : holds(CARD_SALE_CODES.customerPage);
      if (!may) throw new ForbiddenError();
      const { rows, total } = await listGoodsOnSale(trx, auth.tenantId, page);
      return toPage(rows, total, page);
    });
    return c.json(ok(data));
  });

  router.get(CARD_SALE_CALLS.page.path, async (c) => {
    const auth = c.get('auth');
    const q = parseQuery(c, pageQuery);
    const page = pageRequest(q);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, holds);
      let base = visibleSales(trx, auth, companyId);
      if (q.saleState) base = base.where('s.sale_state', '=', q.saleState);
      if (q.orderNo) base = base.where('s.order_no', 'like', contains(q.orderNo));
      const { rows, total } = await fetchPage(
        base,
        (qb) => qb.selectAll('s').select([...saleColumns]),
        page,
        [],
        [{ column: 's.id', direction: 'desc' }],
      );
      return toPage((rows as SaleListRow[]).map(presentSale), total, page);
    });
    return c.json(ok(data));
  });

  router.get(CARD_SALE_CALLS.detail.path, async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, detailQuery);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
      saleDetail(trx, auth, await reader(trx, auth, holds), id),
    );
    return c.json(ok(data));
  });

  customerPost(CARD_SALE_CALLS.init.path, z.object({}).passthrough(), (trx, auth, companyId) =>
    initSale(trx, auth, companyId),
  );
  customerPost(CARD_SALE_CALLS.save.path, saveSaleInput, (trx, auth, companyId, body) =>
    saveSale(trx, auth, companyId, body),
  );
  customerPost(CARD_SALE_CALLS.upload.path, uploadSaleInput, (trx, auth, companyId, body) =>
    uploadSaleFiles(trx, auth, companyId, body),
  );
  customerPost(CARD_SALE_CALLS.submit.path, saleIdInput, (trx, auth, companyId, { id }) =>
    submitSale(trx, auth, companyId, id),
  );
  customerPost(CARD_SALE_CALLS.cancel.path, cancelSaleInput, (trx, auth, companyId, { id, reason }) =>
    cancelSale(trx, auth, companyId, id, reason ?? ''),
  );
  customerPost(CARD_SALE_CALLS.receive.path, saleIdInput, (trx, auth, companyId, { id }) =>
    receiveSale(trx, auth, companyId, id),
  );
  staffPost(CARD_SALE_CALLS.review.path, CARD_SALE_CODES.review, saleIdInput, (trx, auth, { id }) =>
    reviewSale(trx, auth, id),
  );
  staffPost(
    CARD_SALE_CALLS.reject.path,
    CARD_SALE_CODES.reject,
    rejectSaleInput,
    (trx, auth, { id, reason }) => rejectSale(trx, auth, id, reason),
  );
  staffPost(CARD_SALE_CALLS.ship.path, CARD_SALE_CODES.ship, shipSaleInput, (trx, auth, { id, trackingNo }) =>
    shipSale(trx, auth, id, trackingNo),
  );

  return router;
}

/**
 * The goods' CRUD (标志商品, a defineResource) checks what the field kinds cannot say: sizes and sheet and pack counts
 * positive, a pack a whole number of sheets, a positive price, stock not negative (the table's checks hold them too).
 */
export const goodsHooks = {
  // The values are keyed by column (crudRoutes); an edit may leave some out.
  async beforeWrite(_ctx: unknown, values: Record<string, unknown>) {
    const positive = [
      ['size_mm', 'sizeMm'],
      ['pieces_per_sheet', 'piecesPerSheet'],
      ['pieces_per_pack', 'piecesPerPack'],
    ] as const;
    for (const [column, name] of positive)
      if (column in values && !(Number(values[column]) > 0))
        throw new KeyedError('cardSale.goods.positive', { field: zhText(`cardSale.goods.${name}`) });
    if ('stock_qty' in values && Number(values.stock_qty) < 0)
      throw new KeyedError('cardSale.goods.stockNegative');
    if ('unit_price' in values && !((toCents(String(values.unit_price ?? '')) ?? 0n) > 0n))
      throw new KeyedError('cardSale.goods.priceZero');
    const sheet = Number(values.pieces_per_sheet);
    const pack = Number(values.pieces_per_pack);
    if (sheet > 0 && pack > 0 && pack % sheet !== 0) throw new KeyedError('cardSale.goods.packOfSheets');
  },
};
