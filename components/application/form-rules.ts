/**
 * The customer's form in steps, checked with the shared contract (lib/contracts/application/application.ts): each
 * step is the part of applicationFieldsSchema it edits, the fields a submission needs come from missingFields, and the
 * texts are the contract's `application.form` keys in the user's language. blade/ applies the same contract on save
 * and submit; these checks only spare a round trip, and a refusal from the server is still shown as it comes.
 */
import { z } from '@/lib/zod';
import {
  applicationFieldsSchema,
  cnexTypeSchema,
  consistencyProblem,
  missingFields,
  PARTIES,
  requiredMessage,
  type ApplicationFields,
  type Party,
  type Translate,
} from '@/lib/contracts/application/application';
import type { Scheme } from '@/lib/contracts/application/machine';
import { firstErrors } from '@/components/crud/first-errors';
import type { ApplicationInput } from './api';

type FieldName = keyof ApplicationFields;

/** The parties the form shows: CNEx records (a facility or persons) have no manufacturer or factory. */
export const shownParties = (scheme: Scheme): readonly Party[] =>
  scheme === 'cnex' ? ['applicant'] : PARTIES;

const partyFields = (party: Party) =>
  [`${party}Name`, `${party}CreditCode`, `${party}Address`] as const satisfies readonly FieldName[];

/** The fields each step edits, in the order the form shows them. */
export const PARTY_STEP = [
  ...PARTIES.flatMap(partyFields),
  'contactName',
  'contactPhone',
] as const satisfies readonly FieldName[];
const PRODUCT_STEP = [
  'productName',
  'productCategory',
  'unitNo',
  'trademark',
  'applicationType',
  'certNumber',
  'ratedParams',
  'models',
  'exMarkings',
  'standards',
  'remark',
] as const satisfies readonly FieldName[];

const mask = <K extends FieldName>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, true])) as { [P in K]: true };

/** A blank select is no choice (the contract reads a missing kind as "required", not as "invalid"). */
const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Step 1: the parties and the contact; a CNEx record's kind comes first (blade/ saves no CNEx draft without it). */
export const partiesSchema = (t: Translate, scheme: Scheme) =>
  applicationFieldsSchema(t)
    .pick(mask(PARTY_STEP))
    .extend({
      cnexType: scheme === 'cnex' ? z.preprocess(blankAsMissing, cnexTypeSchema(t)) : z.any(),
    });

/** Step 2: the product (or the CNEx record's scope), its models, Ex markings and standards. */
export const productSchema = (t: Translate) => applicationFieldsSchema(t).pick(mask(PRODUCT_STEP));

/** The empty form of a new application of a scheme. */
export function emptyInput(scheme: Scheme): ApplicationInput {
  return {
    scheme,
    cnexType: '',
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

/** The editable part of an answered application; a blank application type keeps the form's "new". */
export function inputOf(row: Partial<ApplicationInput> & { scheme: Scheme }): ApplicationInput {
  const out: Record<string, unknown> = { ...emptyInput(row.scheme) };
  for (const key of Object.keys(out)) {
    const value = row[key as keyof ApplicationInput];
    if (value === null || value === undefined || (key === 'applicationType' && value === '')) continue;
    out[key] = value;
  }
  return out as ApplicationInput;
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

/**
 * The first message of each field that breaks the step's rules (empty: the step may be left): what is wrong in what
 * was typed, then what the step leaves blank that a submission needs, then the rules across fields.
 */
export function stepErrors(step: FormStep, input: ApplicationInput, t: Translate): Record<string, string> {
  if (step !== 'parties' && step !== 'product') return {};
  const schema = step === 'parties' ? partiesSchema(t, input.scheme) : productSchema(t);
  const result = schema.safeParse(input);
  const out: Record<string, string> = result.success ? {} : firstErrors(result.error);
  const names: readonly string[] = step === 'parties' ? PARTY_STEP : PRODUCT_STEP;
  for (const name of missingFields(input.scheme, input))
    if (names.includes(name)) out[name] ??= requiredMessage(t, name);
  if (step === 'product') {
    const problem = consistencyProblem(input);
    if (problem) out.certNumber ??= t(`application.form.${problem}`);
  }
  return out;
}
