/**
 * The rules of the customer's form, one zod schema per step, with the texts of `application.screen.rules` in the
 * user's language. blade/ checks the same fields on save and on submit; these rules only spare a round trip, and a
 * refusal from the server is still shown as it comes.
 */
import { z } from 'zod';
import { creditCodeProblem } from '@/lib/contracts/customer/registration';
import { CNEX_TYPES, type Scheme } from '@/lib/contracts/application/machine';
import { APPLICATION_TYPES, type ApplicationInput } from './api';

type Rule = (key: string) => string;

/** The CCC-Ex catalogue (CNCA-C23-01): 17 product categories, codes 2301–2317 (DOMAIN §1). */
export const CCC_CATEGORIES = Array.from({ length: 17 }, (_, i) => String(2301 + i));

/** A contact number as blade/ takes it: digits with the usual separators (mobile, landline, extension, +86). */
const CONTACT_PHONE = /^[0-9+\-() ]{5,30}$/;

/**
 * An Ex marking's shape (DOMAIN §0): `Ex`, one or more protection types with level, the group, an optional
 * temperature class or surface temperature, and the EPL, e.g. `Ex db eb IIC T4 Gb`, `Ex tb IIIC T80°C Db`. blade/
 * parses each marking fully (type against group, EPL against level) and its refusal names the wrong part.
 */
export const EX_MARKING =
  /^Ex(\s+[a-z][a-zA-Z]{0,3})+\s+(I|II|IIA|IIB|IIC|IIB\+H2|IIIA|IIIB|IIIC)(\s+T[1-6]|\s+T\d{2,3}\s?°C)?(\s+(Ma|Mb|Ga|Gb|Gc|Da|Db|Dc))(\s+X|\s+U)?$/;

/** A change or a renewal concerns an existing certificate, which the application names. */
export const NEEDS_CERT_NUMBER: readonly string[] = ['change', 'renewal'];

export type PartyName = 'applicant' | 'manufacturer' | 'factory';

/**
 * The parties a submission needs, as blade/ checks them on submit: CCC all three (DOMAIN §1), CQST applicant and
 * manufacturer, CNEx (a facility or persons, no product) the applicant alone. The others may be given, and are then
 * checked like the required ones.
 */
export function partiesOf(scheme: Scheme): readonly PartyName[] {
  return scheme === 'ccc'
    ? ['applicant', 'manufacturer', 'factory']
    : scheme === 'cqst'
      ? ['applicant', 'manufacturer']
      : ['applicant'];
}

/** The parties the form shows: CNEx records have no manufacturer or factory. */
export const shownParties = (scheme: Scheme): readonly PartyName[] =>
  scheme === 'cnex' ? ['applicant'] : ['applicant', 'manufacturer', 'factory'];

const text = (rule: Rule, max: number, required = true) =>
  z
    .string()
    .trim()
    .max(max, rule('tooLong'))
    .refine((v) => !required || v.length > 0, rule('required'));

const creditCode = (rule: Rule, required = true) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: 'custom', message: rule('required') });
      } else if (creditCodeProblem(value)) ctx.addIssue({ code: 'custom', message: rule('creditCode') });
    });

export function partiesSchema(rule: Rule, scheme: Scheme) {
  const required = partiesOf(scheme);
  const party = (name: PartyName) => {
    const needed = required.includes(name);
    return {
      [`${name}Name`]: text(rule, 100, needed),
      [`${name}CreditCode`]: creditCode(rule, needed),
      [`${name}Address`]: text(rule, 200, needed),
    };
  };
  return z.object({
    // A CNEx record's kind comes first: blade/ refuses to save a CNEx draft without it.
    cnexType: scheme === 'cnex' ? z.enum(CNEX_TYPES, { error: rule('required') }) : z.any(),
    ...party('applicant'),
    ...party('manufacturer'),
    ...party('factory'),
    contactName: text(rule, 50),
    contactPhone: text(rule, 30).refine((v) => !v || CONTACT_PHONE.test(v), rule('phone')),
  });
}

const modelSchema = (rule: Rule) =>
  z.object({
    model: z.string().trim().min(1, rule('modelRequired')).max(100, rule('tooLong')),
    spec: z.string().trim().max(500, rule('tooLong')),
    isSampleModel: z.boolean(),
    differenceNote: z.string().trim().max(500, rule('tooLong')),
  });

/**
 * Product step. CCC and CQST are products: models (one of them representative), Ex markings and standards are
 * required. A CNEx record (its kind chosen with the parties) names its scope in `productName`; an ability assessment
 * or an on-site audit also cites its standards.
 */
export function productSchema(rule: Rule, scheme: Scheme) {
  const product = scheme !== 'cnex';
  return z
    .object({
      cnexType: z.any(),
      productName: text(rule, 200),
      productCategory:
        scheme === 'ccc'
          ? z.string().refine((v) => CCC_CATEGORIES.includes(v), rule('required'))
          : z.string().optional(),
      unitNo: text(rule, 64, false),
      trademark: text(rule, 100, false),
      applicationType: z.enum(APPLICATION_TYPES, { error: rule('required') }),
      certNumber: text(rule, 32, false),
      models: z.array(modelSchema(rule)),
      exMarkings: z.array(z.string().trim()),
      standards: text(rule, 1000, false),
      ratedParams: text(rule, 1000, false),
      remark: text(rule, 1000, false),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, key: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message: rule(key) });
      if (NEEDS_CERT_NUMBER.includes(v.applicationType) && !v.certNumber)
        issue('certNumber', 'certNumberRequired');
      if (v.exMarkings.some((m) => !EX_MARKING.test(m))) issue('exMarkings', 'exMarking');
      if (v.models.length && !v.models.some((m) => m.isSampleModel)) issue('models', 'sampleModelRequired');
      const citesStandards = product || v.cnexType === 'ability' || v.cnexType === 'scene';
      if (citesStandards && !v.standards) issue('standards', 'standardsRequired');
      if (!product) return;
      if (!v.models.length) issue('models', 'modelsRequired');
      if (!v.exMarkings.length) issue('exMarkings', 'exMarkingsRequired');
    });
}

/** The empty form of a new application of a scheme. */
export function emptyInput(scheme: Scheme): ApplicationInput {
  return {
    scheme,
    cnexType: null,
    applicantName: '',
    applicantCreditCode: '',
    applicantAddress: '',
    manufacturerName: '',
    manufacturerCreditCode: '',
    manufacturerAddress: '',
    factoryName: '',
    factoryCreditCode: '',
    factoryAddress: '',
    contactName: '',
    contactPhone: '',
    productName: '',
    productCategory: '',
    unitNo: '',
    trademark: '',
    applicationType: 'new',
    models: [],
    exMarkings: [],
    standards: '',
    ratedParams: '',
    remark: '',
    certNumber: '',
  };
}

/** The editable part of an answered application (nulls as empty texts, so every field is controlled). */
export function inputOf(
  row: { [K in keyof ApplicationInput]?: ApplicationInput[K] | null } & { scheme: Scheme },
): ApplicationInput {
  const base = emptyInput(row.scheme);
  const out = { ...base } as Record<string, unknown>;
  for (const key of Object.keys(base) as (keyof ApplicationInput)[]) {
    const value = row[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out as unknown as ApplicationInput;
}

/** "Same as applicant": the factory's party copied from the applicant's. */
export function factoryFromApplicant(input: ApplicationInput): ApplicationInput {
  return {
    ...input,
    factoryName: input.applicantName,
    factoryCreditCode: input.applicantCreditCode,
    factoryAddress: input.applicantAddress,
  };
}

export const FORM_STEPS = ['parties', 'product', 'documents', 'review'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

/** The first message of each field that breaks the step's rules (empty: the step may be left). */
export function stepErrors(step: FormStep, input: ApplicationInput, rule: Rule): Record<string, string> {
  const schema =
    step === 'parties'
      ? partiesSchema(rule, input.scheme)
      : step === 'product'
        ? productSchema(rule, input.scheme)
        : null;
  if (!schema) return {};
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
