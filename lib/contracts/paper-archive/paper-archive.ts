import { z } from '../../zod';
import { defineAction } from '../action';
import { calendarDay, idSchema, pagingInput } from '../inputs';
import { defineResource, NO_WRITES } from '../resource';
import { PAPER_ARCHIVE_CALLS } from './calls';

export { PAPER_ARCHIVE_CALLS } from './calls';

/**
 * Paper archives (纸质档案) and archive borrowing (档案借阅): issue 17, DOMAIN §8, spec 000 §5–§6,
 * blade/modules/paper-archive/README.md. A paper archive is the paper file of one business application, registered
 * (submitted) by the archivist; a borrowing is a request of an engineer, approved by a team leader and, for paper, lent
 * and taken back by the archivist. An electronic loan is a view of the application's electronic archive that ends by
 * itself (`viewUntil`).
 */

/** The 档案管理 navigation group (seeded, blade/db/seed-data.ts). */
export const ARCHIVE_GROUP = 'archive_manage';

/** Menu and button codes: who does what (the three views of spec 000 §6, README). */
export const PAPER_ARCHIVE_CODES = {
  /** 纸质档案: the archive list (archivist; anyone borrowing picks from it). */
  page: 'paper_archive',
  /** Archivist: register the paper file of an application. */
  submit: 'paper_archive_submit',
  /** Archivist: signature printing (an application file stamped with the tenant's seal, logged: README). */
  print: 'paper_archive_print',
  /** 档案借阅: the borrowing lists. */
  borrowPage: 'archive_borrowing',
  /** Engineer: ask to borrow (paper or electronic). */
  apply: 'archive_borrow_apply',
  /** Team leader: approve or reject a request. */
  approve: 'archive_borrow_approve',
  /** Archivist: lend an approved paper request and take it back. */
  manage: 'archive_borrow_manage',
} as const;

export const BORROW_KINDS = ['paper', 'electronic'] as const;
export type BorrowKind = (typeof BORROW_KINDS)[number];
export const BORROW_STATES = ['submitted', 'approved', 'rejected', 'on_loan', 'returned'] as const;
export type BorrowState = (typeof BORROW_STATES)[number];
/**
 * The state an answer shows: an approved electronic loan past its `viewUntil` reads `expired`, a paper file still out
 * after its due date reads `overdue` (neither stored: each is decided on every read, nothing runs to flip it).
 */
export type ShownBorrowState = BorrowState | 'expired' | 'overdue';

/** Days a paper loan may run (DOMAIN §8: short loans) and an electronic view may last. */
export const MAX_PAPER_LOAN_DAYS = 30;
export const MAX_VIEW_DAYS = 30;

export interface PaperArchiveVO {
  id: string;
  applicationId: string;
  applicationNo: string;
  productName: string;
  applicantName: string;
  archiveNo: string;
  location: string;
  pageCount: number;
  remark: string;
  /** Lent out now (a paper loan `on_loan`). */
  onLoan: boolean;
  borrowerName: string;
  createUserName: string;
  createTime: string;
}

export interface BorrowingVO {
  id: string;
  kind: BorrowKind;
  applicationId: string;
  applicationNo: string;
  productName: string;
  archiveId: string;
  archiveNo: string;
  borrowerId: string;
  borrowerName: string;
  purpose: string;
  dueDate: string;
  viewDays: number | null;
  borrowState: ShownBorrowState;
  approverName: string;
  approvedAt: string;
  approveRemark: string;
  viewUntil: string;
  lentAt: string;
  returnedAt: string;
  returnRemark: string;
  createTime: string;
  /** Electronic loans: how many times it was viewed. */
  viewCount: number;
}

/** The 纸质档案 page (its list and every call are the module's routes). */
export const paperArchivePage = defineResource({
  key: 'paperArchive.archive',
  table: 'business_paper_archive',
  ownership: 'tenant',
  readOnly: true,
  fields: {},
  calls: { list: PAPER_ARCHIVE_CALLS.page, ...NO_WRITES.calls },
  access: {
    read: { codes: [PAPER_ARCHIVE_CODES.page, PAPER_ARCHIVE_CODES.borrowPage] },
    ...NO_WRITES.access,
  },
  menu: {
    code: PAPER_ARCHIVE_CODES.page,
    name: '纸质档案',
    path: '/documents/paperArchive',
    icon: 'inventory_2',
    parent: ARCHIVE_GROUP,
    sort: 4,
    view: false,
    buttons: [
      { code: PAPER_ARCHIVE_CODES.submit, name: '提交档案', alias: 'submit', action: 1 },
      { code: PAPER_ARCHIVE_CODES.print, name: '签章打印', alias: 'print', action: 2 },
    ],
  },
});

/** The 档案借阅 page. */
export const borrowingPage = defineResource({
  key: 'paperArchive.borrowing',
  table: 'business_archive_borrowing',
  ownership: 'tenant',
  readOnly: true,
  fields: {},
  calls: { list: PAPER_ARCHIVE_CALLS.paperPage, ...NO_WRITES.calls },
  access: { read: { codes: [PAPER_ARCHIVE_CODES.borrowPage] }, ...NO_WRITES.access },
  menu: {
    code: PAPER_ARCHIVE_CODES.borrowPage,
    name: '档案借阅',
    path: '/documents/archiveBorrowing',
    icon: 'menu_book',
    parent: ARCHIVE_GROUP,
    sort: 5,
    view: false,
    buttons: [
      { code: PAPER_ARCHIVE_CODES.apply, name: '借阅申请', alias: 'apply', action: 1 },
      { code: PAPER_ARCHIVE_CODES.approve, name: '审批', alias: 'approve', action: 2 },
      { code: PAPER_ARCHIVE_CODES.manage, name: '借出归还', alias: 'manage', action: 2 },
    ],
  },
});

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const dayFilter = (message: string) => z.preprocess(blankToUndefined, calendarDay(message).optional());
const text = (max: number) => z.string().trim().max(max, `长度不能超过${max}`);
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `长度不能超过${max}`);

export const archivePageQuery = z.object({
  ...pagingInput,
  applicationId: z.preprocess(blankToUndefined, idSchema.optional()),
  archiveNo: z.preprocess(blankToUndefined, text(64).optional()),
  productName: z.preprocess(blankToUndefined, text(100).optional()),
  /** `yyyy-MM-dd`: from its 00:00:00 (spec 000 §5). */
  createTimeStart: dayFilter('请输入正确的开始日期'),
  /** `yyyy-MM-dd`: through its 23:59:59 (spec 000 §5). */
  createTimeEnd: dayFilter('请输入正确的结束日期'),
});

export const byApplicationQuery = z.object({ applicationId: idSchema });

/** The application by its id, or by its number as a person types it. */
const applicationRef = {
  applicationId: z.preprocess(blankToUndefined, idSchema.optional()),
  applicationNo: z.preprocess(blankToUndefined, text(64).optional()),
};
const hasApplication = (v: { applicationId?: string; applicationNo?: string }) =>
  Boolean(v.applicationId || v.applicationNo);
const APPLICATION_REQUIRED = { message: '请输入申请编号', path: ['applicationNo'] };

export const archiveSubmitInput = z
  .object({
    ...applicationRef,
    /** Default: the application's number. */
    archiveNo: z.preprocess(blankToUndefined, text(64).optional()),
    location: required('请输入存放位置', 200),
    pageCount: z.coerce
      .number({ error: '页数必须为非负整数' })
      .int('页数必须为非负整数')
      .min(0, '页数必须为非负整数'),
    remark: text(500).optional().default(''),
  })
  .refine(hasApplication, APPLICATION_REQUIRED);

export const borrowPageQuery = z.object({
  ...pagingInput,
  borrowState: z.preprocess(blankToUndefined, z.enum([...BORROW_STATES, 'expired', 'overdue']).optional()),
  applicationId: z.preprocess(blankToUndefined, idSchema.optional()),
  /** Only the caller's own requests (the engineer's view; without the approve or manage button it is forced). */
  mine: z.preprocess(blankToUndefined, z.enum(['0', '1', 'true', 'false']).optional()),
});

export const paperSaveInput = z.object({
  archiveId: idSchema,
  purpose: required('请输入借阅目的', 500),
  dueDate: calendarDay('请选择归还日期'),
});

export const eSaveInput = z
  .object({
    ...applicationRef,
    purpose: required('请输入借阅目的', 500),
    viewDays: z.coerce
      .number({ error: `查阅天数为1至${MAX_VIEW_DAYS}天` })
      .int(`查阅天数为1至${MAX_VIEW_DAYS}天`)
      .min(1, `查阅天数为1至${MAX_VIEW_DAYS}天`)
      .max(MAX_VIEW_DAYS, `查阅天数为1至${MAX_VIEW_DAYS}天`),
  })
  .refine(hasApplication, APPLICATION_REQUIRED);

const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '请选择审批结果' }),
);

/** A rejection needs its reason; an approval may carry a remark. */
export const approveInput = z
  .object({ id: idSchema, pass: flag, remark: text(500).optional().default('') })
  .refine((v) => v.pass || v.remark.length > 0, { message: '请输入驳回原因', path: ['remark'] });

export const borrowIdInput = z.object({ id: idSchema });
export const returnInput = z.object({ id: idSchema, remark: text(500).optional().default('') });
/** A stored file's id (blade_file: 32 hex digits). */
const fileIdSchema = z
  .string({ error: '请选择文件' })
  .trim()
  .regex(/^[0-9a-f]{32}$/, '必须是有效的文件ID');

/** The paper archive (`archiveId`, or `id`) or its application (`applicationId`), and one file of its archive. */
export const signatureInput = z
  .object({
    id: z.preprocess(blankToUndefined, idSchema.optional()),
    archiveId: z.preprocess(blankToUndefined, idSchema.optional()),
    applicationId: z.preprocess(blankToUndefined, idSchema.optional()),
    fileId: fileIdSchema,
  })
  .refine((v) => Boolean(v.id || v.archiveId || v.applicationId), {
    message: '请选择纸质档案',
    path: ['archiveId'],
  });
export const printFilesQuery = z.object({ archiveId: idSchema });
export const printOpenQuery = z.object({ id: idSchema, authKey: z.string().max(200).optional().default('') });
export const eFileInput = z.object({ id: idSchema, fileId: fileIdSchema });
export const eOpenFileQuery = eFileInput.extend({ authKey: z.string().max(200).optional().default('') });

const BORROW_TABLE = 'business_archive_borrowing';
const borrowTransition = (from: BorrowState[]) => ({
  table: BORROW_TABLE,
  ownership: 'tenant' as const,
  column: 'borrow_state',
  from,
});
/** The approver's decision on a submitted borrowing, paper or electronic alike: passed or rejected, with its remark. */
const approval = {
  ...borrowTransition(['submitted']),
  to: (input: z.infer<typeof approveInput>): BorrowState => (input.pass ? 'approved' : 'rejected'),
  id: (input: z.infer<typeof approveInput>) => input.id,
  comment: (input: z.infer<typeof approveInput>) => input.remark,
};

const READERS = [PAPER_ARCHIVE_CODES.page, PAPER_ARCHIVE_CODES.borrowPage];

export const PAPER_ARCHIVE_ACTIONS = [
  defineAction({
    name: 'count',
    call: PAPER_ARCHIVE_CALLS.count,
    input: z.object({}),
    access: { codes: READERS },
    writes: false,
  }),
  defineAction({
    name: 'page',
    call: PAPER_ARCHIVE_CALLS.page,
    input: archivePageQuery,
    access: { codes: READERS },
    writes: false,
  }),
  defineAction({
    name: 'byApplication',
    call: PAPER_ARCHIVE_CALLS.byApplication,
    input: byApplicationQuery,
    access: { codes: READERS },
    writes: false,
  }),
  defineAction({
    name: 'submit',
    call: PAPER_ARCHIVE_CALLS.submit,
    input: archiveSubmitInput,
    access: { codes: [PAPER_ARCHIVE_CODES.submit] },
    writes: true,
  }),
  defineAction({
    name: 'paperPage',
    call: PAPER_ARCHIVE_CALLS.paperPage,
    input: borrowPageQuery,
    access: { codes: [PAPER_ARCHIVE_CODES.borrowPage] },
    writes: false,
  }),
  defineAction({
    name: 'paperSave',
    call: PAPER_ARCHIVE_CALLS.paperSave,
    input: paperSaveInput,
    access: { codes: [PAPER_ARCHIVE_CODES.apply] },
    writes: true,
  }),
  defineAction({
    name: 'paperApprove',
    call: PAPER_ARCHIVE_CALLS.paperApprove,
    input: approveInput,
    access: { codes: [PAPER_ARCHIVE_CODES.approve] },
    writes: true,
    transition: approval,
  }),
  defineAction({
    name: 'manageBorrow',
    call: PAPER_ARCHIVE_CALLS.manageBorrow,
    input: borrowIdInput,
    access: { codes: [PAPER_ARCHIVE_CODES.manage] },
    writes: true,
    transition: { ...borrowTransition(['approved']), to: 'on_loan', id: (input) => input.id },
  }),
  defineAction({
    name: 'manageReturn',
    call: PAPER_ARCHIVE_CALLS.manageReturn,
    input: returnInput,
    access: { codes: [PAPER_ARCHIVE_CODES.manage] },
    writes: true,
    transition: {
      ...borrowTransition(['on_loan']),
      to: 'returned',
      id: (input) => input.id,
      comment: (input) => input.remark,
    },
  }),
  defineAction({
    name: 'ePage',
    call: PAPER_ARCHIVE_CALLS.ePage,
    input: borrowPageQuery,
    access: { codes: [PAPER_ARCHIVE_CODES.borrowPage] },
    writes: false,
  }),
  defineAction({
    name: 'eSave',
    call: PAPER_ARCHIVE_CALLS.eSave,
    input: eSaveInput,
    access: { codes: [PAPER_ARCHIVE_CODES.apply] },
    writes: true,
  }),
  defineAction({
    name: 'eApprove',
    call: PAPER_ARCHIVE_CALLS.eApprove,
    input: approveInput,
    access: { codes: [PAPER_ARCHIVE_CODES.approve] },
    writes: true,
    transition: approval,
  }),
  defineAction({
    name: 'eView',
    call: PAPER_ARCHIVE_CALLS.eView,
    input: borrowIdInput,
    access: { codes: [PAPER_ARCHIVE_CODES.borrowPage] },
    writes: true,
  }),
  defineAction({
    name: 'startSignature',
    call: PAPER_ARCHIVE_CALLS.startSignature,
    input: signatureInput,
    access: { codes: [PAPER_ARCHIVE_CODES.print] },
    writes: true,
  }),
  defineAction({
    name: 'printFiles',
    call: PAPER_ARCHIVE_CALLS.printFiles,
    input: printFilesQuery,
    access: { codes: [PAPER_ARCHIVE_CODES.print] },
    writes: false,
  }),
  defineAction({
    name: 'eFileKey',
    call: PAPER_ARCHIVE_CALLS.eFileKey,
    input: eFileInput,
    access: { codes: [PAPER_ARCHIVE_CODES.borrowPage] },
    writes: false,
  }),
] as const;

/** What signature printing answers: the print, its stamped copy, and where to open it (`openUrl` + `authKey`). */
export interface SignaturePrintVO {
  printId: string;
  archiveId: string;
  fileId: string;
  stampedFileId: string;
  originalFilename: string;
  printedAt: string;
  /** A key for `printOpen` (5 minutes, bound to the print's stamped copy and the caller). */
  authKey: string;
}

/** A file of an application's electronic archive (the files stored with its record). */
export interface ArchiveFileVO {
  id: string;
  originalFilename: string;
  catalogName: string;
}

/** What an electronic view answers: the application's archive files, readable until `viewUntil`. */
export interface ElectronicViewVO {
  borrowingId: string;
  applicationId: string;
  viewUntil: string;
  files: ArchiveFileVO[];
}
