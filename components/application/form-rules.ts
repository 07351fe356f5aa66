/**
 * The rules of the customer's form, one zod schema per step, with the texts of `application.screen.rules` in the
 * user's language. blade/ checks the same fields on save and on submit; these rules only spare a round trip, and a
 * refusal from the server is still shown as it comes.
 */
import { z } from 'zod';
import { creditCodeProblem } from '@/lib/contracts/customer/registration';
import { PHONE_PATTERN } from '@/lib/contracts/inputs';
import { CNEX_TYPES, type Scheme } from '@/lib/contracts/application/machine';
import { APPLICATION_TYPES, type ApplicationInput } from './api';

type Rule = (key: string) => string;

/** The CCC-Ex catalogue (CNCA-C23-01): 17 product categories, codes 2301–2317 (DOMAIN §1). */
export const CCC_CATEGORIES = Array.from({ length: 17 }, (_, i) => String(2301 + i));

/** A landline with area code and optional extension, as a contact's office number is often given. */
const LANDLINE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;

/**
 * An Ex marking's shape (DOMAIN §0): `Ex`, one or more protection types with level, the group, an optional
 * temperature class or surface temperature, and the EPL, e.g. `Ex db eb IIC T4 Gb`, `Ex tb IIIC T80°C Db`.
 */
export const EX_MARKING =
  /^Ex(\s+[a-z][a-zA-Z]{0,3})+\s+(I|II|IIA|IIB|IIC|IIB\+H2|IIIA|IIIB|IIIC)(\s+T[1-6]|\s+T\d{2,3}\s?°C)?(\s+(Ma|Mb|Ga|Gb|Gc|Da|Db|Dc))(\s+X|\s+U)?$/;

const text = (rule: Rule, max: number) =>
  z.string().trim().min(1, rule('required')).max(max, rule('tooLong'));

const creditCode = (rule: Rule) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: rule('required') });
      else if (creditCodeProblem(value)) ctx.addIssue({ code: 'custom', message: rule('creditCode') });
    });

export function partiesSchema(rule: Rule) {
  return z.object({
    applicantName: text(rule, 200),
    applicantCreditCode: creditCode(rule),
    applicantAddress: text(rule, 500),
    manufacturerName: text(rule, 200),
    manufacturerCreditCode: creditCode(rule),
    manufacturerAddress: text(rule, 500),
    factoryName: text(rule, 200),
    factoryCreditCode: creditCode(rule),
    factoryAddress: text(rule, 500),
    contactName: text(rule, 100),
    contactPhone: z
      .string()
      .trim()
      .min(1, rule('required'))
      .refine((v) => PHONE_PATTERN.test(v) || LANDLINE.test(v), rule('phone')),
  });
}

const modelSchema = (rule: Rule) =>
  z.object({
    model: z.string().trim().min(1, rule('modelRequired')).max(100, rule('tooLong')),
    spec: z.string().trim().max(500, rule('tooLong')),
    isSampleModel: z.boolean(),
    differenceNote: z.string().trim().max(1000, rule('tooLong')),
  });

/** Product step: CCC and CQST are products (models, markings, standards required); CNEx records name their kind. */
export function productSchema(rule: Rule, scheme: Scheme) {
  const product = scheme !== 'cnex';
  return z
    .object({
      cnexType: scheme === 'cnex' ? z.enum(CNEX_TYPES, { error: rule('required') }) : z.any(),
      productName: text(rule, 200),
      productCategory:
        scheme === 'ccc'
          ? z.string().refine((v) => CCC_CATEGORIES.includes(v), rule('required'))
          : z.string().optional(),
      unitNo: z.string().trim().max(100, rule('tooLong')),
      trademark: z.string().trim().max(100, rule('tooLong')),
      applicationType: z.enum(APPLICATION_TYPES, { error: rule('required') }),
      certNumber: z.string().trim().max(64, rule('tooLong')),
      models: z.array(modelSchema(rule)),
      exMarkings: z.array(z.string().trim()),
      standards: z.string().trim().max(1000, rule('tooLong')),
      ratedParams: z.string().trim().max(1000, rule('tooLong')),
      remark: z.string().trim().max(1000, rule('tooLong')),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, key: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message: rule(key) });
      // A change, extension or renewal names the certificate it concerns.
      if (v.applicationType && v.applicationType !== 'new' && !v.certNumber)
        issue('certNumber', 'certNumberRequired');
      const bad = v.exMarkings.find((m) => !EX_MARKING.test(m));
      if (bad !== undefined) issue('exMarkings', 'exMarking');
      if (!product) return;
      if (!v.models.length) issue('models', 'modelsRequired');
      else if (!v.models.some((m) => m.isSampleModel)) issue('models', 'sampleModelRequired');
      if (!v.exMarkings.length) issue('exMarkings', 'exMarkingsRequired');
      if (!v.standards) issue('standards', 'standardsRequired');
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
    step === 'parties' ? partiesSchema(rule) : step === 'product' ? productSchema(rule, input.scheme) : null;
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
