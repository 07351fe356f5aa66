// The input patterns that screens without schemas check too (the login page's phone): kept apart from the zod inputs
// (lib/contracts/inputs.ts re-exports them) so that such a page does not load zod.

/** A snowflake id as a decimal string: 1 to 19 digits, no leading zero. */
export const ID_PATTERN = /^[1-9]\d{0,18}$/;

/** A mainland mobile number: 11 digits starting with 1 (SMS, phone fields, verification codes). */
export const PHONE_PATTERN = /^1\d{10}$/;
