import { z } from '../../zod';
import { bySide, defineAction } from '../action';
import { blank, idArraySchema, idSchema, pagingInput } from '../inputs';
import { defineResource, NO_WRITES, type FieldSpecs } from '../resource';
import {
  COMPLAINT_STEPS,
  CUSTOMER_KINDS,
  QUALITY_CODES,
  SCORE_MAX,
  SCORE_MIN,
  SUBJECT_TYPES,
  type ComplaintKind,
  type ComplaintState,
  type SubjectType,
} from './machine';

/**
 * Complaints and satisfaction surveys (issue 16, DOMAIN §6): the customer's pages 我的投诉 and 我的满意度调查 under
 * 认证申请, the staff's 投诉处理 and 满意度调查 under 业务管理, and the calls beside them. The pages are read-only
 * resources whose calls blade/modules/quality serves with routes of its own: a customer sees their company's rows only,
 * and every change of a complaint is a step of machine.ts.
 */

const BASE = '/blade-customer';

export const QUALITY_PAGE_CODES = {
  myComplaint: 'my_complaint',
  mySurvey: 'my_survey',
  complaint: 'complaint',
  survey: 'survey',
} as const;

const id = idSchema;
/** An id or nothing (`""` and null are nothing: a form's empty pick). */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
/** A file of the files module (blade_file.id: 32 hex characters). */
const fileId = z
  .string({ error: '必须是有效的文件' })
  .trim()
  .regex(/^[0-9a-f]{32}$/, '必须是有效的文件');
const text = (max: number) =>
  z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(max, `不能超过${max}个字符`);
const optionalText = (max: number) => z.string().trim().max(max, `不能超过${max}个字符`);

// --- complaints -------------------------------------------------------------------------------------------------

export const complaintListInput = z.object({
  ...pagingInput,
  caseNo: blank(optionalText(32)),
  complaintState: blank(optionalText(16)),
  kind: blank(optionalText(16)),
  /** `1`: only cases past a deadline still open (acknowledgement or answer). */
  overdue: blank(z.enum(['0', '1'], { error: '逾期筛选只能为0或1' })),
});

export const complaintSaveInput = z.object({
  id: optionalId,
  kind: z.enum(CUSTOMER_KINDS, { error: '类型无效' }).default('complaint'),
  subjectType: z.enum(SUBJECT_TYPES, { error: '请选择投诉对象' }),
  applicationId: optionalId,
  certificateId: optionalId,
  /** The staff member complained about, if any (kept out of the handler's choice). */
  subjectUserId: optionalId,
  title: text(200),
  content: text(4000),
  fileIds: z.array(fileId, { error: '必须是有效的文件' }).max(20, '最多20个文件').default([]),
});
export type ComplaintSaveInput = z.input<typeof complaintSaveInput>;

export const complaintRemoveInput = z.object({
  ids: idArraySchema.refine((ids) => ids.length >= 1 && ids.length <= 100, '请选择1到100条记录'),
});

export const complaintTransitInput = z.object({
  id,
  action: z.enum(COMPLAINT_STEPS, { error: '操作无效' }),
  /** assign: the staff user who handles the case. */
  handlerId: optionalId,
  /** The reason (notAccept, reopen), the findings (investigate), the answer (respond), a remark otherwise. */
  text: optionalText(4000).optional(),
});

export const complaintDetailInput = z.object({ id });

export interface ComplaintHistoryRow {
  id: string;
  action: string;
  fromState: string;
  toState: string;
  comment: string;
  userId: string;
  userName: string;
  createTime: string;
}

/** A complaint as every call answers it (ids as strings, '' for none, times yyyy-MM-dd HH:mm:ss). */
export interface ComplaintVO {
  id: string;
  caseNo: string;
  kind: ComplaintKind;
  subjectType: SubjectType;
  companyId: string;
  companyName: string;
  applicationId: string;
  applicationNo: string;
  certificateId: string;
  certNumber: string;
  subjectUserId: string;
  surveyId: string;
  title: string;
  content: string;
  fileIds: string[];
  complaintState: ComplaintState;
  receivedAt: string;
  ackDueAt: string;
  respondDueAt: string;
  acknowledgedAt: string;
  /** Open and past the deadline of its next milestone. */
  acknowledgeOverdue: boolean;
  respondOverdue: boolean;
  handlerId: string;
  handlerName: string;
  investigation: string;
  response: string;
  respondedAt: string;
  closedAt: string;
  customerFeedback: string;
  createTime: string;
  updateTime: string;
}

export interface ComplaintDetail extends ComplaintVO {
  history: ComplaintHistoryRow[];
}

export interface HandlerCandidate {
  id: string;
  realName: string;
  /** Worked on the complained-about application, or is the person complained about: not selectable. */
  conflict: boolean;
}

/**
 * Complaints: a customer reads its company's with 我的投诉 (or its 投诉 button), staff with 投诉处理; only a customer
 * with the 投诉 button files or withdraws one; each step checks its own code (machine.ts).
 */
const readComplaints = bySide({
  customer: [QUALITY_PAGE_CODES.myComplaint, QUALITY_CODES.apply],
  staff: QUALITY_PAGE_CODES.complaint,
});
const complain = bySide({ customer: QUALITY_CODES.apply });

export const complaintList = defineAction({
  name: 'list',
  call: { method: 'GET', path: `${BASE}/complaint/selectComplaintList` },
  input: complaintListInput,
  ...readComplaints,
  writes: false,
});
export const complaintSave = defineAction({
  name: 'save',
  call: { method: 'POST', path: `${BASE}/complaint/save` },
  input: complaintSaveInput,
  ...complain,
  writes: true,
});
export const complaintRemove = defineAction({
  name: 'remove',
  call: { method: 'POST', path: `${BASE}/complaint/remove` },
  input: complaintRemoveInput,
  ...complain,
  writes: true,
});
export const complaintTransit = defineAction({
  name: 'transit',
  call: { method: 'POST', path: `${BASE}/complaint/transit` },
  input: complaintTransitInput,
  ...readComplaints,
  writes: true,
});
export const complaintDetail = defineAction({
  name: 'detail',
  call: { method: 'GET', path: `${BASE}/complaint/detail` },
  input: complaintDetailInput,
  ...readComplaints,
  writes: false,
});
/**
 * Who may handle a case, for the staff's 指派 pick: the caller needs the button (`access`, before the input is read)
 * and, as staff, the complaints page (`sides`).
 */
export const complaintHandlers = defineAction({
  name: 'handlers',
  call: { method: 'GET', path: `${BASE}/complaint/selectHandlerList` },
  input: complaintDetailInput,
  sides: { staff: QUALITY_PAGE_CODES.complaint },
  access: { codes: [QUALITY_CODES.assign] },
  writes: false,
});

// --- surveys ----------------------------------------------------------------------------------------------------

export const surveyListInput = z.object({
  ...pagingInput,
  surveyState: blank(z.enum(['sent', 'answered'], { error: '状态无效' })),
});

const SCORE_RULE = `必须为${SCORE_MIN}到${SCORE_MAX}的整数`;

export const surveySaveInput = z.object({
  id,
  answers: z
    .array(
      z.object({
        itemId: id,
        score: z.coerce
          .number({ error: SCORE_RULE })
          .int(SCORE_RULE)
          .min(SCORE_MIN, SCORE_RULE)
          .max(SCORE_MAX, SCORE_RULE),
      }),
      { error: '请逐项评分' },
    )
    .min(1, '请逐项评分')
    .max(50, '最多50项'),
  comment: optionalText(1000).default(''),
});
export type SurveySaveInput = z.input<typeof surveySaveInput>;

export interface SurveyItemVO {
  id: string;
  title: string;
  sort: number;
}

export interface SurveyVO {
  id: string;
  companyId: string;
  companyName: string;
  applicationId: string;
  applicationNo: string;
  productName: string;
  surveyState: 'sent' | 'answered';
  answers: { itemId: string; title: string; score: number }[];
  /** Two decimals as text ('' before the answer). */
  average: string;
  comment: string;
  answeredAt: string;
  followupId: string;
  createTime: string;
}

/** Staff's list answer: the page plus the averages of the answered surveys (overall and per question). */
export interface SurveyAverages {
  answered: number;
  overall: string;
  items: { itemId: string; title: string; average: string; count: number }[];
}

/** Surveys: a customer answers and reads its company's with 我的满意度调查, staff read with 满意度调查. */
const readSurveys = bySide({ customer: QUALITY_PAGE_CODES.mySurvey, staff: QUALITY_PAGE_CODES.survey });

export const surveyList = defineAction({
  name: 'list',
  call: { method: 'GET', path: `${BASE}/satisfactionSurvey/selectSatisfactionSurveyList` },
  input: surveyListInput,
  ...readSurveys,
  writes: false,
});
export const surveySave = defineAction({
  name: 'save',
  call: { method: 'POST', path: `${BASE}/satisfactionSurvey/save` },
  input: surveySaveInput,
  ...bySide({ customer: QUALITY_PAGE_CODES.mySurvey }),
  writes: true,
});
export const surveyItemsList = defineAction({
  name: 'items',
  call: { method: 'GET', path: `${BASE}/surveyItems/selectSurveyItemsList` },
  input: z.object({}),
  ...readSurveys,
  writes: false,
});

// --- pages ------------------------------------------------------------------------------------------------------

const complaintFields = {
  caseNo: { kind: 'text', max: 32, search: 'like' },
  title: { kind: 'text', max: 200 },
  kind: { kind: 'text', max: 16, search: 'eq' },
  complaintState: { kind: 'text', max: 16, search: 'eq' },
  receivedAt: { kind: 'text', max: 19, form: false },
} satisfies FieldSpecs;
const surveyFields = {
  applicationNo: { kind: 'text', max: 32 },
  surveyState: { kind: 'text', max: 12, search: 'eq' },
  average: { kind: 'text', max: 8, form: false },
} satisfies FieldSpecs;

const complaintCalls = {
  list: complaintList.call,
  detail: complaintDetail.call,
  ...NO_WRITES.calls,
} as const;
const surveyCalls = { list: surveyList.call, ...NO_WRITES.calls } as const;

export const myComplaintResource = defineResource({
  key: 'quality.complaint',
  table: 'business_complaint',
  ownership: 'tenant',
  readOnly: true,
  fields: complaintFields,
  calls: complaintCalls,
  access: { read: { codes: [QUALITY_PAGE_CODES.myComplaint] }, ...NO_WRITES.access },
  menu: {
    code: QUALITY_PAGE_CODES.myComplaint,
    name: '我的投诉',
    path: '/application/myComplaint',
    icon: 'feedback',
    parent: 'application_center',
    sort: 3,
    view: false,
    buttons: [{ code: QUALITY_CODES.apply, name: '投诉', alias: 'complain', action: 1 }],
  },
});

export const mySurveyResource = defineResource({
  key: 'quality.survey',
  table: 'business_satisfaction_survey',
  ownership: 'tenant',
  readOnly: true,
  fields: surveyFields,
  calls: surveyCalls,
  access: { read: { codes: [QUALITY_PAGE_CODES.mySurvey] }, ...NO_WRITES.access },
  menu: {
    code: QUALITY_PAGE_CODES.mySurvey,
    name: '满意度调查',
    path: '/application/mySurvey',
    icon: 'star_rate',
    parent: 'application_center',
    sort: 4,
    view: false,
  },
});

/** The staff's step buttons of page `complaint` (a role holds the codes of its steps). */
export const COMPLAINT_STEP_BUTTONS = [
  { code: QUALITY_CODES.acknowledge, name: '受理投诉', alias: 'acknowledge', action: 2 as const },
  { code: QUALITY_CODES.assign, name: '指派处理人', alias: 'assign', action: 2 as const },
  { code: QUALITY_CODES.handle, name: '调查答复', alias: 'handle', action: 2 as const },
  { code: QUALITY_CODES.close, name: '结案', alias: 'close', action: 2 as const },
];

export const complaintPage = defineResource({
  key: 'quality.complaint',
  table: 'business_complaint',
  ownership: 'tenant',
  readOnly: true,
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: complaintFields,
  calls: complaintCalls,
  access: { read: { codes: [QUALITY_PAGE_CODES.complaint] }, ...NO_WRITES.access },
  menu: {
    code: QUALITY_PAGE_CODES.complaint,
    name: '投诉处理',
    path: '/businessManagement/complaint',
    icon: 'support_agent',
    parent: 'business_management',
    sort: 20,
    view: false,
    buttons: COMPLAINT_STEP_BUTTONS,
  },
});

export const surveyPage = defineResource({
  key: 'quality.survey',
  table: 'business_satisfaction_survey',
  ownership: 'tenant',
  readOnly: true,
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: surveyFields,
  calls: surveyCalls,
  access: { read: { codes: [QUALITY_PAGE_CODES.survey] }, ...NO_WRITES.access },
  menu: {
    code: QUALITY_PAGE_CODES.survey,
    name: '满意度调查',
    path: '/businessManagement/survey',
    icon: 'insights',
    parent: 'business_management',
    sort: 21,
    view: false,
  },
});

export const QUALITY_RESOURCES = [myComplaintResource, mySurveyResource, complaintPage, surveyPage] as const;
export const QUALITY_ACTIONS = [
  complaintList,
  surveyList,
  complaintSave,
  complaintRemove,
  complaintTransit,
  complaintDetail,
  complaintHandlers,
  surveySave,
  surveyItemsList,
] as const;

/** The customer role's menus of this module (blade/modules/customer CUSTOMER_MENU_CODES adds them). */
export const QUALITY_CUSTOMER_MENU_CODES = [
  QUALITY_PAGE_CODES.myComplaint,
  QUALITY_CODES.apply,
  QUALITY_PAGE_CODES.mySurvey,
] as const;
/** The 质量负责人 role's menus: the staff pages and every step button. */
export const QUALITY_STAFF_MENU_CODES = [
  'business_management',
  QUALITY_PAGE_CODES.complaint,
  QUALITY_PAGE_CODES.survey,
  QUALITY_CODES.acknowledge,
  QUALITY_CODES.assign,
  QUALITY_CODES.handle,
  QUALITY_CODES.close,
] as const;
export const QUALITY_ROLE = { alias: 'quality_manager', name: '质量负责人', sort: 60 } as const;
