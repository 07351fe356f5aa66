import { z } from '../../zod';
import { bySide, defineAction } from '../action';
import { blank, calendarDay, idSchema, pagingInput } from '../inputs';
import { defineResource, NO_WRITES, type FieldSpecs } from '../resource';
import { toCents } from './money';
import { PAYMENT_CALLS } from './calls';

export { PAYMENT_CALLS } from './calls';

/**
 * Payment notes (缴费通知单) and vouchers (缴费凭证), issue 16; blade/modules/payment/README.md has the states and
 * rules. The catalogue names three calls (selectPaymentNotesPage, detail, savePaymentVoucher); issuing a note,
 * checking a voucher and cancelling a note are calls the catalogue lacks, named beside them under the same prefix.
 * Amounts travel as decimal text with two decimals (`"1234.50"`), never as floats.
 */

/** Menu and button codes. */
export const PAYMENT_CODES = {
  customerPage: 'my_payment_note',
  staffPage: 'payment_note',
  issue: 'payment_note_issue',
  confirm: 'payment_voucher_confirm',
  cancel: 'payment_note_cancel',
} as const;

/** The archive function of a note's files (the bank slips); dataId = the note id. */
export const PAYMENT_FUNCTION = 'payment_note';

export const NOTE_STATES = ['issued', 'partly_paid', 'paid', 'cancelled'] as const;
export type NoteState = (typeof NOTE_STATES)[number];
/**
 * What a note is for: an application (its fees), a CCC mark order (modules/card-sale), an application batch (one note
 * for the applications a company filed together) or a certificate change (its fee; modules/cert-change).
 */
export const NOTE_SUBJECTS = ['application', 'card_sale', 'batch', 'cert_change'] as const;
export type NoteSubject = (typeof NOTE_SUBJECTS)[number];
export const VOUCHER_STATES = ['submitted', 'confirmed', 'rejected'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

/** At most this many lines on one note. */
export const MAX_NOTE_LINES = 50;

/** A positive amount (decimal text or a JSON number read by its text), answered canonical `"12.50"`. */
export const amountSchema = z
  .union([z.string(), z.number()], { error: '必须为正数（最多两位小数）' })
  .transform((v, ctx) => {
    const cents = toCents(v);
    if (cents === null || cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: '必须为正数（最多两位小数）' });
      return z.NEVER;
    }
    const digits = cents.toString().padStart(3, '0');
    return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  });

const day = calendarDay('必须为日期（yyyy-MM-dd）');

const optionalText = (max: number) => z.string().trim().max(max, `不能超过${max}个字符`).optional();

export const noteLineSchema = z.object({
  item: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(100, '不能超过100个字符'),
  amount: amountSchema,
});

export const issueNoteInput = z
  .object({
    /** The application by id, or by its number (the finance screen types the number). */
    applicationId: idSchema.optional(),
    applicationNo: z.string().trim().max(32, '不能超过32个字符').optional(),
    /** Or a reviewed CCC mark order (issue 16): the note's lines and total are the order's. */
    cardSaleId: idSchema.optional(),
    /** Or an application batch by id or number: one note for its applications, all billable. */
    batchId: idSchema.optional(),
    batchNumber: z.string().trim().max(32, '不能超过32个字符').optional(),
    /** Or a certificate change by id or number, accepted and not yet decided. */
    certChangeId: idSchema.optional(),
    changeNo: z.string().trim().max(32, '不能超过32个字符').optional(),
    /** The itemised fees; a mark order's note takes the order's lines instead (none may be sent). */
    lines: z.array(noteLineSchema).max(MAX_NOTE_LINES, `最多${MAX_NOTE_LINES}项`).optional(),
    /** The total the issuer saw; must equal the sum of the lines (an order's total) exactly. */
    totalAmount: amountSchema.optional(),
    dueDate: day.optional(),
    payeeInfo: optionalText(500),
    remark: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const subjects = [
      Boolean(v.applicationId || v.applicationNo),
      Boolean(v.cardSaleId),
      Boolean(v.batchId || v.batchNumber),
      Boolean(v.certChangeId || v.changeNo),
    ].filter(Boolean).length;
    if (subjects > 1)
      ctx.addIssue({
        code: 'custom',
        message: '申请、批次、证书变更与标志订单只能选一个',
        path: ['applicationNo'],
      });
    if (v.cardSaleId) {
      if (v.lines?.length)
        ctx.addIssue({ code: 'custom', message: '标志订单的收费明细取自订单', path: ['lines'] });
      return;
    }
    if (subjects === 0) ctx.addIssue({ code: 'custom', message: '请输入申请编号', path: ['applicationNo'] });
    if (!v.lines?.length) ctx.addIssue({ code: 'custom', message: '至少一项', path: ['lines'] });
    if (v.totalAmount === undefined)
      ctx.addIssue({ code: 'custom', message: '必须为正数（最多两位小数）', path: ['totalAmount'] });
  });
export type IssueNoteInput = z.input<typeof issueNoteInput>;

export const saveVoucherInput = z.object({
  noteId: idSchema,
  amount: amountSchema,
  payDate: day,
  payerName: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(100, '不能超过100个字符'),
  /** The bank slip: a file uploaded into the note's archive (files module id, 32 hex). */
  fileId: z
    .string({ error: '必须是有效的文件' })
    .trim()
    .regex(/^[0-9a-f]{32}$/, '必须是有效的文件'),
  remark: optionalText(500),
});
export type SaveVoucherInput = z.input<typeof saveVoucherInput>;

export const voucherIdInput = z.object({ id: idSchema });
export const rejectVoucherInput = z.object({
  id: idSchema,
  reason: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(500, '不能超过500个字符'),
});
export const cancelNoteInput = z.object({ id: idSchema, reason: optionalText(500) });

export interface PaymentNoteLineVO {
  id: string;
  lineNo: number;
  item: string;
  amount: string;
}

export interface PaymentVoucherVO {
  id: string;
  noteId: string;
  amount: string;
  payDate: string;
  payerName: string;
  fileId: string;
  fileName: string;
  voucherState: VoucherState;
  remark: string;
  rejectReason: string;
  checkedBy: string;
  checkedAt: string;
  createTime: string;
}

export interface PaymentNoteVO {
  id: string;
  noteNo: string;
  /**
   * What the note bills: `application` (applicationId, applicationNo), `card_sale` (cardSaleId, orderNo), `batch`
   * (batchId, batchNumber) or `cert_change` (certChangeId, changeNo); the other subjects' fields are empty.
   */
  subjectKind: NoteSubject;
  applicationId: string;
  applicationNo: string;
  cardSaleId: string;
  orderNo: string;
  batchId: string;
  batchNumber: string;
  certChangeId: string;
  changeNo: string;
  productName: string;
  companyId: string;
  companyName: string;
  totalAmount: string;
  paidAmount: string;
  unpaidAmount: string;
  noteState: NoteState;
  dueDate: string;
  /** Still owed past `dueDate` by the server's day (what the list's `overdue=1` selects). */
  overdue: boolean;
  payeeInfo: string;
  remark: string;
  issuedBy: string;
  cancelReason: string;
  createTime: string;
}

export interface PaymentNoteDetailVO extends PaymentNoteVO {
  lines: PaymentNoteLineVO[];
  vouchers: PaymentVoucherVO[];
}

const fields = {
  noteNo: { kind: 'text', max: 32, search: 'like' },
  applicationNo: { kind: 'text', max: 32, search: 'like', form: false },
  noteState: { kind: 'text', max: 16, search: 'eq' },
  totalAmount: { kind: 'money', form: false },
  paidAmount: { kind: 'money', form: false },
} satisfies FieldSpecs;

/** 我的缴费通知单: the customer's page (its company's notes; the voucher upload). */
export const myPaymentNoteResource = defineResource({
  key: 'payment.customer',
  table: 'business_payment_note',
  ownership: 'tenant',
  readOnly: true,
  fields,
  calls: { list: PAYMENT_CALLS.page, detail: PAYMENT_CALLS.detail, ...NO_WRITES.calls },
  access: { read: { codes: [PAYMENT_CODES.customerPage] }, ...NO_WRITES.access },
  menu: {
    code: PAYMENT_CODES.customerPage,
    name: '我的缴费通知单',
    path: '/application/myPaymentNote',
    icon: 'payments',
    parent: 'application_center',
    sort: 3,
    view: false,
  },
});

/** 缴费管理: finance's page (issue, check vouchers, cancel). */
export const paymentNotePage = defineResource({
  key: 'payment.staff',
  table: 'business_payment_note',
  ownership: 'tenant',
  readOnly: true,
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields,
  calls: { list: PAYMENT_CALLS.page, detail: PAYMENT_CALLS.detail, ...NO_WRITES.calls },
  // PAYMENT_ACTION.page and .detail decide the side and its code.
  access: { read: {}, ...NO_WRITES.access },
  menu: {
    code: PAYMENT_CODES.staffPage,
    name: '缴费管理',
    path: '/businessManagement/paymentNote',
    icon: 'payments',
    parent: 'business_management',
    sort: 8,
    view: false,
    buttons: [
      { code: PAYMENT_CODES.issue, name: '开具缴费通知单', alias: 'issue', action: 1 },
      { code: PAYMENT_CODES.confirm, name: '确认缴费凭证', alias: 'confirm', action: 2 },
      { code: PAYMENT_CODES.cancel, name: '作废缴费通知单', alias: 'cancel', action: 2 },
    ],
  },
});

/** The list's filters (screens send every filter, empty when unset). */
export const notePageQuery = z.object({
  ...pagingInput,
  noteState: blank(z.enum(NOTE_STATES, { error: '状态无效' })),
  applicationNo: blank(z.string().trim().max(32, '不能超过32个字符')),
  noteNo: blank(z.string().trim().max(32, '不能超过32个字符')),
  /** `1`: only notes still owed (issued or partly paid) whose due date has passed (the dashboard's overdue tile). */
  overdue: blank(z.enum(['0', '1'], { error: '逾期筛选只能为0或1' })),
});

/** Both pages read with their own code: a customer its company's notes, finance every company's. */
const readNotes = bySide({ customer: PAYMENT_CODES.customerPage, staff: PAYMENT_CODES.staffPage });

/** The calls beside the pages' definitions; blade/modules/payment serves each with actionRoute. */
export const PAYMENT_ACTION = {
  page: defineAction({
    name: 'page',
    call: PAYMENT_CALLS.page,
    input: notePageQuery,
    ...readNotes,
    writes: false,
  }),
  detail: defineAction({
    name: 'detail',
    call: PAYMENT_CALLS.detail,
    input: z.object({ id: idSchema }),
    ...readNotes,
    writes: false,
  }),
  saveVoucher: defineAction({
    name: 'saveVoucher',
    call: PAYMENT_CALLS.saveVoucher,
    input: saveVoucherInput,
    ...bySide({ customer: PAYMENT_CODES.customerPage }),
    writes: true,
  }),
  issue: defineAction({
    name: 'issue',
    call: PAYMENT_CALLS.issue,
    input: issueNoteInput,
    ...bySide({ staff: PAYMENT_CODES.issue }),
    writes: true,
  }),
  confirmVoucher: defineAction({
    name: 'confirmVoucher',
    call: PAYMENT_CALLS.confirmVoucher,
    input: voucherIdInput,
    ...bySide({ staff: PAYMENT_CODES.confirm }),
    writes: true,
  }),
  rejectVoucher: defineAction({
    name: 'rejectVoucher',
    call: PAYMENT_CALLS.rejectVoucher,
    input: rejectVoucherInput,
    ...bySide({ staff: PAYMENT_CODES.confirm }),
    writes: true,
  }),
  cancel: defineAction({
    name: 'cancel',
    call: PAYMENT_CALLS.cancel,
    input: cancelNoteInput,
    ...bySide({ staff: PAYMENT_CODES.cancel }),
    writes: true,
  }),
};

export const PAYMENT_ACTIONS = Object.values(PAYMENT_ACTION);
