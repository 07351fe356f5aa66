import { sql, type Selectable, type UpdateObject } from 'kysely';
import {
  CARD_SALE_FUNCTION,
  isWholeQuantity,
  lineAmount,
  orderTotal,
  type CardGoodsVO,
  type CardSaleDetailVO,
  type CardSaleInitVO,
  type CardSaleVO,
  type MarkType,
  type SaleCertificateVO,
  type SaleState,
} from '../../../lib/contracts/card-sale/card-sale';
import { recordStatusChanges } from '../../core/action';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { fetchPage, type PageRequest } from '../../core/page';
import type { CccCardSaleTable, Database } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { lockVisibleRow } from '../../core/lock';
import { certStatusSql } from '../application/certificate';
import { nextYearlyNumber } from '../application/numbering';
import { ensureRecordArchives, type DefaultFunction } from '../business/archives';
import { tellCompanyUsers } from '../customer/customer.repository';
import { fileOfRecord } from '../files/file.repository';

/**
 * CCC mark orders (README.md beside this file). Every write runs in the caller's tenant transaction and locks the order
 * (FOR UPDATE) before it reads the state, so two writers of one order queue and the second sees the first's state.
 * Stock is taken by a conditional decrement (`stock_qty = stock_qty - n where stock_qty >= n`), which PostgreSQL
 * re-evaluates on the locked row: concurrent reviews never take more than there is; the table's check holds it too.
 */

type SaleRow = Selectable<CccCardSaleTable>;

/** The resource name of the orders' status history rows. */
export const SALE_HISTORY_RESOURCE = 'business_ccc_card_sale';

/** The archive of an order: the signed application form and the authorisation letter. */
export const CARD_SALE_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: CARD_SALE_FUNCTION,
    functionName: '标志购买',
    usePosition: '认证申请 → 标志购买 → 申请资料',
    root: {
      name: '标志购买资料',
      code: 'ccc_card_sale',
      canUpload: 0,
      children: [
        {
          name: '标志购买申请书',
          code: 'ccc_card_sale_form',
          remark: '签字盖章的标志购买申请书',
          mustUpload: 1,
        },
        { name: '授权委托书', code: 'ccc_card_sale_auth_letter', remark: '委托代理人购买时提供' },
      ],
    },
  },
];

const idText = (v: string | null | undefined) => (v === null || v === undefined ? '' : String(v));
const idsOf = (text: string) => text.split(',').filter(Boolean);

type GoodsRow = Selectable<Database['business_ccc_card_goods']>;

function presentGoods(g: GoodsRow): CardGoodsVO {
  return {
    id: String(g.id),
    sku: g.sku,
    sizeMm: Number(g.size_mm),
    markType: g.mark_type as MarkType,
    piecesPerSheet: Number(g.pieces_per_sheet),
    piecesPerPack: Number(g.pieces_per_pack),
    unitPrice: g.unit_price,
    stockQty: Number(g.stock_qty),
    onSale: Number(g.on_sale),
  };
}

/** The goods on sale (what a customer may order). */
export function goodsOnSale(trx: Trx, tenantId: string) {
  return trx
    .selectFrom('business_ccc_card_goods')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('on_sale', '=', 1);
}

export async function listGoodsOnSale(
  trx: Trx,
  tenantId: string,
  page: PageRequest,
): Promise<{ rows: CardGoodsVO[]; total: number }> {
  const { rows, total } = await fetchPage(
    goodsOnSale(trx, tenantId),
    (qb) => qb.selectAll(),
    page,
    [],
    [
      { column: 'size_mm', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ],
  );
  return { rows: rows.map(presentGoods), total };
}

/** The tenant's certificates with what an order shows of each (number, holder, factory, product, validity). */
function saleCertificates(trx: Trx, tenantId: string) {
  return trx
    .selectFrom('business_certificate as c')
    .select([
      'c.id',
      'c.cert_number',
      'c.holder_name',
      'c.factory_name',
      'c.product_name',
      'c.product_category',
      'c.valid_to',
      certStatusSql('c').as('cert_status'),
    ])
    .where('c.tenant_id', '=', tenantId);
}

/**
 * A company's certificates that marks may be bought for: CCC, the current version of its number (a change's reissue
 * supersedes the earlier one), valid as read today (expired-on-read counts).
 */
function usableCertificates(trx: Trx, tenantId: string, companyId: string) {
  return saleCertificates(trx, tenantId)
    .where('c.company_id', '=', companyId)
    .where('c.is_deleted', '=', 0)
    .where('c.scheme', '=', 'ccc')
    .where('c.superseded_by', 'is', null)
    .where(certStatusSql('c'), '=', 'valid');
}

type CertRow = {
  id: string;
  cert_number: string;
  holder_name: string;
  factory_name: string;
  product_name: string;
  product_category: string;
  valid_to: string;
  cert_status: string;
};

const presentCertificate = (c: CertRow): SaleCertificateVO => ({
  id: String(c.id),
  certNumber: c.cert_number,
  holderName: c.holder_name,
  factoryName: c.factory_name,
  productName: c.product_name,
  productCategory: c.product_category,
  validTo: String(c.valid_to).slice(0, 10),
  certStatus: c.cert_status,
});

/** initCccCardSale: the choices of a new order (nothing is written; the first save makes the draft). */
export async function initSale(trx: Trx, auth: AuthUser, companyId: string): Promise<CardSaleInitVO> {
  const certificates = (await usableCertificates(trx, auth.tenantId, companyId)
    .orderBy('c.id')
    .limit(200)
    .execute()) as CertRow[];
  const goods = await goodsOnSale(trx, auth.tenantId).selectAll().orderBy('size_mm').orderBy('id').execute();
  const company = await trx
    .selectFrom('blade_customer_company')
    .select(['address', 'contact_name', 'contact_phone'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  const shipTo = company
    ? [company.address, company.contact_name, company.contact_phone].filter(Boolean).join(' ')
    : '';
  return { certificates: certificates.map(presentCertificate), goods: goods.map(presentGoods), shipTo };
}

/** The orders a caller sees: a customer its company's, staff every order of the tenant. */
export function visibleSales(trx: Trx, auth: AuthUser, companyId: string | null) {
  let q = trx
    .selectFrom('business_ccc_card_sale as s')
    .leftJoin('blade_customer_company as c', 'c.id', 's.company_id')
    .leftJoin('business_payment_note as n', (j) =>
      j.onRef('n.id', '=', 's.payment_note_id').on('n.tenant_id', '=', auth.tenantId),
    )
    .where('s.tenant_id', '=', auth.tenantId)
    .where('s.is_deleted', '=', 0);
  if (companyId !== null) q = q.where('s.company_id', '=', companyId);
  return q;
}

export const saleColumns = ['c.company_name', 'n.note_no as payment_note_no'] as const;
export type SaleListRow = SaleRow & { company_name: string | null; payment_note_no: string | null };

export function presentSale(row: SaleListRow): CardSaleVO {
  return {
    id: String(row.id),
    orderNo: row.order_no,
    companyId: String(row.company_id),
    companyName: row.company_name ?? '',
    certificateIds: idsOf(row.certificate_ids),
    totalAmount: row.total_amount,
    shipTo: row.ship_to,
    saleState: row.sale_state as SaleState,
    formFileId: row.form_file_id ?? '',
    authLetterFileId: row.auth_letter_file_id ?? '',
    paymentNoteId: idText(row.payment_note_id),
    paymentNoteNo: row.payment_note_no ?? '',
    rejectReason: row.reject_reason,
    trackingNo: row.tracking_no,
    submittedAt: row.submitted_at ? formatDateTime(row.submitted_at) : '',
    createTime: formatDateTime(row.create_time),
  };
}

/** One order with its lines and certificates, or 404 when the caller does not see it. */
export async function saleDetail(
  trx: Trx,
  auth: AuthUser,
  companyId: string | null,
  id: string,
): Promise<CardSaleDetailVO> {
  const row = await visibleSales(trx, auth, companyId)
    .selectAll('s')
    .select([...saleColumns])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const lines = await trx
    .selectFrom('business_ccc_card_sale_line as l')
    .innerJoin('business_ccc_card_goods as g', 'g.id', 'l.goods_id')
    .select([
      'l.id',
      'l.line_no',
      'l.goods_id',
      'l.quantity',
      'l.unit_price',
      'l.amount',
      'g.sku',
      'g.size_mm',
      'g.mark_type',
      'g.pieces_per_sheet',
      'g.pieces_per_pack',
    ])
    .where('l.tenant_id', '=', auth.tenantId)
    .where('l.sale_id', '=', id)
    .where('l.is_deleted', '=', 0)
    .orderBy('l.line_no')
    .execute();
  const certIds = idsOf(row.certificate_ids);
  const certificates = certIds.length
    ? ((await saleCertificates(trx, auth.tenantId)
        .where('c.id', 'in', certIds)
        .orderBy('c.id')
        .execute()) as CertRow[])
    : [];
  return {
    ...presentSale(row as SaleListRow),
    lines: lines.map((l) => ({
      id: String(l.id),
      lineNo: l.line_no,
      goodsId: String(l.goods_id),
      sku: l.sku,
      sizeMm: Number(l.size_mm),
      markType: l.mark_type,
      piecesPerSheet: Number(l.pieces_per_sheet),
      piecesPerPack: Number(l.pieces_per_pack),
      quantity: Number(l.quantity),
      unitPrice: l.unit_price,
      amount: l.amount,
    })),
    certificates: certificates.map(presentCertificate),
  };
}

/** Locks a visible mark order for a write; 404 when the caller does not see it. */
const lockSale = (trx: Trx, auth: AuthUser, companyId: string | null, id: string) =>
  lockVisibleRow(trx, 'business_ccc_card_sale', auth.tenantId, id, companyId);

function requireState(sale: SaleRow, ...states: SaleState[]) {
  if (!states.includes(sale.sale_state as SaleState))
    throw new KeyedError('cardSale.error.state', {
      state: zhText(`cardSale.state.${sale.sale_state}`),
    });
}

/**
 * The certificates an order names: each a valid CCC certificate of the caller's company, and all sharing applicant,
 * factory and category (DOMAIN §4: marks are shared only across such certificates).
 */
async function checkCertificates(trx: Trx, tenantId: string, companyId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = (await usableCertificates(trx, tenantId, companyId)
    .where('c.id', 'in', unique)
    .execute()) as CertRow[];
  if (found.length !== unique.length) throw new KeyedError('cardSale.error.certificateInvalid');
  const keyOf = (c: CertRow) => `${c.holder_name}\u0000${c.factory_name}\u0000${c.product_category}`;
  if (new Set(found.map(keyOf)).size > 1) throw new KeyedError('cardSale.error.certificatesNotShared');
}

interface PricedLine {
  goods: GoodsRow;
  quantity: number;
  amount: string;
}

/** The lines priced from the goods on sale now; a loose quantity names the good and its sheet and pack sizes. */
async function priceLines(
  trx: Trx,
  tenantId: string,
  lines: readonly { goodsId: string; quantity: number }[],
): Promise<PricedLine[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((l) => l.goodsId);
  if (new Set(ids).size !== ids.length) throw new KeyedError('cardSale.error.duplicateGoods');
  const goods = await goodsOnSale(trx, tenantId).selectAll().where('id', 'in', ids).execute();
  const byId = new Map(goods.map((g) => [String(g.id), g]));
  return lines.map((line) => {
    const g = byId.get(line.goodsId);
    if (!g) throw new KeyedError('cardSale.error.goodsUnavailable');
    const size = { sku: g.sku, piecesPerSheet: g.pieces_per_sheet, piecesPerPack: g.pieces_per_pack };
    if (!isWholeQuantity(size, line.quantity))
      throw new KeyedError('cardSale.error.looseQuantity', {
        sku: g.sku,
        quantity: line.quantity,
        sheet: g.pieces_per_sheet,
        pack: g.pieces_per_pack,
      });
    return { goods: g, quantity: line.quantity, amount: lineAmount(g.unit_price, line.quantity) ?? '0.00' };
  });
}

export interface SaveInput {
  id?: string;
  certificateIds: string[];
  lines: { goodsId: string; quantity: number }[];
  totalAmount?: string;
  shipTo?: string;
}

/**
 * Saves a draft (new without an id): certificates checked, lines priced from the goods, the total the exact sum of the
 * lines (the client's total, when sent, must equal it). A refusal writes nothing.
 */
export async function saveSale(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  input: SaveInput,
): Promise<CardSaleDetailVO> {
  const existing = input.id ? await lockSale(trx, auth, companyId, input.id) : undefined;
  if (existing) requireState(existing, 'draft');
  await checkCertificates(trx, auth.tenantId, companyId, input.certificateIds);
  const priced = await priceLines(trx, auth.tenantId, input.lines);
  const total =
    orderTotal(priced.map((p) => ({ unitPrice: p.goods.unit_price, quantity: p.quantity }))) ?? '0.00';
  if (input.totalAmount !== undefined && input.totalAmount !== total)
    throw new KeyedError('cardSale.error.totalMismatch', { sum: total, sent: input.totalAmount });
  const values = {
    certificate_ids: [...new Set(input.certificateIds)].join(','),
    total_amount: total,
    ship_to: input.shipTo ?? existing?.ship_to ?? '',
    update_user: auth.userId,
  };
  let id: string;
  if (existing) {
    id = String(existing.id);
    await trx
      .updateTable('business_ccc_card_sale')
      .set({ ...values, update_time: sql`now()` })
      .where('id', '=', id)
      .execute();
    await trx
      .deleteFrom('business_ccc_card_sale_line')
      .where('tenant_id', '=', auth.tenantId)
      .where('sale_id', '=', id)
      .execute();
  } else {
    await ensureRecordArchives(trx, auth.tenantId, CARD_SALE_ARCHIVES);
    const orderNo = await nextYearlyNumber(trx, auth.tenantId, 'card_sale', 'BZ');
    id = nextId();
    await trx
      .insertInto('business_ccc_card_sale')
      .values({
        id,
        tenant_id: auth.tenantId,
        order_no: orderNo,
        company_id: companyId,
        create_user: auth.userId,
        ...values,
      })
      .execute();
  }
  if (priced.length)
    await trx
      .insertInto('business_ccc_card_sale_line')
      .values(
        priced.map((p, i) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          sale_id: id,
          line_no: i + 1,
          goods_id: p.goods.id,
          quantity: p.quantity,
          unit_price: p.goods.unit_price,
          amount: p.amount,
          create_user: auth.userId,
        })),
      )
      .execute();
  return saleDetail(trx, auth, companyId, id);
}

/** Records the signed form and/or the authorisation letter: files of this order's archive, while a draft. */
export async function uploadSaleFiles(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  input: { id: string; formFileId?: string; authLetterFileId?: string },
): Promise<CardSaleDetailVO> {
  const sale = await lockSale(trx, auth, companyId, input.id);
  requireState(sale, 'draft');
  if (!input.formFileId && !input.authLetterFileId) throw new KeyedError('cardSale.error.noFile');
  for (const fileId of [input.formFileId, input.authLetterFileId])
    if (fileId)
      await fileOfRecord(
        trx,
        auth.tenantId,
        fileId,
        { functionCode: CARD_SALE_FUNCTION, dataId: String(sale.id) },
        'cardSale.error.fileNotInOrder',
      );
  await trx
    .updateTable('business_ccc_card_sale')
    .set({
      ...(input.formFileId ? { form_file_id: input.formFileId } : {}),
      ...(input.authLetterFileId ? { auth_letter_file_id: input.authLetterFileId } : {}),
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', sale.id)
    .execute();
  return saleDetail(trx, auth, companyId, sale.id);
}

/** One state change of a locked order: the row, the history (who, when, from, to, comment). */
async function moveSale(
  trx: Trx,
  auth: AuthUser,
  sale: SaleRow,
  action: string,
  to: SaleState,
  set: UpdateObject<Database, 'business_ccc_card_sale'> = {},
  comment = '',
): Promise<SaleRow> {
  const after = await trx
    .updateTable('business_ccc_card_sale')
    .set({ ...set, sale_state: to, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', sale.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStatusChanges(trx, auth, [
    {
      resource: SALE_HISTORY_RESOURCE,
      recordId: String(sale.id),
      action,
      field: 'sale_state',
      from: sale.sale_state,
      to,
      comment,
    },
  ]);
  return after;
}

/** Tells the order's company (zh, category message), never the caller. */
async function tellCompany(
  trx: Trx,
  auth: AuthUser,
  sale: SaleRow,
  event: string,
  values: Record<string, string> = {},
): Promise<void> {
  await tellCompanyUsers(trx, auth, sale.company_id, 'cardSale', event, {
    orderNo: sale.order_no,
    ...values,
  });
}

/** Submits a complete draft: certificates still usable, goods still on sale, lines, ship-to and the signed form. */
export async function submitSale(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  id: string,
): Promise<CardSaleDetailVO> {
  const sale = await lockSale(trx, auth, companyId, id);
  requireState(sale, 'draft');
  const certs = idsOf(sale.certificate_ids);
  if (certs.length === 0) throw new KeyedError('cardSale.error.noCertificate');
  await checkCertificates(trx, auth.tenantId, companyId, certs);
  const lines = await trx
    .selectFrom('business_ccc_card_sale_line')
    .select(['goods_id', 'quantity', 'amount'])
    .where('tenant_id', '=', auth.tenantId)
    .where('sale_id', '=', id)
    .orderBy('line_no')
    .execute();
  if (lines.length === 0) throw new KeyedError('cardSale.error.noLines');
  // Prices may have changed since the save: the submitted order is priced as the customer last saw it, so a change
  // asks for a new save (and a new look at the total) instead of silently charging another amount.
  const priced = await priceLines(
    trx,
    auth.tenantId,
    lines.map((l) => ({ goodsId: String(l.goods_id), quantity: Number(l.quantity) })),
  );
  if (priced.some((p, i) => p.amount !== lines[i].amount))
    throw new KeyedError('cardSale.error.priceChanged');
  if (!sale.ship_to.trim()) throw new KeyedError('cardSale.error.noShipTo');
  if (!sale.form_file_id) throw new KeyedError('cardSale.error.formMissing');
  await moveSale(trx, auth, sale, 'submit', 'submitted', { submitted_at: sql`now()` });
  return saleDetail(trx, auth, companyId, id);
}

/** Returns an order's reserved pieces to the goods (a cancel or reject after the review). */
async function returnStock(trx: Trx, auth: AuthUser, sale: SaleRow): Promise<void> {
  if (Number(sale.stock_reserved) !== 1) return;
  const lines = await trx
    .selectFrom('business_ccc_card_sale_line')
    .select(['goods_id', 'quantity'])
    .where('tenant_id', '=', auth.tenantId)
    .where('sale_id', '=', sale.id)
    .orderBy('goods_id')
    .execute();
  for (const line of lines)
    await trx
      .updateTable('business_ccc_card_goods')
      .set({ stock_qty: sql`stock_qty + ${line.quantity}` })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', line.goods_id)
      .execute();
}

/**
 * Staff review a submitted order: every line's pieces are taken from stock by a conditional decrement in goods-id
 * order (a fixed order keeps concurrent reviews from deadlocking); one short line refuses the review in words and the
 * transaction's rollback returns what earlier lines took.
 */
export async function reviewSale(trx: Trx, auth: AuthUser, id: string): Promise<CardSaleDetailVO> {
  const sale = await lockSale(trx, auth, null, id);
  requireState(sale, 'submitted');
  const lines = await trx
    .selectFrom('business_ccc_card_sale_line as l')
    .innerJoin('business_ccc_card_goods as g', 'g.id', 'l.goods_id')
    .select(['l.goods_id', 'l.quantity', 'g.sku'])
    .where('l.tenant_id', '=', auth.tenantId)
    .where('l.sale_id', '=', id)
    .orderBy('l.goods_id')
    .execute();
  for (const line of lines) {
    const taken = await trx
      .updateTable('business_ccc_card_goods')
      .set({ stock_qty: sql`stock_qty - ${line.quantity}` })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', line.goods_id)
      .where('stock_qty', '>=', line.quantity)
      .returning('stock_qty')
      .executeTakeFirst();
    if (!taken) {
      const now = await trx
        .selectFrom('business_ccc_card_goods')
        .select('stock_qty')
        .where('id', '=', line.goods_id)
        .executeTakeFirst();
      throw new KeyedError('cardSale.error.stockShort', {
        sku: line.sku,
        quantity: line.quantity,
        stock: Number(now?.stock_qty ?? 0),
      });
    }
  }
  const after = await moveSale(trx, auth, sale, 'review', 'reviewed', {
    stock_reserved: 1,
    reviewed_at: sql`now()`,
  });
  await tellCompany(trx, auth, after, 'reviewed');
  return saleDetail(trx, auth, null, id);
}

/** Staff reject a submitted or reviewed order with a reason; reserved stock goes back. */
export async function rejectSale(trx: Trx, auth: AuthUser, id: string, reason: string) {
  const sale = await lockSale(trx, auth, null, id);
  requireState(sale, 'submitted', 'reviewed');
  await returnStock(trx, auth, sale);
  const after = await moveSale(
    trx,
    auth,
    sale,
    'reject',
    'rejected',
    { reject_reason: reason, stock_reserved: 0 },
    reason,
  );
  await tellCompany(trx, auth, after, 'rejected', { reason });
  return saleDetail(trx, auth, null, id);
}

/** The customer cancels an order before a payment note is issued for it; reserved stock goes back. */
export async function cancelSale(trx: Trx, auth: AuthUser, companyId: string, id: string, reason: string) {
  const sale = await lockSale(trx, auth, companyId, id);
  requireState(sale, 'draft', 'submitted', 'reviewed');
  await returnStock(trx, auth, sale);
  await moveSale(trx, auth, sale, 'cancel', 'cancelled', { stock_reserved: 0 }, reason);
  return saleDetail(trx, auth, companyId, id);
}

/** Staff ship a paid order with its tracking number (the reserved pieces leave the store for good). */
export async function shipSale(trx: Trx, auth: AuthUser, id: string, trackingNo: string) {
  const sale = await lockSale(trx, auth, null, id);
  requireState(sale, 'paid');
  const after = await moveSale(
    trx,
    auth,
    sale,
    'ship',
    'shipped',
    { tracking_no: trackingNo, stock_reserved: 0, shipped_at: sql`now()` },
    trackingNo,
  );
  await tellCompany(trx, auth, after, 'shipped', { trackingNo });
  return saleDetail(trx, auth, null, id);
}

/** The customer confirms receipt of a shipped order. */
export async function receiveSale(trx: Trx, auth: AuthUser, companyId: string, id: string) {
  const sale = await lockSale(trx, auth, companyId, id);
  requireState(sale, 'shipped');
  await moveSale(trx, auth, sale, 'receive', 'received', { received_at: sql`now()` });
  return saleDetail(trx, auth, companyId, id);
}

// ---- The payment module's hooks (payment.service.ts calls them in its own transactions) ----

/**
 * The subject of a note for a mark order: the order locked, reviewed (stock reserved) and without a live note; the
 * note's lines are the order's (one per good: 标志 sku × pieces), its total the order's.
 */
export async function saleForNote(trx: Trx, auth: AuthUser, id: string) {
  const sale = await lockSale(trx, auth, null, id);
  requireState(sale, 'reviewed');
  const lines = await trx
    .selectFrom('business_ccc_card_sale_line as l')
    .innerJoin('business_ccc_card_goods as g', 'g.id', 'l.goods_id')
    .select(['l.quantity', 'l.amount', 'g.sku', 'g.size_mm'])
    .where('l.tenant_id', '=', auth.tenantId)
    .where('l.sale_id', '=', id)
    .orderBy('l.line_no')
    .execute();
  return {
    sale,
    lines: lines.map((l) => ({
      item: zhText('cardSale.noteItem', {
        sku: l.sku,
        size: Number(l.size_mm),
        quantity: Number(l.quantity),
      }).slice(0, 100),
      amount: l.amount,
    })),
  };
}

/** A note was issued for the order (same transaction): reviewed → awaiting_payment, the note linked. */
export async function saleNoteIssued(
  trx: Trx,
  auth: AuthUser,
  sale: SaleRow,
  noteId: string,
  noteNo: string,
) {
  const after = await moveSale(
    trx,
    auth,
    sale,
    'noteIssued',
    'awaiting_payment',
    { payment_note_id: noteId },
    noteNo,
  );
  await tellCompany(trx, auth, after, 'awaitingPayment', { noteNo, total: sale.total_amount });
}

/** The order's note is paid (the confirmation's transaction): awaiting_payment → paid. */
export async function saleNotePaid(trx: Trx, auth: AuthUser, saleId: string, noteNo: string) {
  const sale = await lockSale(trx, auth, null, saleId);
  if (sale.sale_state !== 'awaiting_payment') return;
  const after = await moveSale(trx, auth, sale, 'paid', 'paid', { paid_at: sql`now()` }, noteNo);
  await tellCompany(trx, auth, after, 'paid', { noteNo });
}

/** The order's note was cancelled (nothing paid): back to reviewed, so a new note can be issued; stock stays held. */
export async function saleNoteCancelled(trx: Trx, auth: AuthUser, saleId: string, noteNo: string) {
  const sale = await lockSale(trx, auth, null, saleId);
  if (sale.sale_state !== 'awaiting_payment') return;
  await moveSale(trx, auth, sale, 'noteCancelled', 'reviewed', { payment_note_id: null }, noteNo);
}
