/**
 * The persons (trainers and trainees) of a CNEx personnel record (issue 15, DOMAIN §2 "Personnel competence"): the
 * rules both halves apply to one person's form. Pure: no I/O. Refusals are message keys of the `trainers` namespace,
 * so blade/ answers the zh text (KeyedError) and the panel shows the same rule in the user's language.
 *
 * Competence is assessed by the certification body's assessor, who must not be the person's trainer (ISO/IEC 17024,
 * DOMAIN §10): that check belongs to the staff side's assessment. A person here only carries the units applied for
 * and the years of experience the assessment reads.
 */
import { PHONE_PATTERN } from '../inputs';

/** The competence units Ex 000–011 (IECEx CoPC analogue), stored comma-joined in this order. */
export const CNEX_UNITS = [
  'Ex000',
  'Ex001',
  'Ex002',
  'Ex003',
  'Ex004',
  'Ex005',
  'Ex006',
  'Ex007',
  'Ex008',
  'Ex009',
  'Ex010',
  'Ex011',
] as const;
export type CnexUnit = (typeof CNEX_UNITS)[number];

/** The CNEx record kinds that carry persons. */
export const TRAINER_CNEX_TYPES = ['person', 'person_data', 'ability'] as const;

export const TRAINER_STATES = ['draft', 'submitted'] as const;
export type TrainerState = (typeof TRAINER_STATES)[number];

export const GENDERS = ['M', 'F'] as const;

export const TRAINER_LIMITS = {
  name: 50,
  education: 32,
  employer: 100,
  maxExperienceYears: 60,
} as const;

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/**
 * A resident identity number of GB 11643-1999: 17 digits (region, birth date yyyyMMdd, sequence) and the ISO 7064
 * MOD 11-2 check character (0–9 or X). The birth date must be a real day not in the future.
 */
export function isValidIdCard(value: string, today = new Date()): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const sum = ID_CARD_WEIGHTS.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  if (ID_CARD_CHECK[sum % 11] !== value[17]) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day)
    return false;
  return year >= 1900 && birth.getTime() <= today.getTime();
}

/** The gender an identity number encodes: the 17th digit is odd for men, even for women. */
export function genderOfIdCard(value: string): 'M' | 'F' {
  return Number(value[16]) % 2 === 1 ? 'M' : 'F';
}

/** What one person's form sends (strings, as a Blade POST carries them; units comma-joined or an array). */
export interface TrainerInput {
  name?: string;
  idCardNo?: string;
  gender?: string;
  education?: string;
  employer?: string;
  units?: string | readonly string[];
  experienceYears?: string | number;
  phone?: string;
}

export interface TrainerValues {
  name: string;
  idCardNo: string;
  gender: 'M' | 'F';
  education: string;
  employer: string;
  /** Known unit codes, in CNEX_UNITS order, without repeats. */
  units: CnexUnit[];
  experienceYears: number;
  phone: string;
}

export type TrainerField = keyof TrainerValues;

/** A refusal: the field it concerns and the `trainers` message key (and its values). */
export interface TrainerProblem {
  field: TrainerField;
  key: string;
  values?: Record<string, string | number>;
}

export type TrainerCheck = { ok: true; values: TrainerValues } | { ok: false; problem: TrainerProblem };

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Checks one person's form; the first problem found, in the form's order. */
export function checkTrainer(input: TrainerInput, today = new Date()): TrainerCheck {
  const fail = (field: TrainerField, key: string, values?: TrainerProblem['values']): TrainerCheck => ({
    ok: false,
    problem: { field, key, values },
  });
  const name = text(input.name);
  if (!name) return fail('name', 'trainers.rules.nameRequired');
  if (name.length > TRAINER_LIMITS.name)
    return fail('name', 'trainers.rules.tooLong', { max: TRAINER_LIMITS.name });

  const idCardNo = text(input.idCardNo).toUpperCase();
  if (!idCardNo) return fail('idCardNo', 'trainers.rules.idCardRequired');
  if (!isValidIdCard(idCardNo, today)) return fail('idCardNo', 'trainers.rules.idCardInvalid');

  // The identity number says the gender; a form that says otherwise is a typo in one of them.
  const encoded = genderOfIdCard(idCardNo);
  const gender = text(input.gender) || encoded;
  if (!(GENDERS as readonly string[]).includes(gender)) return fail('gender', 'trainers.rules.genderInvalid');
  if (gender !== encoded) return fail('gender', 'trainers.rules.genderMismatch');

  const education = text(input.education);
  if (education.length > TRAINER_LIMITS.education)
    return fail('education', 'trainers.rules.tooLong', { max: TRAINER_LIMITS.education });
  const employer = text(input.employer);
  if (employer.length > TRAINER_LIMITS.employer)
    return fail('employer', 'trainers.rules.tooLong', { max: TRAINER_LIMITS.employer });

  const raw = Array.isArray(input.units) ? input.units.join(',') : text(input.units);
  const given = raw
    .split(',')
    .map((u) => u.replace(/\s+/g, ''))
    .filter(Boolean);
  if (given.length === 0) return fail('units', 'trainers.rules.unitsRequired');
  const unknown = given.find((u) => !(CNEX_UNITS as readonly string[]).includes(u));
  if (unknown) return fail('units', 'trainers.rules.unitUnknown', { unit: unknown.slice(0, 20) });
  const units = CNEX_UNITS.filter((u) => given.includes(u));

  const yearsText = text(input.experienceYears) || '0';
  if (!/^\d{1,2}$/.test(yearsText) || Number(yearsText) > TRAINER_LIMITS.maxExperienceYears)
    return fail('experienceYears', 'trainers.rules.experienceInvalid', {
      max: TRAINER_LIMITS.maxExperienceYears,
    });

  const phone = text(input.phone);
  if (phone && !PHONE_PATTERN.test(phone)) return fail('phone', 'trainers.rules.phoneInvalid');

  return {
    ok: true,
    values: { name, idCardNo, gender, education, employer, units, experienceYears: Number(yearsText), phone },
  };
}

/** One person as the trainers calls answer it. */
export interface TrainerVO {
  id: string;
  cnexId: string;
  companyId: string;
  name: string;
  idCardNo: string;
  gender: string;
  education: string;
  employer: string;
  /** Comma-joined unit codes. */
  units: string;
  experienceYears: number;
  phone: string;
  registerFormScanId: string;
  registerFormScanName: string;
  trainStudentFileId: string;
  trainStudentFileName: string;
  trainerState: TrainerState;
  submittedAt: string;
  createTime: string;
  updateTime: string;
}

/** A row of selectCnexPersonRegisterFileListByCnexId: one linked file of one person. */
export interface TrainerFileVO {
  trainerId: string;
  name: string;
  kind: 'registerForm' | 'trainStudent';
  fileId: string;
  fileName: string;
  fileSize: number;
  createTime: string;
}

/** The archive function the persons' files are uploaded under (dataId = the CNEx record's id). */
export const CNEX_FUNCTION_CODE = 'cnex_application';
