import { z } from '../../zod';
import { bySide, defineAction } from '../action';
import { blank, idSchema, pagingInput } from '../inputs';
import { byKey } from '../message-key';
import type { CallDef } from '../resource';
import { APPLY_CALLS, APPLY_SCHEME_CALLS, callName } from './apply.calls';
import { APPLICATION_CODES, APPLICATION_STATES, SCHEMES, type Scheme } from './machine';

/**
 * The customer's application calls (blade-customer applicationForCcc, cqstOrCnvEx, cnex, applicationBatch and the
 * paymentNote copy/delete/list calls; blade/modules/application/README.md), served by
 * blade/modules/application/apply.routes.ts and called by the portal's application screens. A customer reads its
 * company's applications with the customer pages' codes and writes them with `application_apply`; staff read them
 * with a business-management page's code and never write through these calls (their steps are the flow's).
 */

/** A customer reads its company's applications with the customer pages' codes. */
export const CUSTOMER_READ_CODES = ['my_application', APPLICATION_CODES.apply] as const;
/** Staff read applications with the business-management pages' codes (the staff helper's menus). */
export const STAFF_READ_CODES = [
  'ccc_business',
  'accepted_business',
  'retreat_business',
  'cqst_business',
  'cnex_business',
  'draft_business',
] as const;

const readSide = bySide({ customer: CUSTOMER_READ_CODES, staff: STAFF_READ_CODES });
const writeSide = bySide({ customer: APPLICATION_CODES.apply });

const read = <I extends z.ZodType>(call: CallDef, input: I) =>
  defineAction({ name: callName(call), call, input, ...readSide, writes: false });
const write = <I extends z.ZodType>(call: CallDef, input: I) =>
  defineAction({ name: callName(call), call, input, ...writeSide, writes: true });

// The refusals are application.customer's messages, named by key (the English portal shows them in English).
const batchNumberRequired = byKey('application.customer.batchNumberRequired');
const stepInvalid = byKey('application.customer.stepInvalid');
const certNumberRequired = byKey('application.customer.certNumberRequired');
const fileIdInvalid = byKey('application.customer.fileIdInvalid');

export const applyIdInput = z.object({ id: idSchema });
export const batchNumberInput = z.object({
  batchNumber: z
    .string({ error: batchNumberRequired })
    .trim()
    .min(1, batchNumberRequired)
    .max(32, batchNumberRequired),
});
const flowState = blank(
  z.enum(APPLICATION_STATES, { error: byKey('application.customer.flowStateInvalid') }),
);
const isFinishedFlag = z.enum(['0', '1'], { error: byKey('application.customer.isFinishedInvalid') });

export const applicationListInput = z.object({
  ...pagingInput,
  productName: blank(z.string().trim().max(200)),
  flowState,
  batchNumber: blank(z.string().trim().max(32)),
});
export const finishedListInput = z.object({
  ...pagingInput,
  isFinished: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), isFinishedFlag),
});
export const myApplicationsInput = z.object({
  ...pagingInput,
  scheme: blank(z.enum(SCHEMES, { error: byKey('application.customer.schemeInvalid') })),
  flowState,
  /** 0: the applications still open (a customer's dashboard tile), 1: the finished ones. */
  isFinished: blank(isFinishedFlag),
});
export const batchStepInput = batchNumberInput.extend({
  step: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: stepInvalid }).int(stepInvalid).min(0, stepInvalid).max(99, stepInvalid),
  ),
});
export const certNumberInput = z.object({
  certNumber: z
    .string({ error: certNumberRequired })
    .trim()
    .min(1, certNumberRequired)
    .max(32, certNumberRequired),
});
export const lastCccInput = z.object({ productName: blank(z.string().trim().max(200)) });
export const placeFileInput = z.object({
  applicationId: idSchema,
  fileCatalogId: idSchema,
  fileId: z
    .string({ error: fileIdInvalid })
    .trim()
    .regex(/^[0-9a-f]{32}$/, fileIdInvalid),
});

/**
 * One scheme's calls. The draft's form is checked by the scheme's rules of application.ts, built with a translator
 * (the portal's form shows them in the user's language): blade/ parses it with the zh texts in the handler, so the
 * save and update inputs are declared `z.unknown()` here.
 */
function schemeActions(scheme: Scheme) {
  const c = APPLY_SCHEME_CALLS[scheme];
  return {
    save: write(c.save, z.unknown()),
    update: write(c.update, z.unknown()),
    select: read(c.select, applyIdInput),
    submit: write(c.submit, applyIdInput),
    fileList: read(c.fileList, batchNumberInput),
    /** Places an uploaded file in the application's catalogue node (the record's upload right is asked too). */
    insertFile: write(c.insertFile, placeFileInput),
    /** The applications of a batch (CQST and CNEx; the catalogue names the parameter by query or body). */
    batchList: c.batchList ? read(c.batchList, batchNumberInput) : undefined,
    copy: write(c.copy, applyIdInput),
    remove: write(c.remove, applyIdInput),
  };
}

export const APPLY_SCHEME_ACTIONS: Readonly<Record<Scheme, ReturnType<typeof schemeActions>>> = {
  ccc: schemeActions('ccc'),
  cqst: schemeActions('cqst'),
  cnex: schemeActions('cnex'),
};

export const APPLY_ACTION = {
  /** CCC's own lists and look-ups. */
  cccList: read(APPLY_CALLS.cccList, applicationListInput),
  cccFinished: read(APPLY_CALLS.cccFinished, finishedListInput),
  checkCertNumber: read(APPLY_CALLS.checkCertNumber, certNumberInput),
  lastCcc: read(APPLY_CALLS.lastCcc, lastCccInput),
  /** The customer's "my applications": every scheme. */
  myApplications: read(APPLY_CALLS.myApplications, myApplicationsInput),
  batch: read(APPLY_CALLS.batch, batchNumberInput),
  batchStep: write(APPLY_CALLS.batchStep, batchStepInput),
};

export const APPLY_ACTIONS = [
  ...SCHEMES.flatMap((scheme) =>
    Object.values(APPLY_SCHEME_ACTIONS[scheme]).flatMap((def) => (def ? [def] : [])),
  ),
  ...Object.values(APPLY_ACTION),
];
