import { z } from '../../zod';
import { bySide, defineAction } from '../action';
import { defineResource, NO_WRITES, type FieldSpecs, type ResourceMenuDef } from '../resource';
import { blank, pagingInput } from '../inputs';
import { myApplicationResource, myCertificateResource } from './customer-pages';
import {
  APPLICATION_CODES,
  CERTIFICATE_ACTION_NAMES,
  CERTIFICATE_STATES,
  type CertificateAction,
  type TransitionName,
} from './machine';

/**
 * The staff side of certification applications (issue 15): the business-management pages (业务管理), the transition
 * call, samples, factory checks, the timeline and certificates. The pages are read-only resources over
 * business_application whose lists blade/ serves with routes of its own (modules/application/staff.routes.ts): each
 * is one scheme and state slice, newest first, under the staff data scope `application`.
 */

const BASE = '/blade-customer/paymentNote';

/** Columns the page screens show and search; the rows answered are the full ApplicationVO. */
const pageFields = {
  applicationNo: { kind: 'text', max: 32, search: 'like' },
  productName: { kind: 'text', max: 200, search: 'like' },
  companyName: { kind: 'text', max: 100, search: 'like' },
  applicantName: { kind: 'text', max: 200 },
  flowState: { kind: 'text', max: 32 },
  submittedAt: { kind: 'text', max: 19 },
} satisfies FieldSpecs;

/** The step buttons of page `ccc_business`: a role holds the codes of its steps (machine.ts APPLICATION_CODES). */
const STEP_BUTTONS = [
  [APPLICATION_CODES.accept, '受理', 'accept'],
  [APPLICATION_CODES.sample, '收样', 'sample'],
  [APPLICATION_CODES.test, '检测', 'test'],
  [APPLICATION_CODES.inspect, '工厂检查', 'inspect'],
  [APPLICATION_CODES.evaluate, '评定', 'evaluate'],
  [APPLICATION_CODES.decide, '认证决定', 'decide'],
  [APPLICATION_CODES.terminate, '终止', 'terminate'],
] as const;

/** The staff group every page below sits in (db/seed-data.ts declares the group). */
export const BUSINESS_MANAGEMENT = 'business_management';

const menu = (code: string, name: string, path: string, icon: string, sort: number): ResourceMenuDef => ({
  code,
  name,
  path: `/businessManagement/${path}`,
  icon,
  parent: BUSINESS_MANAGEMENT,
  sort,
  view: false,
});

const page = (code: string, verb: string, pageMenu: ResourceMenuDef) =>
  defineResource({
    key: 'application.staff',
    table: 'business_application',
    ownership: 'tenant',
    readOnly: true,
    dataScope: { resource: 'application', dept: 'dept_id', owner: 'engineer_id' },
    defaultOrder: [{ column: 'id', direction: 'desc' }],
    fields: pageFields,
    calls: { list: { method: 'GET', path: `${BASE}/${verb}` }, ...NO_WRITES.calls },
    access: { read: { codes: [code] }, ...NO_WRITES.access },
    menu: { ...pageMenu, code },
  });

export const cccBusinessPage = page('ccc_business', 'selectApplicationForCccBusinessManagementPage', {
  ...menu('ccc_business', 'CCC受理', 'ccc', 'assignment', 1),
  buttons: STEP_BUTTONS.map(([code, name, alias]) => ({ code, name, alias, action: 2 as const })),
});
export const acceptedBusinessPage = page(
  'accepted_business',
  'selectAcceptedApplicationForCccBusinessManagementPage',
  menu('accepted_business', 'CCC在办', 'accepted', 'assignment_turned_in', 2),
);
export const retreatBusinessPage = page(
  'retreat_business',
  'selectRetreatApplicationForCccBusinessManagementPage',
  menu('retreat_business', 'CCC退回', 'retreat', 'assignment_return', 3),
);
export const cqstBusinessPage = page(
  'cqst_business',
  'selectCqstOrCnvExBusinessManagementPage',
  menu('cqst_business', 'CQST业务', 'cqst', 'verified', 4),
);
export const cnexBusinessPage = page(
  'cnex_business',
  'selectCnexBusinessManagementPage',
  menu('cnex_business', 'CNEx业务', 'cnex', 'engineering', 5),
);
export const draftBusinessPage = page(
  'draft_business',
  'selectCqstOrCnvExDraftBusinessManagementPage',
  menu('draft_business', '草稿查看', 'draft', 'edit_note', 6),
);

/** Staff's certificate page (证书管理): its menu code, the code of every staff read of a certificate. */
const CERTIFICATE_PAGE_CODE = 'certificate';

/** The button code of the certificate decisions (suspend, restore, revoke, cancel); the 认证决定人 role holds it. */
export const CERTIFICATE_STATUS_CODE = 'certificate_status';

/** Certificates (customer: its company's; staff: code `certificate`). */
export const certificatePage = defineResource({
  key: 'application.certificate',
  table: 'business_certificate',
  ownership: 'tenant',
  readOnly: true,
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    certNumber: { kind: 'text', max: 32, search: 'like' },
    productName: { kind: 'text', max: 200, search: 'like' },
    holderName: { kind: 'text', max: 200 },
    certStatus: { kind: 'text', max: 16, search: 'eq' },
    issueDate: { kind: 'date' },
    validTo: { kind: 'date' },
  },
  calls: {
    list: { method: 'GET', path: '/blade-customer/certificate/page' },
    detail: { method: 'GET', path: '/blade-customer/certificate/detail' },
    ...NO_WRITES.calls,
  },
  // The route checks: a customer reads its company's, staff need the page code.
  access: { read: {}, ...NO_WRITES.access },
  menu: {
    ...menu(CERTIFICATE_PAGE_CODE, '证书管理', 'certificate', 'workspace_premium', 7),
    buttons: [{ code: CERTIFICATE_STATUS_CODE, name: '证书状态', alias: 'status', action: 2 }],
  },
});

/** The certificate decision and its status history (modules/application/certificate-status.ts). */
export const certificateCalls = {
  changeStatus: { method: 'POST', path: '/blade-customer/certificate/changeStatus' },
  history: { method: 'GET', path: '/blade-customer/certificate/history' },
} as const;

/** A customer reads its company's certificates on 我的证书, staff on 证书管理 (every company's). */
const readCertificates = bySide({ customer: myCertificateResource.menu!.code, staff: CERTIFICATE_PAGE_CODE });
const certificateId = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });
const certificateFragment = blank(z.string().trim().max(100));

export const certificateList = defineAction({
  name: 'certificatePage',
  call: certificatePage.calls.list,
  input: z.object({
    ...pagingInput,
    certNumber: certificateFragment,
    productName: certificateFragment,
    certStatus: blank(z.enum(CERTIFICATE_STATES)),
    /** Still valid and ending within this many days from today (the certificates to renew; a dashboard tile). */
    expiresWithinDays: blank(z.coerce.number().int().min(1).max(3650)),
    /** `1`: still valid and ending within the renewal horizon of the tenant's expiry alerts (their lead days). */
    alertLead: blank(z.enum(['0', '1'], { error: '提醒期内到期筛选只能为0或1' })),
  }),
  ...readCertificates,
  writes: false,
});

export const certificateDetail = defineAction({
  name: 'certificateDetail',
  call: certificatePage.calls.detail!,
  input: certificateId,
  ...readCertificates,
  writes: false,
});

export const certificateHistoryAction = defineAction({
  name: 'certificateHistory',
  call: certificateCalls.history,
  input: certificateId,
  ...readCertificates,
  writes: false,
});

/** The certification body's decision: staff holding the page's button code only (a customer user never does). */
export const certificateChangeStatus = defineAction({
  name: 'certificateChangeStatus',
  call: certificateCalls.changeStatus,
  input: z.object({
    id: z.coerce.string().regex(/^[1-9]\d{0,18}$/),
    action: z.enum(CERTIFICATE_ACTION_NAMES as [CertificateAction, ...CertificateAction[]]),
    reason: z.string().trim().min(1, '请填写原因').max(500),
  }),
  ...bySide({ staff: CERTIFICATE_STATUS_CODE }),
  writes: true,
});

/** Every business-management page, in menu order (the certificates last). */
export const STAFF_PAGES = [
  cccBusinessPage,
  acceptedBusinessPage,
  retreatBusinessPage,
  cqstBusinessPage,
  cnexBusinessPage,
  draftBusinessPage,
  certificatePage,
] as const;

/** The CNEx lists by type: the same page code as the CNEx page (its tabs). */
export const CNEX_TYPE_LISTS = {
  selectAbilityCnexPageBy: 'ability',
  selectPersonCnexPageBy: 'person',
  selectSceneInspectCnexPageBy: 'scene',
  selectPersonDataCnexPageBy: 'person_data',
} as const;

const id = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,18}$/));
const text = (max: number) => z.string().trim().max(max).optional();
/** A file of the files module (blade_file.id: 32 hex characters). */
const fileId = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/);

/** Steps made through the transition call; submit has its own calls (the customer side's). */
const TRANSIT_STEPS = [
  'withdraw',
  'accept',
  'retreat',
  'noticeFee',
  'sampleSent',
  'receiveSamples',
  'startTest',
  'rectify',
  'resumeTest',
  'passTest',
  'inspectPass',
  'inspectNc',
  'recheck',
  'evaluate',
  'issue',
  'refuse',
  'terminate',
] as const satisfies readonly TransitionName[];

export const transitInput = z.object({
  id,
  action: z.enum(TRANSIT_STEPS),
  reason: text(500),
  testConclusion: text(500),
  // A file of the application's documents (the files module's 32-hex id); blade/ checks it is one.
  testReportFileId: fileId.optional(),
  evaluationComment: text(1000),
});

/** Staff read a case (timeline, samples, checks) with any business page's code but the certificates'. */
export const CASE_READ_CODES = STAFF_PAGES.filter((p) => p.menu?.code !== CERTIFICATE_PAGE_CODE).map(
  (p) => p.menu!.code,
);

/**
 * A case's reads: a customer on 我的申请 (its company's cases), staff on a business page (within their scope). A step:
 * a customer's is `application_apply`, staff's one of the step codes; which step the caller may make is the machine's
 * check (transition.ts), in the same transaction.
 */
const readCase = bySide({ customer: myApplicationResource.menu!.code, staff: CASE_READ_CODES });
const makeStep = bySide({
  customer: APPLICATION_CODES.apply,
  staff: Object.values(APPLICATION_CODES).filter((code) => code !== APPLICATION_CODES.apply),
});

export const applicationTransit = defineAction({
  name: 'transit',
  call: { method: 'POST', path: '/blade-customer/applicationFlow/transit' },
  input: transitInput,
  ...makeStep,
  writes: true,
});

export const sampleSentAction = defineAction({
  name: 'sampleSent',
  call: { method: 'POST', path: '/blade-customer/flowInstance/sampleSent' },
  input: z.object({ id, courierNo: z.string().trim().min(1).max(64) }),
  ...bySide({ customer: APPLICATION_CODES.apply }),
  writes: true,
});

export const ifSampleSentAction = defineAction({
  name: 'ifSampleSent',
  call: { method: 'POST', path: '/blade-customer/flowInstance/ifSampleSent' },
  input: z.object({ id }),
  ...readCase,
  writes: false,
});

export const FACTORY_CHECK_RESULTS = ['pass', 'nc', 'fail'] as const;

export const factoryCheckSave = defineAction({
  name: 'saveResult',
  call: { method: 'POST', path: '/business-service/factoryCheck/saveResult' },
  input: z.object({
    applicationId: id,
    checkDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    result: z.enum(FACTORY_CHECK_RESULTS),
    ncItems: text(2000),
    conclusion: z.string().trim().max(1000).default(''),
    reportFileId: fileId.optional(),
  }),
  ...bySide({ staff: APPLICATION_CODES.inspect }),
  writes: true,
});

export const factoryCheckList = defineAction({
  name: 'factoryCheckList',
  call: { method: 'GET', path: '/business-service/factoryCheck/list' },
  input: z.object({ applicationId: id }),
  ...readCase,
  writes: false,
});

export const flowTimeline = defineAction({
  name: 'timeline',
  call: { method: 'GET', path: '/blade-flow/flow_timeline_by_businessId' },
  input: z.object({ businessId: id }),
  ...readCase,
  writes: false,
});

export const STAFF_ACTIONS = [
  certificateList,
  certificateDetail,
  certificateHistoryAction,
  certificateChangeStatus,
  applicationTransit,
  sampleSentAction,
  ifSampleSentAction,
  factoryCheckSave,
  factoryCheckList,
  flowTimeline,
] as const;
