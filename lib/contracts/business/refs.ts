import type { FieldSpec } from '../resource';

/**
 * A field holding another record's id (a project's, a contract's, a batch's): a snowflake text, filtered by the whole
 * value. The screens pick the record; nobody types its id.
 */
export const refField = (required: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  kind: 'text',
  max: 19,
  pattern: { regex: /^[1-9]\d{0,18}$/, message: 'common.validation.ids' },
  acceptsNumber: true,
  required,
  search: 'eq',
  list: false,
  ...extra,
});

/** An amount the server keeps (derived from other rows, or set by a call of its own): answered, never submitted. */
export const derivedMoney: FieldSpec = { kind: 'money', form: false, sort: true };

/** Warranty fields a finish (acceptance) sets, shown on the list, never typed in the form. */
export const acceptanceFields = {
  acceptanceDate: { kind: 'date', form: false, sort: true, list: false },
  warrantyPeriod: { kind: 'int', form: false, list: false },
  warrantyExpire: { kind: 'date', form: false, sort: true },
} as const satisfies Record<string, FieldSpec>;
