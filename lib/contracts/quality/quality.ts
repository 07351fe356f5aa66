import { z } from '../../zod';
import { defineAction } from '../action';
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

const id = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,18}$/));
const optionalId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : String(v)))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,18}$/)
      .optional(),
  );
/** A file of the files module (blade_file.id: 32 hex characters). */
const fileId = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/);
const pageInput = {
  current: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(500).optional(),
};

// --- complaints -------------------------------------------------------------------------------------------------

export const complaintListInput = z.object({
  ...pageInput,
  caseNo: z.string().trim().max(32).optional(),
  complaintState: z.string().trim().max(16).optional(),
  kind: z.string().trim().max(16).optional(),
  /** `1`: only cases past a deadline still open (acknowledgement or answer). */
  overdue: z.enum(['0', '1']).optional(),
});

export const complaintSaveInput = z.object({
  id: optionalId,
  kind: z.enum(CUSTOMER_KINDS).default('complaint'),
  subjectType: z.enum(SUBJECT_TYPES),
  applicationId: optionalId,
  certificateId: optionalId,
  /** The staff member complained about, if any (kept out of the handler's choice). */
  subjectUserId: optionalId,
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(4000),
  fileIds: z.array(fileId).max(20).default([]),
});
export type ComplaintSaveInput = z.input<typeof complaintSaveInput>;

export const complaintRemoveInput = z.object({
  ids: z
    .string()
    .trim()
    .min(1)
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))])
    .pipe(
      z
        .array(z.string().regex(/^[1-9]\d{0,18}$/))
        .min(1)
        .max(100),
    ),
});

export const complaintTransitInput = z.object({
  id,
  action: z.enum(COMPLAINT_STEPS),
  /** assign: the staff user who handles the case. */
  handlerId: optionalId,
  /** The reason (notAccept, reopen), the findings (investigate), the answer (respond), a remark otherwise. */
  text: z.string().trim().max(4000).optional(),
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

const anyone = {};

export const complaintSave = defineAction({
  name: 'save',
  call: { method: 'POST', path: `${BASE}/complaint/save` },
  input: complaintSaveInput,
  access: anyone,
  writes: true,
});
export const complaintRemove = defineAction({
  name: 'remove',
  call: { method: 'POST', path: `${BASE}/complaint/remove` },
  input: complaintRemoveInput,
  access: anyone,
  writes: true,
});
export const complaintTransit = defineAction({
  name: 'transit',
  call: { method: 'POST', path: `${BASE}/complaint/transit` },
  input: complaintTransitInput,
  access: anyone,
  writes: true,
});
export const complaintDetail = defineAction({
  name: 'detail',
  call: { method: 'GET', path: `${BASE}/complaint/detail` },
  input: complaintDetailInput,
  access: anyone,
  writes: false,
});
export const complaintHandlers = defineAction({
  name: 'handlers',
  call: { method: 'GET', path: `${BASE}/complaint/selectHandlerList` },
  input: complaintDetailInput,
  access: anyone,
  writes: false,
});

// --- surveys ----------------------------------------------------------------------------------------------------

export const surveyListInput = z.object({
  ...pageInput,
  surveyState: z.enum(['sent', 'answered']).optional(),
});

export const surveySaveInput = z.object({
  id,
  answers: z
    .array(
      z.object({
        itemId: id,
        score: z.coerce.number().int().min(SCORE_MIN).max(SCORE_MAX),
      }),
    )
    .min(1)
    .max(50),
  comment: z.string().trim().max(1000).default(''),
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

export const surveySave = defineAction({
  name: 'save',
  call: { method: 'POST', path: `${BASE}/satisfactionSurvey/save` },
  input: surveySaveInput,
  access: anyone,
  writes: true,
});
export const surveyItemsList = defineAction({
  name: 'items',
  call: { method: 'GET', path: `${BASE}/surveyItems/selectSurveyItemsList` },
  input: z.object({}),
  access: anyone,
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
  list: { method: 'GET', path: `${BASE}/complaint/selectComplaintList` },
  detail: { method: 'GET', path: `${BASE}/complaint/detail` },
  ...NO_WRITES.calls,
} as const;
const surveyCalls = {
  list: { method: 'GET', path: `${BASE}/satisfactionSurvey/selectSatisfactionSurveyList` },
  ...NO_WRITES.calls,
} as const;

export const QUALITY_PAGE_CODES = {
  myComplaint: 'my_complaint',
  mySurvey: 'my_survey',
  complaint: 'complaint',
  survey: 'survey',
} as const;

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
