import { z } from '../../zod';
import { defineAction } from '../action';
import { creditCodeProblem } from '../customer/registration';
import { calendarDay, idArraySchema, idSchema } from '../inputs';
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

/** The taxpayer id is the company's 18-character unified social credit code, checked as registration checks it. */
export const taxpayerIdSchema = z
  .string({ error: '不能为空' })
  .trim()
  .min(1, '不能为空')
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    const problem = creditCodeProblem(v);
    if (problem === 'creditCodeInvalid')
      ctx.addIssue({ code: 'custom', message: '纳税人识别号应为18位统一社会信用代码（不含I、O、S、V、Z）' });
    else if (problem) ctx.addIssue({ code: 'custom', message: '纳税人识别号校验位不正确，请核对' });
  });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const infoSaveInput = z
  .object({
    /** Absent: a new record; present: the company's record to update. */
    id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
    title: text(100),
    taxpayerId: taxpayerIdSchema,
    invoiceKind: z.enum(INVOICE_KINDS, { error: '必须为普通发票或专用发票' }),
    address: optional(200),
    phone: optional(30),
    bankName: optional(100),
    bankAccount: optional(50),
    email: optional(100).refine((v) => v === '' || EMAIL.test(v), '邮箱格式不正确'),
    isDefault: z.preprocess(
      (v) => (v === true || v === 1 || v === '1' ? 1 : 0),
      z.union([z.literal(0), z.literal(1)]),
    ),
  })
  .superRefine((v, ctx) => {
    // A special VAT invoice needs all four; each missing one is named (the 400 says which).
    if (v.invoiceKind !== 'special') return;
    for (const field of SPECIAL_FIELDS)
      if (v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: '专用发票必须填写' });
  });
export type InfoSaveInput = z.input<typeof infoSaveInput>;

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

export interface InvoiceInfoVO {
  id: string;
  companyId: string;
  title: string;
  taxpayerId: string;
  invoiceKind: InvoiceKind;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
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

export interface InvoiceVO {
  id: string;
  applicationNo: string;
  companyId: string;
  companyName: string;
  infoId: string;
  title: string;
  taxpayerId: string;
  invoiceKind: InvoiceKind;
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
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
  // The routes check: a customer reads its company's, staff need the page code.
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

const anyone = {};
const action = (name: string, call: { method: 'GET' | 'POST'; path: string }, input: z.ZodType) =>
  defineAction({ name, call, input, access: anyone, writes: call.method === 'POST' });

export const INVOICE_ACTIONS = [
  action('invoiceIssue', INVOICE_CALLS.issue, issueInput),
  action('invoiceReject', INVOICE_CALLS.reject, reasonInput),
  action('invoiceRedFlush', INVOICE_CALLS.redFlush, reasonInput),
  action('invoiceInfoList', INVOICE_CALLS.infoList, z.object({})),
  action('invoiceInfoSave', INVOICE_CALLS.infoSave, infoSaveInput),
  action('invoiceInfoRemove', INVOICE_CALLS.infoRemove, z.object({})),
  action('invoiceInfoVoList', INVOICE_CALLS.infoVoList, z.object({})),
  action('invoiceApply', INVOICE_CALLS.apply, applyInput),
  action('invoiceableNotes', INVOICE_CALLS.invoiceableNotes, z.object({})),
] as const;
