import { Hono } from 'hono';
import {
  CARD_SALE_ACTION,
  CARD_SALE_CODES,
  CARD_SALE_FUNCTION,
} from '../../../lib/contracts/card-sale/card-sale';
import { toCents } from '../../../lib/contracts/payment/money';
import { actionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
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
import { callerCompanies, callerCompanyRow } from '../../core/company';

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
    const row = await callerCompanyRow(trx, caller.auth, 'business_ccc_card_sale', dataId);
    return row?.sale_state === 'draft';
  },
});

export function cardSaleRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  const A = CARD_SALE_ACTION;

  serve(A.goodsList, async ({ trx, auth, input }) => {
    const page = pageRequest(input);
    const { rows, total } = await listGoodsOnSale(trx, auth.tenantId, page);
    return toPage(rows, total, page);
  });
  serve(A.page, async ({ trx, auth, input: q, company }) => {
    const page = pageRequest(q);
    let base = visibleSales(trx, auth, company);
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
  serve(A.detail, ({ trx, auth, input, company }) => saleDetail(trx, auth, company, input.id));
  serve(A.init, ({ trx, auth, company }) => initSale(trx, auth, company));
  serve(A.save, ({ trx, auth, input, company }) => saveSale(trx, auth, company, input));
  serve(A.upload, ({ trx, auth, input, company }) => uploadSaleFiles(trx, auth, company, input));
  serve(A.submit, ({ trx, auth, input, company }) => submitSale(trx, auth, company, input.id));
  serve(A.cancel, ({ trx, auth, input, company }) =>
    cancelSale(trx, auth, company, input.id, input.reason ?? ''),
  );
  serve(A.receive, ({ trx, auth, input, company }) => receiveSale(trx, auth, company, input.id));
  serve(A.review, ({ trx, auth, input }) => reviewSale(trx, auth, input.id));
  serve(A.reject, ({ trx, auth, input }) => rejectSale(trx, auth, input.id, input.reason));
  serve(A.ship, ({ trx, auth, input }) => shipSale(trx, auth, input.id, input.trackingNo));
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
