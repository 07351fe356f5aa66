/**
 * The application calls of issue 15 as the shared design (notes/app-design.md, "Calls and their shapes") names them:
 * the portal's half of the contract with blade/. Every path is the proxy's (`/api` + the blade path); every call goes
 * through the one fetcher, so a refusal is toasted with the server's message and thrown as a BladeError.
 */
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import type {
  ApplicationBatchVO,
  ApplicationFields,
  ApplicationModelVO,
  ApplicationVO,
  CertNumberCheckVO,
} from '@/lib/contracts/application/application';
import { APPLY_CALLS, APPLY_SCHEME_CALLS } from '@/lib/contracts/application/apply.calls';
import type { CertificateState, CnexType, Scheme } from '@/lib/contracts/application/machine';

/**
 * What the customer edits: the answered application's fields the customer writes (the shared contract's
 * applicationFieldsSchema), its scheme and CNEx kind. Every field present, so each input of the form is controlled.
 */
export type ApplicationInput = Pick<ApplicationVO, 'scheme' | 'cnexType' | keyof ApplicationFields>;

export interface TimelineRow {
  id: string;
  action: string;
  fromState: string | null;
  toState: string;
  comment: string | null;
  userId: string | null;
  userName: string | null;
  createTime: string;
}

/** A decision on a certificate (certificate/history), oldest first. */
export interface CertificateHistoryRow {
  id: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  userId: string;
  userName: string;
  createTime: string;
}

export interface CertificateVO {
  id: string;
  certNumber: string;
  version: number;
  scheme: Scheme;
  cnexType: CnexType | null;
  applicationId: string;
  companyId: string;
  holderName: string;
  manufacturerName: string;
  factoryName: string;
  productName: string;
  productCategory: string | null;
  models: ApplicationModelVO[];
  exMarkings: string[];
  standards: string;
  issueDate: string;
  validTo: string;
  certStatus: CertificateState;
}

export type FactoryCheckResult = 'pass' | 'nc' | 'fail';

export interface FactoryCheckVO {
  id: string;
  applicationId: string;
  checkDate: string;
  inspectorId: string | null;
  result: FactoryCheckResult;
  ncItems: string | null;
  conclusion: string;
  reportFileId: string | null;
}

const CUSTOMER = '/api/blade-customer';

/** The per-scheme calls of the customer's form (each scheme has its own controller in the reference system). */
function schemeCalls(scheme: Scheme) {
  const { save, update, select, submit, fileList, copy, remove } = APPLY_SCHEME_CALLS[scheme];
  return {
    save: proxied(save),
    update: proxied(update),
    select: proxied(select),
    submit: proxied(submit),
    files: proxied(fileList),
    copy: proxied(copy),
    remove: proxied(remove),
  };
}

export const SCHEME_CALLS: Readonly<Record<Scheme, ReturnType<typeof schemeCalls>>> = {
  ccc: schemeCalls('ccc'),
  cqst: schemeCalls('cqst'),
  cnex: schemeCalls('cnex'),
};

export const PATHS = {
  myApplications: proxied(APPLY_CALLS.myApplications),
  lastCcc: proxied(APPLY_CALLS.lastCcc),
  checkCertNumber: proxied(APPLY_CALLS.checkCertNumber),
  batch: proxied(APPLY_CALLS.batch),
  batchStep: proxied(APPLY_CALLS.batchStep),
  transit: `${CUSTOMER}/applicationFlow/transit`,
  sampleSent: `${CUSTOMER}/flowInstance/sampleSent`,
  timeline: '/api/blade-flow/flow_timeline_by_businessId',
  certificatePage: `${CUSTOMER}/certificate/page`,
  certificateDetail: `${CUSTOMER}/certificate/detail`,
  certificateChangeStatus: `${CUSTOMER}/certificate/changeStatus`,
  certificateHistory: `${CUSTOMER}/certificate/history`,
  factoryCheckSave: '/api/business-service/factoryCheck/saveResult',
  factoryCheckList: '/api/business-service/factoryCheck/list',
} as const;

/** The business-management pages of the staff (GET, paged, filters productName / applicationNo / companyName). */
export const BUSINESS_PAGES = [
  'selectApplicationForCccBusinessManagementPage',
  'selectAcceptedApplicationForCccBusinessManagementPage',
  'selectRetreatApplicationForCccBusinessManagementPage',
  'selectCqstOrCnvExBusinessManagementPage',
  'selectCqstOrCnvExDraftBusinessManagementPage',
  'selectCnexBusinessManagementPage',
  'selectAbilityCnexPageBy',
  'selectPersonCnexPageBy',
  'selectSceneInspectCnexPageBy',
  'selectPersonDataCnexPageBy',
] as const;
export type BusinessPage = (typeof BUSINESS_PAGES)[number];
export const businessPagePath = (page: BusinessPage) => `${CUSTOMER}/paymentNote/${page}`;

/** The archive tree of an application: its function code per scheme, the application's id as dataId. */
export const archiveRecord = (scheme: Scheme, id: string) => ({
  functionCode: `${scheme}_application`,
  dataId: id,
});

export async function selectApplication(scheme: Scheme, id: string, silent = false) {
  return (
    await bladeRequest<ApplicationVO>(SCHEME_CALLS[scheme].select, { method: 'POST', body: { id }, silent })
  ).data;
}

/** Saves the draft: a new one without an id (a new batch unless one is named), else an update of that one. */
export async function saveApplication(
  scheme: Scheme,
  input: ApplicationInput,
  id?: string,
  batchNumber?: string | null,
) {
  const calls = SCHEME_CALLS[scheme];
  // The call names the scheme; only a CNEx record says which kind it is.
  const { scheme: _scheme, cnexType, ...fields } = input;
  const editable: Record<string, unknown> = scheme === 'cnex' ? { ...fields, cnexType } : fields;
  const body = id ? { ...editable, id } : { ...editable, ...(batchNumber ? { batchNumber } : {}) };
  // Silent: the form shows a refusal beside the fields, once.
  return (
    await bladeRequest<ApplicationVO>(id ? calls.update : calls.save, { method: 'POST', body, silent: true })
  ).data;
}

export async function saveBatchStep(batchNumber: string, step: number) {
  return (
    await bladeRequest<ApplicationBatchVO>(PATHS.batchStep, { method: 'POST', body: { batchNumber, step } })
  ).data;
}

export async function loadBatch(batchNumber: string) {
  return (
    await bladeRequest<ApplicationBatchVO>(PATHS.batch, {
      method: 'POST',
      body: { batchNumber },
      silent: true,
    })
  ).data;
}

/**
 * Whether the caller's company holds the certificate a change or renewal names (the design's `?certNumber=` query).
 * Quiet: the answer only informs the form, a failure shows nothing.
 */
export async function checkCertNumber(certNumber: string) {
  return (
    await bladeRequest<CertNumberCheckVO>(PATHS.checkCertNumber, {
      method: 'POST',
      params: { certNumber },
      silent: true,
    })
  ).data;
}

export async function submitApplication(scheme: Scheme, id: string) {
  // Silent: the form shows the refusal (the missing documents or fields) on the page, once.
  return (
    await bladeRequest<ApplicationVO>(SCHEME_CALLS[scheme].submit, {
      method: 'POST',
      params: { id },
      silent: true,
    })
  ).data;
}

export interface TransitInput {
  id: string;
  action: string;
  reason?: string;
  testConclusion?: string;
  testReportFileId?: string;
  evaluationComment?: string;
}

export async function transit(input: TransitInput) {
  return (await bladeRequest<ApplicationVO>(PATHS.transit, { method: 'POST', body: { ...input } })).data;
}
