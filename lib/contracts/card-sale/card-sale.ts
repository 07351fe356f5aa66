import { z } from '../../zod';
import { bySide, defineAction, type SideRule, type Sides } from '../action';
import { blank, idSchema, pagingInput } from '../inputs';
import { fromCents, toCents } from '../payment/money';
import { defineResource, menuAccess, NO_WRITES, standardCalls, type FieldSpecs } from '../resource';

/**
 * CCC mark sales (标志购买), issue 16 and DOMAIN §4; blade/modules/card-sale/README.md has the states and rules. The
 * catalogue names seven calls (goods list; init, detail, save, submit, upload and page of an order); the staff's goods
 * CRUD, review, reject, ship and the customer's cancel and receipt are calls the catalogue lacks, named beside them.
 * Amounts travel as decimal text with two decimals; quantities are pieces (whole sheets or whole packs).
 */

const GOODS = '/blade-customer/cccCardGoods';
const SALE = '/blade-customer/cccCardSale';

export const CARD_SALE_CALLS = {
  goodsList: { method: 'GET', path: `${GOODS}/selectCccCardGoodlist` },
  init: { method: 'POST', path: `${SALE}/initCccCardSale` },
  detail: { method: 'GET', path: `${SALE}/selectCccCardSaleByid` },
  save: { method: 'POST', path: `${SALE}/saveCccCardSaleDTO` },
  submit: { method: 'POST', path: `${SALE}/submitCccCardSaleDTO` },
  upload: { method: 'POST', path: `${SALE}/uploadCccCardSale` },
  page: { method: 'GET', path: `${SALE}/selectCccCardSaleDtoPage` },
  cancel: { method: 'POST', path: `${SALE}/cancelCccCardSale` },
  receive: { method: 'POST', path: `${SALE}/receiveCccCardSale` },
  review: { method: 'POST', path: `${SALE}/reviewCccCardSale` },
  reject: { method: 'POST', path: `${SALE}/rejectCccCardSale` },
  ship: { method: 'POST', path: `${SALE}/shipCccCardSale` },
} as const;

export const CARD_SALE_CODES = {
  customerPage: 'my_card_sale',
  staffPage: 'card_sale',
  goodsPage: 'card_goods',
  review: 'card_sale_review',
  reject: 'card_sale_reject',
  ship: 'card_sale_ship',
} as const;

/** The customer role's menus of this module (blade/modules/customer CUSTOMER_MENU_CODES adds them). */
export const CARD_SALE_CUSTOMER_MENU_CODES = [CARD_SALE_CODES.customerPage] as const;

/** The archive function of an order's files (the signed application form, the authorisation letter). */
export const CARD_SALE_FUNCTION = 'ccc_card_sale';

export const SALE_STATES = [
  'draft',
  'submitted',
  'reviewed',
  'rejected',
  'awaiting_payment',
  'paid',
  'shipped',
  'received',
  'cancelled',
] as const;
export type SaleState = (typeof SALE_STATES)[number];

export const MARK_TYPES = ['S', 'EMC', 'S&E', 'F'] as const;
export type MarkType = (typeof MARK_TYPES)[number];

export const MAX_SALE_LINES = 20;
export const MAX_SALE_CERTIFICATES = 50;
/** The most pieces one line may order (keeps amounts and stock far inside integer range). */
export const MAX_LINE_PIECES = 10_000_000;

/** What the quantity rule needs of a good. */
export interface GoodsSize {
  sku: string;
  piecesPerSheet: number;
  piecesPerPack: number;
}

/**
 * DOMAIN §4: whole sheets or whole packs only. A quantity (pieces) is accepted when it is a positive whole number of
 * sheets or of packs; anything else is loose pieces.
 */
export function isWholeQuantity(goods: GoodsSize, quantity: number): boolean {
  if (!Number.isSafeInteger(quantity) || quantity <= 0 || quantity > MAX_LINE_PIECES) return false;
  return quantity % goods.piecesPerSheet === 0 || quantity % goods.piecesPerPack === 0;
}

/** A line's amount: quantity × unit price, exact (integer cents); null when the price is not an amount. */
export function lineAmount(unitPrice: string, quantity: number): string | null {
  const cents = toCents(unitPrice);
  if (cents === null || !Number.isSafeInteger(quantity)) return null;
  return fromCents(cents * BigInt(quantity));
}

/** The order's total: Σ lines, exact; null when a line has no amount. */
export function orderTotal(lines: readonly { unitPrice: string; quantity: number }[]): string | null {
  let total = 0n;
  for (const line of lines) {
    const amount = lineAmount(line.unitPrice, line.quantity);
    if (amount === null) return null;
    total += toCents(amount) ?? 0n;
  }
  return fromCents(total);
}

const optionalText = (max: number) => z.string().trim().max(max, `不能超过${max}个字符`).optional();

/** An amount the client saw (decimal text or a number read by its text): canonical `"12.50"`, zero allowed. */
const seenAmount = z
  .union([z.string(), z.number()], { error: '必须为金额（最多两位小数）' })
  .transform((v, ctx) => {
    const cents = toCents(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: '必须为金额（最多两位小数）' });
      return z.NEVER;
    }
    return fromCents(cents);
  });

export const saleLineSchema = z.object({
  goodsId: idSchema,
  quantity: z.coerce
    .number({ error: '必须为正整数' })
    .int('必须为正整数')
    .min(1, '必须为正整数')
    .max(MAX_LINE_PIECES, `不能超过${MAX_LINE_PIECES}`),
});

export const saveSaleInput = z.object({
  /** Absent: a new draft; present: the draft to change. */
  id: idSchema.optional(),
  certificateIds: z
    .array(idSchema)
    .max(MAX_SALE_CERTIFICATES, `最多${MAX_SALE_CERTIFICATES}张证书`)
    .default([]),
  lines: z.array(saleLineSchema).max(MAX_SALE_LINES, `最多${MAX_SALE_LINES}项`).default([]),
  /** The total the client showed; when sent it must equal the server's sum exactly. */
  totalAmount: seenAmount.optional(),
  shipTo: optionalText(500),
});
export type SaveSaleInput = z.input<typeof saveSaleInput>;

export const saleIdInput = z.object({ id: idSchema });
export const uploadSaleInput = z.object({
  id: idSchema,
  /** The signed and sealed application form: a file of the order's archive (files module id, 32 hex). */
  formFileId: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, '必须是有效的文件')
    .optional(),
  /** The authorisation letter when buying through an agent. */
  authLetterFileId: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, '必须是有效的文件')
    .optional(),
});
export const rejectSaleInput = z.object({
  id: idSchema,
  reason: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(500, '不能超过500个字符'),
});
export const shipSaleInput = z.object({
  id: idSchema,
  trackingNo: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(64, '不能超过64个字符'),
});
export const cancelSaleInput = z.object({ id: idSchema, reason: optionalText(500) });

export interface CardGoodsVO {
  id: string;
  sku: string;
  sizeMm: number;
  markType: MarkType;
  piecesPerSheet: number;
  piecesPerPack: number;
  unitPrice: string;
  stockQty: number;
  onSale: number;
}

export interface SaleCertificateVO {
  id: string;
  certNumber: string;
  holderName: string;
  factoryName: string;
  productName: string;
  productCategory: string;
  validTo: string;
  certStatus: string;
}

export interface SaleLineVO {
  id: string;
  lineNo: number;
  goodsId: string;
  sku: string;
  sizeMm: number;
  markType: string;
  piecesPerSheet: number;
  piecesPerPack: number;
  quantity: number;
  unitPrice: string;
  amount: string;
}

export interface CardSaleVO {
  id: string;
  orderNo: string;
  companyId: string;
  companyName: string;
  certificateIds: string[];
  totalAmount: string;
  shipTo: string;
  saleState: SaleState;
  formFileId: string;
  authLetterFileId: string;
  paymentNoteId: string;
  paymentNoteNo: string;
  rejectReason: string;
  trackingNo: string;
  submittedAt: string;
  createTime: string;
}

export interface CardSaleDetailVO extends CardSaleVO {
  lines: SaleLineVO[];
  certificates: SaleCertificateVO[];
}

/** initCccCardSale: the company's certificates an order may name, and the goods on sale. */
export interface CardSaleInitVO {
  certificates: SaleCertificateVO[];
  goods: CardGoodsVO[];
  shipTo: string;
}

const goodsFields = {
  sku: { kind: 'text', max: 32, required: 'cardSale.goods.required', search: 'like' },
  sizeMm: { kind: 'int', required: 'cardSale.goods.required' },
  markType: {
    kind: 'text',
    max: 8,
    required: 'cardSale.goods.required',
    search: 'eq',
    pattern: { regex: /^(S|EMC|S&E|F)$/, message: 'cardSale.goods.markTypeInvalid' },
  },
  piecesPerSheet: { kind: 'int', required: 'cardSale.goods.required' },
  piecesPerPack: { kind: 'int', required: 'cardSale.goods.required' },
  unitPrice: { kind: 'money', required: 'cardSale.goods.required', nonNegative: true },
  stockQty: { kind: 'int', default: 0 },
  onSale: { kind: 'flag', default: 1, search: 'eq' },
  remark: { kind: 'textarea', max: 500, list: false },
} satisfies FieldSpecs;

/** 标志商品: staff maintain the goods (sizes, sheet and pack sizes, price, stock); plain CRUD by the page's buttons. */
export const cardGoodsResource = defineResource({
  key: 'cardSale.goods',
  table: 'business_ccc_card_goods',
  ownership: 'tenant',
  fields: goodsFields,
  defaultOrder: [
    { column: 'size_mm', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  unique: [{ fields: ['sku'], message: 'cardSale.goods.skuTaken' }],
  calls: standardCalls(GOODS, { list: 'page' }),
  access: menuAccess(CARD_SALE_CODES.goodsPage),
  menu: {
    code: CARD_SALE_CODES.goodsPage,
    name: '标志商品',
    path: '/businessManagement/cardGoods',
    icon: 'inventory_2',
    parent: 'business_management',
    sort: 10,
  },
});

const saleFields = {
  orderNo: { kind: 'text', max: 32, search: 'like' },
  saleState: { kind: 'text', max: 20, search: 'eq' },
  totalAmount: { kind: 'money', form: false },
} satisfies FieldSpecs;

/** 标志购买: the customer's page (its company's orders). */
export const myCardSaleResource = defineResource({
  key: 'cardSale.customer',
  table: 'business_ccc_card_sale',
  ownership: 'tenant',
  readOnly: true,
  fields: saleFields,
  calls: { list: CARD_SALE_CALLS.page, detail: CARD_SALE_CALLS.detail, ...NO_WRITES.calls },
  access: { read: { codes: [CARD_SALE_CODES.customerPage] }, ...NO_WRITES.access },
  menu: {
    code: CARD_SALE_CODES.customerPage,
    name: '标志购买',
    path: '/application/myCardSale',
    icon: 'label',
    parent: 'application_center',
    sort: 4,
    view: false,
  },
});

/** 标志订单: the staff's page (review, reject, ship by buttons). */
export const cardSalePage = defineResource({
  key: 'cardSale.staff',
  table: 'business_ccc_card_sale',
  ownership: 'tenant',
  readOnly: true,
  fields: saleFields,
  calls: { list: CARD_SALE_CALLS.page, detail: CARD_SALE_CALLS.detail, ...NO_WRITES.calls },
  // CARD_SALE_ACTION.page and .detail decide the side and its code.
  access: { read: {}, ...NO_WRITES.access },
  menu: {
    code: CARD_SALE_CODES.staffPage,
    name: '标志订单',
    path: '/businessManagement/cardSale',
    icon: 'label',
    parent: 'business_management',
    sort: 9,
    view: false,
    buttons: [
      { code: CARD_SALE_CODES.review, name: '审核标志订单', alias: 'review', action: 2 },
      { code: CARD_SALE_CODES.reject, name: '退回标志订单', alias: 'reject', action: 2 },
      { code: CARD_SALE_CODES.ship, name: '标志发货', alias: 'ship', action: 2 },
    ],
  },
});

export const CARD_SALE_RESOURCES = [cardGoodsResource, myCardSaleResource, cardSalePage] as const;

/** The orders list's filters (screens send every filter, empty when unset). */
export const salePageQuery = z.object({
  ...pagingInput,
  saleState: blank(z.enum(SALE_STATES, { error: '状态无效' })),
  orderNo: blank(z.string().trim().max(32, '不能超过32个字符')),
});

/** A customer reads its company's orders, the orders page's staff every company's. */
const readSales = bySide({ customer: CARD_SALE_CODES.customerPage, staff: CARD_SALE_CODES.staffPage });
/** The customer's steps of its own company's order. */
const customerStep = bySide({ customer: CARD_SALE_CODES.customerPage });

const step = <I extends z.ZodType, S extends Sides>(
  name: string,
  call: { method: 'GET' | 'POST'; path: string },
  input: I,
  side: SideRule<S>,
) => defineAction({ name, call, input, ...side, writes: call.method === 'POST' });

/** The calls beside the definitions; blade/modules/card-sale serves each with actionRoute. */
export const CARD_SALE_ACTION = {
  // The goods on sale: customers ordering, staff of the orders or the goods page.
  goodsList: step(
    'goodsList',
    CARD_SALE_CALLS.goodsList,
    z.object(pagingInput),
    bySide({
      customer: CARD_SALE_CODES.customerPage,
      staff: [CARD_SALE_CODES.staffPage, CARD_SALE_CODES.goodsPage],
    }),
  ),
  page: step('page', CARD_SALE_CALLS.page, salePageQuery, readSales),
  detail: step('detail', CARD_SALE_CALLS.detail, saleIdInput, readSales),
  init: step('init', CARD_SALE_CALLS.init, z.object({}), customerStep),
  save: step('save', CARD_SALE_CALLS.save, saveSaleInput, customerStep),
  submit: step('submit', CARD_SALE_CALLS.submit, saleIdInput, customerStep),
  upload: step('upload', CARD_SALE_CALLS.upload, uploadSaleInput, customerStep),
  cancel: step('cancel', CARD_SALE_CALLS.cancel, cancelSaleInput, customerStep),
  receive: step('receive', CARD_SALE_CALLS.receive, saleIdInput, customerStep),
  review: step('review', CARD_SALE_CALLS.review, saleIdInput, bySide({ staff: CARD_SALE_CODES.review })),
  reject: step('reject', CARD_SALE_CALLS.reject, rejectSaleInput, bySide({ staff: CARD_SALE_CODES.reject })),
  ship: step('ship', CARD_SALE_CALLS.ship, shipSaleInput, bySide({ staff: CARD_SALE_CODES.ship })),
};

export const CARD_SALE_ACTIONS = Object.values(CARD_SALE_ACTION);
