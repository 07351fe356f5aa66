/**
 * Ex markings (防爆标志, DOMAIN §0): `Ex` + protection types with their level + equipment group + temperature class
 * (gas) or maximum surface temperature (dust) + EPL, e.g. `Ex db eb IIC T4 Gb`, `Ex tb IIIC T80°C Db`, `Ex d I Mb`.
 * Pure: parsed and checked the same way by the application form and by blade/. A refusal names the marking and the
 * part that is wrong (a message key under `application.form.exMarking` and its values).
 */

/** Protection types and the protection level each gives (a best, c least); DOMAIN §0 and GB/T 3836. */
export const PROTECTION_TYPES: Readonly<Record<string, 'a' | 'b' | 'c'>> = {
  d: 'b',
  da: 'a',
  db: 'b',
  dc: 'c',
  e: 'b',
  eb: 'b',
  ec: 'c',
  ia: 'a',
  ib: 'b',
  ic: 'c',
  p: 'b',
  px: 'b',
  py: 'b',
  pz: 'c',
  pxb: 'b',
  pyb: 'b',
  pzc: 'c',
  o: 'b',
  ob: 'b',
  oc: 'c',
  q: 'b',
  qb: 'b',
  n: 'c',
  nA: 'c',
  nC: 'c',
  nR: 'c',
  nL: 'c',
  ma: 'a',
  mb: 'b',
  mc: 'c',
  t: 'b',
  ta: 'a',
  tb: 'b',
  tc: 'c',
  s: 'b',
  sa: 'a',
  sb: 'b',
  sc: 'c',
};

/** Types that protect against dust only (t) and types that never apply to dust (flameproof, increased safety …). */
const DUST_ONLY = /^t[abc]?$/;
const GAS_ONLY = /^(d[abc]?|e[bc]?|o[bc]?|q[b]?|n[ACRL]?)$/;

export const EX_GROUPS = ['I', 'IIA', 'IIB', 'IIC', 'IIIA', 'IIIB', 'IIIC'] as const;
export type ExGroup = (typeof EX_GROUPS)[number];
export type Environment = 'mining' | 'gas' | 'dust';

export const T_CLASSES = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'] as const;
/** The highest surface temperature of each temperature class, °C (DOMAIN §0). */
export const T_CLASS_LIMITS: Readonly<Record<(typeof T_CLASSES)[number], number>> = {
  T1: 450,
  T2: 300,
  T3: 200,
  T4: 135,
  T5: 100,
  T6: 85,
};

const EPL_OF: Readonly<Record<Environment, readonly string[]>> = {
  mining: ['Ma', 'Mb'],
  gas: ['Ga', 'Gb', 'Gc'],
  dust: ['Da', 'Db', 'Dc'],
};
const ALL_EPLS = [...EPL_OF.mining, ...EPL_OF.gas, ...EPL_OF.dust];

export interface ParsedExMarking {
  /** The marking as stored: single spaces, `℃` written `°C`. */
  marking: string;
  protectionTypes: { type: string; level: 'a' | 'b' | 'c' }[];
  group: ExGroup;
  environment: Environment;
  /** T1–T6 for gas (and optionally mining). */
  tClass?: string;
  /** °C, for dust (and optionally mining). */
  maxSurfaceTemp?: number;
  epl: string;
}

export type ExMarkingProblemKey =
  | 'empty'
  | 'tooLong'
  | 'prefix'
  | 'typeMissing'
  | 'typeUnknown'
  | 'groupMissing'
  | 'groupUnknown'
  | 'typeGroup'
  | 'tempMissing'
  | 'tempGas'
  | 'tempDust'
  | 'eplMissing'
  | 'eplUnknown'
  | 'eplGroup'
  | 'eplLevel'
  | 'extra';

export interface ExMarkingProblem {
  /** Message key under `application.form.exMarking`. */
  key: ExMarkingProblemKey;
  values: { marking: string; value: string; group: string };
}

export type ExMarkingResult = { ok: true; value: ParsedExMarking } | { ok: false; problem: ExMarkingProblem };

export const EX_MARKING_MAX = 100;

const environmentOf = (group: ExGroup): Environment =>
  group === 'I' ? 'mining' : group.startsWith('III') ? 'dust' : 'gas';

/** Single spaces, the degree sign one way (`℃`, `° C` → `°C`). */
export function normaliseExMarking(raw: string): string {
  return raw.replace(/℃/g, '°C').replace(/°\s*C/g, '°C').replace(/\s*°C/g, '°C').replace(/\s+/g, ' ').trim();
}

const SURFACE_TEMP = /^T(\d{2,3})°C$/;

/** Parses one marking and checks its parts agree with each other (group, temperature, EPL, protection levels). */
export function parseExMarking(raw: string): ExMarkingResult {
  const marking = normaliseExMarking(raw);
  const fail = (key: ExMarkingProblemKey, value = '', group = ''): ExMarkingResult => ({
    ok: false,
    problem: { key, values: { marking: marking.slice(0, EX_MARKING_MAX), value, group } },
  });
  if (!marking) return fail('empty');
  if (marking.length > EX_MARKING_MAX) return fail('tooLong');
  const tokens = marking.split(' ');
  if (tokens[0] !== 'Ex') return fail('prefix', tokens[0]);
  let i = 1;

  const types: ParsedExMarking['protectionTypes'] = [];
  while (i < tokens.length && !(EX_GROUPS as readonly string[]).includes(tokens[i])) {
    const token = tokens[i];
    const level = PROTECTION_TYPES[token];
    if (!level) {
      // A group written in another form (`II C`, `IIc`) reads better as a group problem than as an unknown type.
      if (/^I{1,3}[A-Za-z]?$/.test(token)) return fail('groupUnknown', token);
      return fail(types.length ? 'typeUnknown' : 'typeMissing', token);
    }
    types.push({ type: token, level });
    i++;
  }
  if (types.length === 0) return fail('typeMissing', tokens[i] ?? '');
  if (i >= tokens.length) return fail('groupMissing');
  const group = tokens[i++] as ExGroup;
  const environment = environmentOf(group);
  for (const { type } of types) {
    if ((environment === 'dust' && GAS_ONLY.test(type)) || (environment !== 'dust' && DUST_ONLY.test(type)))
      return fail('typeGroup', type, group);
  }

  let tClass: string | undefined;
  let maxSurfaceTemp: number | undefined;
  const temp = tokens[i];
  const isTClass = temp !== undefined && (T_CLASSES as readonly string[]).includes(temp);
  const surface = temp === undefined ? null : SURFACE_TEMP.exec(temp);
  if (isTClass || surface) {
    if (environment === 'gas' && !isTClass) return fail('tempGas', temp, group);
    if (environment === 'dust' && !surface) return fail('tempDust', temp, group);
    if (isTClass) tClass = temp;
    else maxSurfaceTemp = Number(surface![1]);
    i++;
  } else if (environment !== 'mining') {
    // A token that is no temperature: an EPL where the temperature belongs, or something unreadable.
    if (temp === undefined || ALL_EPLS.includes(temp)) return fail('tempMissing', '', group);
    return fail(environment === 'gas' ? 'tempGas' : 'tempDust', temp, group);
  }

  const epl = tokens[i];
  if (epl === undefined) return fail('eplMissing', '', group);
  if (!ALL_EPLS.includes(epl)) return fail('eplUnknown', epl, group);
  if (!EPL_OF[environment].includes(epl)) return fail('eplGroup', epl, group);
  i++;
  if (i < tokens.length) return fail('extra', tokens.slice(i).join(' '), group);

  // The equipment is only as good as its weakest protection: an EPL better than a type's level cannot be claimed.
  const eplLevel = epl[1];
  const weakest = types.reduce((worst, t) => (t.level > worst.level ? t : worst));
  if (eplLevel < weakest.level) return fail('eplLevel', `${epl}/${weakest.type}`, group);

  return {
    ok: true,
    value: {
      marking,
      protectionTypes: types,
      group,
      environment,
      ...(tClass ? { tClass } : {}),
      ...(maxSurfaceTemp !== undefined ? { maxSurfaceTemp } : {}),
      epl,
    },
  };
}
