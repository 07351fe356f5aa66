/**
 * The application calls of issue 15 as the shared design (notes/app-design.md, "Calls and their shapes") names them:
 * the portal's half of the contract with blade/. Every path is the proxy's (`/api` + the blade path); every call goes
 * through the one fetcher, so a refusal is toasted with the server's message and thrown as a BladeError.
 */
import { bladeRequest } from '@/lib/client/fetcher';
import type {
  ApplicationState,
  CertificateState,
  CnexType,
  Scheme,
} from '@/lib/contracts/application/machine';

export interface ModelRow {
  model: string;
  spec: string;
  isSampleModel: boolean;
  differenceNote: string;
}

export type ApplicationType = 'new' | 'change' | 'extension' | 'renewal';
export const APPLICATION_TYPES: readonly ApplicationType[] = ['new', 'change', 'extension', 'renewal'];

/** What the customer edits: the ApplicationVO minus the server's fields (state, numbers, people, times, flags). */
export interface ApplicationInput {
  scheme: Scheme;
  cnexType: CnexType | null;
  applicantName: string;
  applicantCreditCode: string;
  applicantAddress: string;
  manufacturerName: string;
  manufacturerCreditCode: string;
  manufacturerAddress: string;
  factoryName: string;
  factoryCreditCode: string;
  factoryAddress: string;
  contactName: string;
  contactPhone: string;
  productName: string;
  productCategory: string;
  unitNo: string;
  trademark: string;
  applicationType: ApplicationType | '';
  models: ModelRow[];
  exMarkings: string[];
  standards: string;
  ratedParams: string;
  remark: string;
  certNumber: string;
}

export interface ApplicationVO extends Omit<ApplicationInput, 'applicationType'> {
  id: string;
  applicationType: ApplicationType | '' | null;
  applicationNo: string | null;
  batchId: string | null;
  batchNumber: string | null;
  companyId: string | null;
  companyName: string | null;
  flowState: ApplicationState;
  isFinished: 0 | 1;
  sampleSent: 0 | 1;
  sampleCourierNo: string | null;
  sampleSentAt: string | null;
  samplesReceivedAt: string | null;
  retreatReason: string | null;
  engineerId: string | null;
  engineerName: string | null;
  testerId: string | null;
  inspectorId: string | null;
  evaluatorId: string | null;
  deciderId: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  finishedAt: string | null;
  certificateId: string | null;
  issuedCertNumber: string | null;
  testConclusion: string | null;
  inspectionConclusion: string | null;
  evaluationComment: string | null;
  createTime: string;
  updateTime: string | null;
}

export interface BatchVO {
  id: string;
  batchNumber: string;
  scheme: Scheme;
  step: number;
  applications: ApplicationVO[];
}

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
  models: ModelRow[];
  exMarkings: string[];
  standards: string;
  issueDate: string;
  validTo: string;
  certStatus: CertificateState;
}

/** A document of a batch's applications (select…FileListByBatchNumber). */
export interface BatchFileVO {
  applicationId: string;
  productName: string;
  catalogId: string;
  catalogName: string;
  fileId: string;
  fileName: string;
  fileSize: number;
  createTime: string;
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
export const SCHEME_CALLS: Readonly<
  Record<Scheme, { save: string; update: string; select: string; submit: string; files: string }>
> = {
  ccc: {
    save: `${CUSTOMER}/applicationForCcc/saveApplicationForCcc`,
    update: `${CUSTOMER}/applicationForCcc/updateApplicationForCcc`,
    select: `${CUSTOMER}/applicationForCcc/selectApplicationForCccByApplicationForCcc`,
    submit: `${CUSTOMER}/applicationForCcc/submitApplicationForCcc`,
    files: `${CUSTOMER}/applicationForCcc/selectCccFileListByBatchNumber`,
  },
  cqst: {
    save: `${CUSTOMER}/cqstOrCnvEx/insertCqstOrCnvExDto`,
    update: `${CUSTOMER}/cqstOrCnvEx/updateCqstOrCnvExDto`,
    select: `${CUSTOMER}/cqstOrCnvEx/selectCqstOrCnvExDto`,
    submit: `${CUSTOMER}/cqstOrCnvEx/subMitCqst`,
    files: `${CUSTOMER}/cqstOrCnvEx/selectCqstFileListByBatchNumber`,
  },
  cnex: {
    save: `${CUSTOMER}/cnex/saveCnexDto`,
    update: `${CUSTOMER}/cnex/updateCnexDto`,
    select: `${CUSTOMER}/cnex/selectCnexDto`,
    submit: `${CUSTOMER}/cnex/submitCnex`,
    files: `${CUSTOMER}/cnex/selectCnexFileListByBatchNumber`,
  },
};

export const COPY_CALLS: Readonly<Record<Scheme, string>> = {
  ccc: `${CUSTOMER}/paymentNote/copyApplicationForCcc`,
  cqst: `${CUSTOMER}/paymentNote/copyCqst`,
  cnex: `${CUSTOMER}/paymentNote/copyCnex`,
};

export const DELETE_CALLS: Readonly<Record<Scheme, string>> = {
  ccc: `${CUSTOMER}/paymentNote/deleteCcc`,
  cqst: `${CUSTOMER}/paymentNote/deleteCqst`,
  cnex: `${CUSTOMER}/paymentNote/deleteCnex`,
};

export const PATHS = {
  myApplications: `${CUSTOMER}/paymentNote/selectApplicationPage`,
  lastCcc: `${CUSTOMER}/applicationForCcc/selectLastCCCByParameter`,
  batch: `${CUSTOMER}/applicationBatch/selectApplicationBatchByBatchNumber`,
  batchStep: `${CUSTOMER}/applicationBatch/saveBatchStepByBatchNumber`,
  transit: `${CUSTOMER}/applicationFlow/transit`,
  sampleSent: `${CUSTOMER}/flowInstance/sampleSent`,
  timeline: '/api/blade-flow/flow_timeline_by_businessId',
  certificatePage: `${CUSTOMER}/certificate/page`,
  certificateDetail: `${CUSTOMER}/certificate/detail`,
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
  return (await bladeRequest<ApplicationVO>(id ? calls.update : calls.save, { method: 'POST', body })).data;
}

export async function saveBatchStep(batchNumber: string, step: number) {
  return (await bladeRequest<BatchVO>(PATHS.batchStep, { method: 'POST', body: { batchNumber, step } })).data;
}

export async function loadBatch(batchNumber: string) {
  return (await bladeRequest<BatchVO>(PATHS.batch, { method: 'POST', body: { batchNumber }, silent: true }))
    .data;
}

export async function submitApplication(scheme: Scheme, id: string) {
  return (await bladeRequest<ApplicationVO>(SCHEME_CALLS[scheme].submit, { method: 'POST', params: { id } }))
    .data;
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
