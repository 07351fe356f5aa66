import { z } from '../../zod';
import { PHONE_PATTERN } from '../inputs';

/**
 * Inputs of the customer company calls (blade-customer user/company, spec 001 §7.2), pure zod read by both halves:
 * blade/modules/customer parses with them and gives `t` the zh texts, the /register and /forgetPassword pages
 * validate with them and give `t` the user's language. Every message is a key of the `customer` namespace.
 */
export type Translate = (key: CustomerMessageKey) => string;

export type CustomerMessageKey =
  | 'accountRequired'
  | 'accountInvalid'
  | 'accountLength'
  | 'passwordRequired'
  | 'passwordInvalid'
  | 'realNameRequired'
  | 'realNameLength'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'companyNameRequired'
  | 'companyNameLength'
  | 'creditCodeRequired'
  | 'creditCodeInvalid'
  | 'creditCodeCheckDigit'
  | 'addressRequired'
  | 'addressLength'
  | 'contactNameRequired'
  | 'contactNameLength'
  | 'contactPhoneInvalid'
  | 'keyRequired'
  | 'tenantInvalid'
  | 'channelInvalid';

/** Account names reach administrators' screens: plain characters only (as blade-user's guest registration). */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]*$/;
export const ACCOUNT_MIN = 4;
export const ACCOUNT_MAX = 45;
/** Mainland mobile numbers, as blade-user's my/update. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MD5_HEX = /^[0-9a-fA-F]{32}$/;
const TENANT_PATTERN = /^\d{6}$/;
const CONTACT_PHONE = /^[0-9+\-() ]{5,30}$/;

/**
 * GB 32100-2015 unified social credit code: registration authority (1), organisation kind (1), administrative
 * division (6 digits), organisation code (9), check character (1), from the 31 characters 0-9 and A-Y without I, O,
 * S, V, Z. The check character makes 31 divide the weighted sum.
 */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of the first 17 characters of a credit code. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_CHARSET.indexOf(first17[i]) * CREDIT_CODE_WEIGHTS[i];
  return CREDIT_CODE_CHARSET[(31 - (sum % 31)) % 31];
}

/** What is wrong with a credit code: its shape, its check character, or nothing. */
export function creditCodeProblem(code: string): 'creditCodeInvalid' | 'creditCodeCheckDigit' | null {
  if (!CREDIT_CODE_PATTERN.test(code)) return 'creditCodeInvalid';
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : 'creditCodeCheckDigit';
}

const text = (t: Translate, required: CustomerMessageKey, length: CustomerMessageKey, max: number) =>
  z
    .string({ error: t(required) })
    .trim()
    .min(1, t(required))
    .max(max, t(length));

/** The tenant of a public call: 6 digits when given (the page sends the host's tenant). */
export const tenantIdSchema = (t: Translate) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: t('tenantInvalid') })
      .trim()
      .regex(TENANT_PATTERN, t('tenantInvalid'))
      .optional(),
  );

export const accountSchema = (t: Translate) =>
  z
    .string({ error: t('accountRequired') })
    .trim()
    .min(1, t('accountRequired'))
    .min(ACCOUNT_MIN, t('accountLength'))
    .max(ACCOUNT_MAX, t('accountLength'))
    .regex(ACCOUNT_PATTERN, t('accountInvalid'));

export const phoneSchema = (t: Translate) =>
  z
    .string({ error: t('phoneRequired') })
    .trim()
    .min(1, t('phoneRequired'))
    .regex(PHONE_PATTERN, t('phoneInvalid'));

export const emailSchema = (t: Translate) =>
  z
    .string({ error: t('emailRequired') })
    .trim()
    .min(1, t('emailRequired'))
    .max(100, t('emailInvalid'))
    .regex(EMAIL_PATTERN, t('emailInvalid'))
    .transform((v) => v.toLowerCase());

/** md5 hex of the password, as the login sends it; the plain password never leaves the browser. */
export const passwordSchema = (t: Translate) =>
  z
    .string({ error: t('passwordRequired') })
    .min(1, t('passwordRequired'))
    .regex(MD5_HEX, t('passwordInvalid'));

export const creditCodeSchema = (t: Translate) =>
  z
    .string({ error: t('creditCodeRequired') })
    .trim()
    .min(1, t('creditCodeRequired'))
    .transform((v) => v.toUpperCase())
    .superRefine((v, ctx) => {
      const problem = creditCodeProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: t(problem) });
    });

export const companyNameSchema = (t: Translate) => text(t, 'companyNameRequired', 'companyNameLength', 100);

export const keySchema = (t: Translate) =>
  z
    .string({ error: t('keyRequired') })
    .trim()
    .min(1, t('keyRequired'))
    .max(200, t('keyRequired'));

/** The company's fields of a registration. */
export const companyFieldsSchema = (t: Translate) =>
  z.object({
    companyName: companyNameSchema(t),
    creditCode: creditCodeSchema(t),
    address: text(t, 'addressRequired', 'addressLength', 200),
    contactName: text(t, 'contactNameRequired', 'contactNameLength', 50),
    contactPhone: z
      .string({ error: t('contactPhoneInvalid') })
      .trim()
      .regex(CONTACT_PHONE, t('contactPhoneInvalid')),
  });

/** The first user's fields of a registration. */
export const userFieldsSchema = (t: Translate) =>
  z.object({
    account: accountSchema(t),
    password: passwordSchema(t),
    realName: text(t, 'realNameRequired', 'realNameLength', 10),
    phone: phoneSchema(t),
    email: emailSchema(t),
  });

/** user/insertUser: a company, its first user, and the key of the e-mail or phone code (purpose 'register'). */
export const insertUserSchema = (t: Translate) =>
  companyFieldsSchema(t)
    .extend(userFieldsSchema(t).shape)
    .extend({ tenantId: tenantIdSchema(t), key: keySchema(t) });
export type InsertUserInput = z.output<ReturnType<typeof insertUserSchema>>;

/** user/userNameCanUse */
export const userNameCanUseSchema = (t: Translate) =>
  z.object({ tenantId: tenantIdSchema(t), account: accountSchema(t) });

/** user/validateUserByPhoneOrcompanyName: one or both; each answered on its own. */
export const phoneOrCompanySchema = (t: Translate) =>
  z
    .object({
      tenantId: tenantIdSchema(t),
      phone: z.preprocess((v) => (v === '' ? undefined : v), phoneSchema(t).optional()),
      companyName: z.preprocess((v) => (v === '' ? undefined : v), companyNameSchema(t).optional()),
    })
    .refine((v) => v.phone !== undefined || v.companyName !== undefined, {
      message: t('phoneRequired'),
      path: ['phone'],
    });

/** user/selectPhoneByCompoundPar: the account whose password is to be recovered. */
export const recoverLookupSchema = (t: Translate) =>
  z.object({ tenantId: tenantIdSchema(t), account: accountSchema(t) });

/** user/updatePassWordBykey: the account, the new password and the key of a 'recover' code. */
export const recoverPasswordSchema = (t: Translate) =>
  z.object({
    tenantId: tenantIdSchema(t),
    account: accountSchema(t),
    password: passwordSchema(t),
    key: keySchema(t),
  });

/** What selectPhoneByCompoundPar answers: where a recovery code can go, masked. */
export interface RecoveryTargets {
  /** `138****5678`, or '' when the account has no phone. */
  phone: string;
  /** `a***@example.com`, or '' when the account has no e-mail. */
  email: string;
}

/** Keeps the first 3 and the last 4 digits of a phone. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length < 8) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Keeps the first character of the local part and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '***' : '';
  return `${email[0]}***${email.slice(at)}`;
}
