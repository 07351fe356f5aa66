import type { CallDef } from '../resource';
import type { Scheme } from './machine';

// The paths of the customer's application calls, apart from their schemas (apply.actions.ts declares them): a
// screen that only counts a list (the work dashboard) must not load zod with them.

const CUSTOMER = '/blade-customer';
const post = (path: string): CallDef => ({ method: 'POST', path: `${CUSTOMER}${path}` });

/** Each scheme's calls as the catalogue names them (the reference system has a controller per scheme). */
const SCHEME_NAMES = {
  ccc: {
    base: '/applicationForCcc',
    save: 'saveApplicationForCcc',
    update: 'updateApplicationForCcc',
    select: 'selectApplicationForCccByApplicationForCcc',
    submit: 'submitApplicationForCcc',
    fileList: 'selectCccFileListByBatchNumber',
    insertFile: 'insertCccFile',
    batchList: undefined,
    copy: 'copyApplicationForCcc',
    remove: 'deleteCcc',
  },
  cqst: {
    base: '/cqstOrCnvEx',
    save: 'insertCqstOrCnvExDto',
    update: 'updateCqstOrCnvExDto',
    select: 'selectCqstOrCnvExDto',
    submit: 'subMitCqst',
    fileList: 'selectCqstFileListByBatchNumber',
    insertFile: 'insertCqstFile',
    batchList: 'selectCqstByCqstListByBatchNumber',
    copy: 'copyCqst',
    remove: 'deleteCqst',
  },
  cnex: {
    base: '/cnex',
    save: 'saveCnexDto',
    update: 'updateCnexDto',
    select: 'selectCnexDto',
    submit: 'submitCnex',
    fileList: 'selectCnexFileListByBatchNumber',
    insertFile: 'insertCnexFile',
    batchList: 'selectCnexByBatchName',
    copy: 'copyCnex',
    remove: 'deleteCnex',
  },
} as const satisfies Record<Scheme, Record<string, string | undefined>>;

/** One scheme's calls (the copy and delete calls live under paymentNote). */
function schemeCalls(scheme: Scheme) {
  const n = SCHEME_NAMES[scheme];
  const at = (name: string) => post(`${n.base}/${name}`);
  return {
    save: at(n.save),
    update: at(n.update),
    select: at(n.select),
    submit: at(n.submit),
    fileList: at(n.fileList),
    insertFile: at(n.insertFile),
    batchList: n.batchList ? at(n.batchList) : undefined,
    copy: post(`/paymentNote/${n.copy}`),
    remove: post(`/paymentNote/${n.remove}`),
  };
}

export const APPLY_SCHEME_CALLS: Readonly<Record<Scheme, ReturnType<typeof schemeCalls>>> = {
  ccc: schemeCalls('ccc'),
  cqst: schemeCalls('cqst'),
  cnex: schemeCalls('cnex'),
};

export const APPLY_CALLS = {
  cccList: post('/applicationForCcc/selectApplicationForCccByApplicationForCccList'),
  cccFinished: post('/applicationForCcc/selectApplicationForCccByIsFinished'),
  checkCertNumber: post('/applicationForCcc/checkCertNumber'),
  lastCcc: post('/applicationForCcc/selectLastCCCByParameter'),
  myApplications: { method: 'GET', path: `${CUSTOMER}/paymentNote/selectApplicationPage` },
  batch: post('/applicationBatch/selectApplicationBatchByBatchNumber'),
  batchStep: post('/applicationBatch/saveBatchStepByBatchNumber'),
} as const satisfies Record<string, CallDef>;

/** A call's name: its path's last segment (the action's name in the history and in messages). */
export const callName = (call: CallDef): string => call.path.slice(call.path.lastIndexOf('/') + 1);
