import { z } from '../../zod';
import { creditCodeProblem, type CustomerMessageKey } from '../customer/registration';
import { CNEX_TYPES, type CnexType, type Scheme } from './machine';
import { EX_MARKING_MAX, parseExMarking } from './ex-marking';

/**
 * The customer's application form (issue 15), pure zod read by both halves: blade/modules/application parses with it
 * and gives `t` the zh texts, the form pages give `t` the user's language. Every message is a key under
 * `application.form`.
 *
 * A draft may be saved incomplete: the schema refuses what is wrong in what was sent (a bad credit code, a marking
 * that does not parse, repeated model names), and `missingFields` says what a submission still lacks.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export const PARTIES = ['applicant', 'manufacturer', 'factory'] as const;
export type Party = (typeof PARTIES)[number];

export const APPLICATION_TYPES = ['new', 'change', 'extension', 'renewal'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
/** A change or a renewal is made to an existing certificate, which the application names. */
export const NEEDS_CERT_NUMBER: readonly ApplicationType[] = ['change', 'renewal'];

/** CCC catalogue codes of Ex products (DOMAIN §1): 2301–2317. */
export const CCC_CATEGORIES = Array.from({ length: 17 }, (_, i) => String(2301 + i));

/**
 * Standard codes: a publisher (GB, GB/T, IEC, …, or an enterprise standard Q/…), a number with its parts, an optional
 * year (`GB/T 3836.1-2021`, `IEC 60079-0:2017`, `Q/NYFB 001-2024`).
 */
export const STANDARD_CODE =
  /^(GB\/T|GB\/Z|GB|IEC\/TS|IEC|ISO\/IEC|ISO|EN|AQ\/T|AQ|MT\/T|MT|JB\/T|Q\/[A-Z0-9]{1,12}) \d+(\.\d+)*(-\d+)*([-:]\d{4})?$/;

const CONTACT_PHONE = /^[0-9+\-() ]{5,30}$/;
export const MODELS_MAX = 200;
export const MARKINGS_MAX = 20;
export const STANDARDS_MAX = 40;

const f = (name: string) => `application.form.${name}`;

/** An optional text: trimmed, blank kept as ''. */
const text = (t: Translate, name: string, max: number) =>
  z
    .string({ error: t(f('textInvalid'), { field: t(f(name)) }) })
    .trim()
    .max(max, t(f('tooLong'), { field: t(f(name)), max }));

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema.optional());

/** A party's credit code: blank (a draft), or one the customer registration's rule accepts (creditCodeProblem). */
const creditCode = (t: Translate, party: Party) => {
  const tr = (key: CustomerMessageKey) => t(f(`${party}.${key}`));
  return z
    .string({ error: tr('creditCodeInvalid') })
    .trim()
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : creditCodeProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: tr(problem) });
    });
};

const modelSchema = (t: Translate) =>
  z.object({
    model: z
      .string({ error: t(f('modelRequired')) })
      .trim()
      .min(1, t(f('modelRequired')))
      .max(100, t(f('tooLong'), { field: t(f('model')), max: 100 })),
    spec: optional(text(t, 'spec', 500)).transform((v) => v ?? ''),
    isSampleModel: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
        error: t(f('sampleModelInvalid')),
      })
      .optional()
      .transform((v) => v === true || v === 1 || v === '1'),
    differenceNote: optional(text(t, 'differenceNote', 500)).transform((v) => v ?? ''),
  });
export type ApplicationModelInput = z.output<ReturnType<typeof modelSchema>>;

/** The models of a unit: model names unique, and one or more of them the sample (代表型号) when any are given. */
export const modelsSchema = (t: Translate) =>
  z
    .array(modelSchema(t), { error: t(f('modelsInvalid')) })
    .max(MODELS_MAX, t(f('modelsTooMany'), { max: MODELS_MAX }))
    .superRefine((models, ctx) => {
      const seen = new Set<string>();
      for (const [i, m] of models.entries()) {
        const key = m.model.toUpperCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'model'],
            message: t(f('modelDuplicate'), { model: m.model }),
          });
        seen.add(key);
      }
      if (models.length > 0 && !models.some((m) => m.isSampleModel))
        ctx.addIssue({ code: 'custom', message: t(f('sampleModelMissing')) });
    });

/** Ex markings: each parsed and checked (ex-marking.ts); a refusal names the marking and the wrong part. */
export const exMarkingsSchema = (t: Translate) =>
  z
    .array(z.string({ error: t(f('exMarking.empty'), { marking: '' }) }), {
      error: t(f('exMarkingsInvalid')),
    })
    .max(MARKINGS_MAX, t(f('exMarkingsTooMany'), { max: MARKINGS_MAX }))
    .transform((markings, ctx) => {
      const out: string[] = [];
      for (const [i, raw] of markings.entries()) {
        const parsed = parseExMarking(raw.slice(0, EX_MARKING_MAX * 2));
        if (!parsed.ok) {
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: t(f(`exMarking.${parsed.problem.key}`), parsed.problem.values),
          });
          return z.NEVER;
        }
        if (out.includes(parsed.value.marking)) {
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: t(f('exMarkingDuplicate'), { marking: parsed.value.marking }),
          });
          return z.NEVER;
        }
        out.push(parsed.value.marking);
      }
      return out;
    });

/** Standards as a list or comma-joined (the column keeps them comma-joined): codes of the known shape, no repeats. */
export const standardsSchema = (t: Translate) =>
  z.union([z.array(z.string()), z.string()], { error: t(f('standardsInvalid')) }).transform((v, ctx) => {
    const codes = (Array.isArray(v) ? v : v.split(/[,，]/))
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    if (codes.length > STANDARDS_MAX) {
      ctx.addIssue({ code: 'custom', message: t(f('standardsTooMany'), { max: STANDARDS_MAX }) });
      return z.NEVER;
    }
    for (const code of codes) {
      if (!STANDARD_CODE.test(code)) {
        ctx.addIssue({ code: 'custom', message: t(f('standardInvalid'), { code: code.slice(0, 60) }) });
        return z.NEVER;
      }
    }
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', message: t(f('standardDuplicate')) });
      return z.NEVER;
    }
    return codes.join(',');
  });

/** The fields of an application the customer writes (ApplicationVO minus the server's). */
export const applicationFieldsSchema = (t: Translate) =>
  z.object({
    applicantName: optional(text(t, 'applicantName', 100)),
    applicantCreditCode: optional(creditCode(t, 'applicant')),
    applicantAddress: optional(text(t, 'applicantAddress', 200)),
    manufacturerName: optional(text(t, 'manufacturerName', 100)),
    manufacturerCreditCode: optional(creditCode(t, 'manufacturer')),
    manufacturerAddress: optional(text(t, 'manufacturerAddress', 200)),
    factoryName: optional(text(t, 'factoryName', 100)),
    factoryCreditCode: optional(creditCode(t, 'factory')),
    factoryAddress: optional(text(t, 'factoryAddress', 200)),
    contactName: optional(text(t, 'contactName', 50)),
    contactPhone: optional(
      text(t, 'contactPhone', 30).refine(
        (v) => v === '' || CONTACT_PHONE.test(v),
        t(f('contactPhoneInvalid')),
      ),
    ),
    productName: optional(text(t, 'productName', 200)),
    productCategory: optional(
      text(t, 'productCategory', 8).refine(
        (v) => v === '' || CCC_CATEGORIES.includes(v),
        t(f('productCategoryInvalid')),
      ),
    ),
    unitNo: optional(text(t, 'unitNo', 64)),
    trademark: optional(text(t, 'trademark', 100)),
    applicationType: optional(z.enum(APPLICATION_TYPES, { error: t(f('applicationTypeInvalid')) })),
    models: optional(modelsSchema(t)),
    exMarkings: optional(exMarkingsSchema(t)),
    standards: optional(standardsSchema(t)),
    ratedParams: optional(text(t, 'ratedParams', 1000)),
    remark: optional(text(t, 'remark', 1000)),
    certNumber: optional(
      text(t, 'certNumber', 32).refine(
        (v) => v === '' || /^[A-Za-z0-9.\-/]+$/.test(v),
        t(f('certNumberInvalid')),
      ),
    ),
  });
export type ApplicationFields = z.output<ReturnType<typeof applicationFieldsSchema>>;

/** A CNEx record's kind (blade/ refuses to save a CNEx draft without one). */
export const cnexTypeSchema = (t: Translate) =>
  z.enum(CNEX_TYPES, {
    error: (issue) => t(f(issue.input === undefined ? 'cnexTypeRequired' : 'cnexTypeInvalid')),
  });

const batchNumberSchema = (t: Translate) =>
  z
    .string({ error: t(f('batchNumberInvalid')) })
    .trim()
    .regex(/^PC\d{10}$/, t(f('batchNumberInvalid')));

/** save (CCC, CQST): the fields and optionally the batch the application joins (without one a new batch is made). */
export const saveApplicationSchema = (t: Translate, scheme: Scheme) =>
  applicationFieldsSchema(t)
    .extend({
      batchNumber: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        batchNumberSchema(t).optional(),
      ),
      cnexType:
        scheme === 'cnex'
          ? z.preprocess((v) => (v === '' || v === null ? undefined : v), cnexTypeSchema(t))
          : z
              .any()
              .optional()
              .transform((): undefined => undefined),
    })
    .superRefine(consistency(t));

/** update: the fields sent are changed, the others kept; `id` names the application. */
export const updateApplicationSchema = (t: Translate, scheme: Scheme) =>
  applicationFieldsSchema(t).extend({
    id: z
      .union([z.string(), z.number()], { error: t(f('idInvalid')) })
      .transform((v) => String(v).trim())
      .refine((v) => /^[1-9]\d{0,18}$/.test(v), t(f('idInvalid'))),
    cnexType:
      scheme === 'cnex'
        ? z.preprocess((v) => (v === '' || v === null ? undefined : v), cnexTypeSchema(t).optional())
        : z
            .any()
            .optional()
            .transform((): undefined => undefined),
  });

/** Rules across fields of one form: a change or renewal names the certificate it changes. */
export function consistency(t: Translate) {
  return (v: Pick<ApplicationFields, 'applicationType' | 'certNumber'>, ctx: z.RefinementCtx) => {
    const problem = consistencyProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['certNumber'], message: t(f(problem)) });
  };
}

export function consistencyProblem(v: {
  applicationType?: string | null;
  certNumber?: string | null;
}): 'certNumberRequired' | null {
  return NEEDS_CERT_NUMBER.includes((v.applicationType ?? 'new') as ApplicationType) && !v.certNumber
    ? 'certNumberRequired'
    : null;
}

/** What a submission needs, per scheme (and CNEx type): each name is a field of ApplicationVO and its label key. */
export function requiredFields(scheme: Scheme, cnexType?: CnexType | null): readonly string[] {
  const applicant = ['applicantName', 'applicantCreditCode', 'applicantAddress'];
  const contact = ['contactName', 'contactPhone'];
  const manufacturer = ['manufacturerName', 'manufacturerCreditCode', 'manufacturerAddress'];
  const factory = ['factoryName', 'factoryCreditCode', 'factoryAddress'];
  const product = ['productName', 'models', 'exMarkings', 'standards'];
  if (scheme === 'ccc')
    return [...applicant, ...manufacturer, ...factory, ...contact, 'productCategory', ...product];
  if (scheme === 'cqst') return [...applicant, ...manufacturer, ...contact, ...product];
  // CNEx service facilities and personnel: no product; `productName` names the scope applied for (申请范围).
  return cnexType === 'person' || cnexType === 'person_data'
    ? [...applicant, ...contact, 'productName']
    : [...applicant, ...contact, 'productName', 'standards'];
}

/**
 * The text of one required field left blank (`application.form.required` with the field's label): the form says it
 * under the field, where submit's refusal (application.customer.missingFields) names them all at once.
 */
export const requiredMessage = (t: Translate, name: string) => t(f('required'), { field: t(f(name)) });

/** The required fields an application (as ApplicationVO) still lacks, in form order. */
export function missingFields(
  scheme: Scheme,
  app: Record<string, unknown> & { cnexType?: string | null },
): string[] {
  return requiredFields(scheme, app.cnexType as CnexType | null).filter((name) => {
    const value = app[name];
    return Array.isArray(value) ? value.length === 0 : value === undefined || value === null || value === '';
  });
}

/** One model of a certification unit, as answered. */
export interface ApplicationModelVO {
  model: string;
  spec: string;
  isSampleModel: boolean;
  differenceNote: string;
}

/** An application as every customer and staff call answers it (the design's ApplicationVO). */
export interface ApplicationVO {
  id: string;
  scheme: Scheme;
  cnexType: string;
  applicationNo: string;
  batchId: string;
  batchNumber: string;
  companyId: string;
  companyName: string;
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
  applicationType: string;
  models: ApplicationModelVO[];
  exMarkings: string[];
  standards: string;
  ratedParams: string;
  remark: string;
  certNumber: string;
  flowState: string;
  isFinished: number;
  sampleSent: number;
  sampleCourierNo: string;
  sampleSentAt: string;
  samplesReceivedAt: string;
  retreatReason: string;
  engineerId: string;
  engineerName: string;
  testerId: string;
  inspectorId: string;
  evaluatorId: string;
  deciderId: string;
  submittedAt: string;
  acceptedAt: string;
  finishedAt: string;
  certificateId: string;
  issuedCertNumber: string;
  testConclusion: string;
  inspectionConclusion: string;
  evaluationComment: string;
  createTime: string;
  updateTime: string;
}

/** A batch of the customer's form wizard with its applications. */
export interface ApplicationBatchVO {
  id: string;
  batchNumber: string;
  scheme: Scheme;
  step: number;
  applications: ApplicationVO[];
}

/** A row of the documents uploaded for the applications of a batch. */
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

/** checkCertNumber's answer: whether the caller's company holds the certificate a change or renewal names. */
export interface CertNumberCheckVO {
  exists: boolean;
  certificate?: {
    id: string;
    certNumber: string;
    productName: string;
    validTo: string;
    certStatus: string;
  };
}
