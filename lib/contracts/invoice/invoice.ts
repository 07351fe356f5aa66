import { z } from '../../zod';
import { bySide, defineAction } from '../action';
import { CREDIT_CODE_PATTERN } from '../customer/registration';
import { blank, calendarDay, idArraySchema, idSchema, pagingInput } from '../inputs';
import { amountSchema } from '../payment/payment';
import { defineResource, NO_WRITES, type FieldSpecs } from '../resource';

/**
 * Invoices (issue 16, DOMAIN §5): the customer company's invoice information (开票信息) and its invoice applications
 * against confirmed payments, issued, rejected or red-flushed by finance. blade/modules/invoice/README.md has the
 * states and rules. The catalogue's seven calls are served at their paths; the reject, red-flush, detail and the
 * invoiceable notes are calls the catalogue lacks, named beside them. Amounts travel as decimal text (`"12.50"`).
 */

const INVOICE = '/blade-customer/invoice';
const INFO = '/blade-customer/invoiceInformation';
const APPLY = '/blade-customer/invoiceApplication';

export const INVOICE_CALLS = {
  page: { method: 'GET', path: `${INVOICE}/selectInvoiceListPage` },
  detail: { method: 'GET', path: `${INVOICE}/detail` },
  issue: { method: 'POST', path: `${INVOICE}/updateInvoiceById` },
  reject: { method: 'POST', path: `${INVOICE}/rejectInvoice` },
  redFlush: { method: 'POST', path: `${INVOICE}/redFlushInvoice` },
  infoList: { method: 'GET', path: `${INFO}/selectInvoiceInformationList` },
  infoSave: { method: 'POST', path: `${INFO}/saveOrUpdate` },
  infoRemove: { method: 'POST', path: `${INFO}/remove` },
  infoVoList: { method: 'GET', path: `${INFO}/selectInvoiceInformationVoList` },
  apply: { method: 'POST', path: `${APPLY}/saveInvoiceApplication` },
  invoiceableNotes: { method: 'GET', path: `${APPLY}/selectInvoiceableNotes` },
} as const;

/** Menu and button codes (`invoice` itself is the business-service invoice page's). */
export const INVOICE_CODES = {
  customerPage: 'my_invoice',
  staffPage: 'invoice_manage',
  issue: 'invoice_issue',
  reject: 'invoice_reject',
  redFlush: 'invoice_red_flush',
} as const;

/** The archive function of an invoice's files (the issued invoice); dataId = the invoice application id. */
export const INVOICE_FUNCTION = 'invoice_application';

export const INVOICE_KINDS = ['ordinary', 'special'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATES = ['applied', 'issued', 'rejected', 'red_flushed'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The fields a special VAT invoice (专用发票) needs beside title and taxpayer id. */
export const SPECIAL_FIELDS = ['address', 'phone', 'bankName', 'bankAccount'] as const;

const text = (max: number) =>
  z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(max, `不能超过${max}个字符`);
const optional = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(max, `不能超过${max}个字符`),
  );

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const applyInput = z.object({
  noteIds: idArraySchema
    .refine((ids) => ids.length > 0, '请至少选择一张缴费通知单')
    .refine((ids) => ids.length <= 50, '最多50张缴费通知单'),
  infoId: idSchema,
  /** Absent: everything paid and not yet invoiced on the notes. */
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), amountSchema.optional()),
  remark: optional(500),
});
export type ApplyInput = z.input<typeof applyInput>;

const day = calendarDay('必须为日期（yyyy-MM-dd）');

export const issueInput = z.object({
  id: idSchema,
  invoiceNo: text(32).refine((v) => /^[0-9A-Za-z-]+$/.test(v), '发票号码只能包含数字、字母和短横线'),
  invoiceDate: day,
  /** The issued invoice: a file uploaded into the invoice's archive (files module id, 32 hex). */
  fileId: z
    .string({ error: '必须是有效的文件' })
    .trim()
    .regex(/^[0-9a-f]{32}$/, '必须是有效的文件'),
});
export const reasonInput = z.object({ id: idSchema, reason: text(500) });

/** The invoice's header (开票信息): kept as invoice information, and copied onto an application when it is made. */
export interface InvoiceHeader {
  title: string;
  taxpayerId: string;
  invoiceKind: InvoiceKind;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
}

export interface InvoiceInfoVO extends InvoiceHeader {
  id: string;
  companyId: string;
  isDefault: 0 | 1;
  createTime: string;
}

/** The select's shape (selectInvoiceInformationVoList). */
export interface InvoiceInfoOptionVO {
  id: string;
  title: string;
  taxpayerId: string;
  invoiceKind: InvoiceKind;
  isDefault: 0 | 1;
}

export interface InvoiceNoteVO {
  noteId: string;
  noteNo: string;
  amount: string;
}

export interface InvoiceVO extends InvoiceHeader {
  id: string;
  applicationNo: string;
  companyId: string;
  companyName: string;
  infoId: string;
  amount: string;
  invoiceState: InvoiceState;
  invoiceNo: string;
  invoiceDate: string;
  fileId: string;
  fileName: string;
  rejectReason: string;
  redFlushReason: string;
  remark: string;
  createTime: string;
  notes: InvoiceNoteVO[];
}

/** A note the customer may invoice: paid (confirmed) money not yet on a live invoice. */
export interface InvoiceableNoteVO {
  noteId: string;
  noteNo: string;
  applicationNo: string;
  paidAmount: string;
  invoicedAmount: string;
  invoiceableAmount: string;
}

const fields = {
  applicationNo: { kind: 'text', max: 32, search: 'like' },
  invoiceNo: { kind: 'text', max: 32, search: 'like' },
  invoiceState: { kind: 'text', max: 16, search: 'eq' },
  amount: { kind: 'money', form: false },
} satisfies FieldSpecs;

/** 我的发票: the customer's page (invoice information, applications, the issued files). */
export const myInvoiceResource = defineResource({
  key: 'invoice.customer',
  table: 'business_invoice_application',
  ownership: 'tenant',
  readOnly: true,
  fields,
  calls: { list: INVOICE_CALLS.page, detail: INVOICE_CALLS.detail, ...NO_WRITES.calls },
  access: { read: { codes: [INVOICE_CODES.customerPage] }, ...NO_WRITES.access },
  menu: {
    code: INVOICE_CODES.customerPage,
    name: '我的发票',
    path: '/application/myInvoice',
    icon: 'receipt_long',
    parent: 'application_center',
    sort: 4,
    view: false,
  },
});

/** 发票管理: finance's page (issue, reject, red-flush). */
export const invoiceManagePage = defineResource({
  key: 'invoice.staff',
  table: 'business_invoice_application',
  ownership: 'tenant',
  readOnly: true,
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields,
  calls: { list: INVOICE_CALLS.page, detail: INVOICE_CALLS.detail, ...NO_WRITES.calls },
  // INVOICE_ACTION.page and .detail decide the side and its code.
  access: { read: {}, ...NO_WRITES.access },
  menu: {
    code: INVOICE_CODES.staffPage,
    name: '发票管理',
    path: '/businessManagement/invoiceManage',
    icon: 'receipt_long',
    parent: 'business_management',
    sort: 9,
    view: false,
    buttons: [
      { code: INVOICE_CODES.issue, name: '开具发票', alias: 'issue', action: 2 },
      { code: INVOICE_CODES.reject, name: '驳回开票申请', alias: 'reject', action: 2 },
      { code: INVOICE_CODES.redFlush, name: '红字冲销', alias: 'redFlush', action: 2 },
    ],
  },
});

const ownInfo = { codes: [INVOICE_CODES.customerPage] };

/**
 * 开票信息: the invoice titles a customer company keeps (a handful; one may be the default), which an invoice
 * application snapshots. The company's own: staff are 403 on every call (they see the snapshot on the invoice).
 * Beyond the field rules the hooks (modules/invoice) check the taxpayer id's check character, require the four bank
 * fields of a special invoice and clear them on an ordinary one, and keep one default per company.
 */
export const invoiceInfoResource = defineResource({
  key: 'invoice.info',
  table: 'business_invoice_info',
  ownership: 'tenant',
  company: { column: 'company_id', customersOnly: true },
  answerRow: true,
  defaultOrder: [
    { column: 'is_default', direction: 'desc' },
    { column: 'id', direction: 'desc' },
  ],
  fields: {
    companyId: { kind: 'text', max: 20, form: false, list: false },
    title: { kind: 'text', max: 100, required: 'invoice.info.titleRequired' },
    taxpayerId: {
      kind: 'text',
      max: 18,
      required: 'invoice.info.taxpayerRequired',
      // Lower case is taken (the hook stores it upper case); the check character is the hook's.
      pattern: {
        regex: new RegExp(CREDIT_CODE_PATTERN.source, 'i'),
        message: 'invoice.info.taxpayerInvalid',
      },
    },
    invoiceKind: {
      kind: 'text',
      max: 16,
      required: 'invoice.info.kindInvalid',
      pattern: { regex: new RegExp(`^(${INVOICE_KINDS.join('|')})$`), message: 'invoice.info.kindInvalid' },
    },
    address: { kind: 'text', max: 200 },
    phone: { kind: 'text', max: 30 },
    bankName: { kind: 'text', max: 100 },
    bankAccount: { kind: 'text', max: 50 },
    email: { kind: 'text', max: 100, pattern: { regex: EMAIL, message: 'invoice.info.emailInvalid' } },
    isDefault: { kind: 'flag', default: 0 },
  },
  calls: { list: INVOICE_CALLS.infoList, submit: INVOICE_CALLS.infoSave, remove: INVOICE_CALLS.infoRemove },
  access: { read: ownInfo, add: ownInfo, edit: ownInfo, remove: ownInfo },
});

/** The list's filters (screens send every filter, empty when unset). */
export const invoicePageQuery = z.object({
  ...pagingInput,
  invoiceState: blank(z.enum(INVOICE_STATES, { error: '状态无效' })),
  companyId: blank(idSchema),
  companyName: blank(z.string().trim().max(100, '不能超过100个字符')),
  invoiceNo: blank(z.string().trim().max(32, '不能超过32个字符')),
  applicationNo: blank(z.string().trim().max(32, '不能超过32个字符')),
});

/** A customer reads with 我的发票 (its company's), finance with 发票管理 (every company's). */
const readInvoices = bySide({ customer: INVOICE_CODES.customerPage, staff: INVOICE_CODES.staffPage });
/** The customer's calls: staff keep no invoice information and apply for nothing. */
const customerOnly = bySide({ customer: INVOICE_CODES.customerPage });

/** The calls beside the definitions; blade/modules/invoice serves each with actionRoute. */
export const INVOICE_ACTION = {
  page: defineAction({
    name: 'page',
    call: INVOICE_CALLS.page,
    input: invoicePageQuery,
    ...readInvoices,
    writes: false,
  }),
  detail: defineAction({
    name: 'detail',
    call: INVOICE_CALLS.detail,
    input: z.object({ id: idSchema }),
    ...readInvoices,
    writes: false,
  }),
  issue: defineAction({
    name: 'invoiceIssue',
    call: INVOICE_CALLS.issue,
    input: issueInput,
    ...bySide({ staff: INVOICE_CODES.issue }),
    writes: true,
  }),
  reject: defineAction({
    name: 'invoiceReject',
    call: INVOICE_CALLS.reject,
    input: reasonInput,
    ...bySide({ staff: INVOICE_CODES.reject }),
    writes: true,
  }),
  redFlush: defineAction({
    name: 'invoiceRedFlush',
    call: INVOICE_CALLS.redFlush,
    input: reasonInput,
    ...bySide({ staff: INVOICE_CODES.redFlush }),
    writes: true,
  }),
  infoVoList: defineAction({
    name: 'invoiceInfoVoList',
    call: INVOICE_CALLS.infoVoList,
    input: z.object({}),
    ...customerOnly,
    writes: false,
  }),
  apply: defineAction({
    name: 'invoiceApply',
    call: INVOICE_CALLS.apply,
    input: applyInput,
    ...customerOnly,
    writes: true,
  }),
  invoiceableNotes: defineAction({
    name: 'invoiceableNotes',
    call: INVOICE_CALLS.invoiceableNotes,
    input: z.object(pagingInput),
    ...customerOnly,
    writes: false,
  }),
};

export const INVOICE_ACTIONS = Object.values(INVOICE_ACTION);
