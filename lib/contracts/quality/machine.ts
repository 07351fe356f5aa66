/**
 * The complaint case flow (DOMAIN §6, ISO/IEC 17065 7.13): who may take which step from which state. Pure: blade/
 * enforces it in one transition function (blade/modules/quality/complaint.transition.ts), the portal offers the
 * buttons a state and the caller's codes allow.
 */

export const COMPLAINT_STATES = [
  'received',
  'acknowledged',
  'assigned',
  'investigating',
  'responded',
  'reopened',
  'confirmed',
  'closed',
] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const COMPLAINT_KINDS = ['complaint', 'appeal', 'dispute', 'survey_followup'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
/** The kinds a customer files; a survey follow-up is opened by a low score only. */
export const CUSTOMER_KINDS = ['complaint', 'appeal', 'dispute'] as const;

export const SUBJECT_TYPES = ['application', 'certificate', 'service'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Permission codes: the customer's button on 我的投诉, the staff's step buttons on page `complaint`. */
export const QUALITY_CODES = {
  apply: 'complaint_apply',
  acknowledge: 'complaint_acknowledge',
  assign: 'complaint_assign',
  handle: 'complaint_handle',
  close: 'complaint_close',
} as const;
export type QualityRole = keyof typeof QUALITY_CODES;

export const COMPLAINT_STEPS = [
  'acknowledge',
  'notAccept',
  'assign',
  'investigate',
  'respond',
  'confirm',
  'reopen',
  'close',
] as const;
export type ComplaintStep = (typeof COMPLAINT_STEPS)[number];

export interface ComplaintTransition {
  name: ComplaintStep;
  from: readonly ComplaintState[];
  to: ComplaintState;
  role: QualityRole;
  /** The text the step needs: the reason, the handler's findings, the answer. */
  textRequired?: boolean;
  /** Only the case's handler takes it (besides holding the code). */
  handlerOnly?: boolean;
}

export const COMPLAINT_TRANSITIONS: readonly ComplaintTransition[] = [
  { name: 'acknowledge', from: ['received'], to: 'acknowledged', role: 'acknowledge' },
  // The complaint does not concern the body's certification work (17065 7.13.3): closed with the reason.
  {
    name: 'notAccept',
    from: ['received', 'acknowledged'],
    to: 'closed',
    role: 'acknowledge',
    textRequired: true,
  },
  { name: 'assign', from: ['acknowledged', 'reopened'], to: 'assigned', role: 'assign' },
  { name: 'investigate', from: ['assigned'], to: 'investigating', role: 'handle', handlerOnly: true },
  {
    name: 'respond',
    from: ['investigating'],
    to: 'responded',
    role: 'handle',
    textRequired: true,
    handlerOnly: true,
  },
  { name: 'confirm', from: ['responded'], to: 'confirmed', role: 'apply' },
  { name: 'reopen', from: ['responded'], to: 'reopened', role: 'apply', textRequired: true },
  { name: 'close', from: ['responded', 'confirmed'], to: 'closed', role: 'close' },
];

export function complaintTransition(name: string): ComplaintTransition | undefined {
  return COMPLAINT_TRANSITIONS.find((t) => t.name === name);
}

export function complaintStepsFrom(state: ComplaintState): ComplaintTransition[] {
  return COMPLAINT_TRANSITIONS.filter((t) => t.from.includes(state));
}

/** The customer may change or withdraw a complaint only before the body has acknowledged it. */
export const EDITABLE_STATES: readonly ComplaintState[] = ['received'];

/**
 * Deadlines in calendar days from receipt (DOMAIN §6: a decision within 60 days; acknowledgement promptly). A tenant's
 * administrator sets others through the parameters below (blade_param); these are the defaults.
 */
export const DEADLINE_PARAMS = {
  acknowledgeDays: 'quality.complaint.acknowledgeDays',
  respondDays: 'quality.complaint.respondDays',
} as const;
export const DEFAULT_DEADLINES = { acknowledgeDays: 5, respondDays: 60 } as const;

/** Case numbers: TS + year + 6-digit serial, from the tenant's counter (never reused). */
export const COMPLAINT_COUNTER = 'complaint';
export const complaintNumber = (year: number, serial: number) =>
  `TS${year}${String(serial).padStart(6, '0')}`;

/** Survey scores are 1–5; a low answer opens a follow-up (surveys.ts). */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const LOW_ITEM_SCORE = 2;
export const LOW_AVERAGE = 3;

/** Whether answers call for a follow-up: any item at or below 2, or the average below 3. */
export function isLowScore(scores: readonly number[]): boolean {
  if (scores.length === 0) return false;
  const average = scores.reduce((a, b) => a + b, 0) / scores.length;
  return scores.some((s) => s <= LOW_ITEM_SCORE) || average < LOW_AVERAGE;
}

/** The default survey questions seeded into a tenant that has none. */
export const DEFAULT_SURVEY_ITEMS = [
  '受理与咨询服务的及时性',
  '检测与审查工作的专业水平',
  '认证周期是否满足需要',
  '收费是否公开合理',
  '工作人员的服务态度',
  '对本机构认证服务的总体满意度',
] as const;
