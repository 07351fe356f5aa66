/**
 * The certification application's state machine (issue 15, DOMAIN §1–§2): one table of transitions per scheme, read
 * by blade/ (which enforces it in one transaction per transition) and by the portal (which offers the buttons the
 * caller's codes and the record's state allow). Pure data: no I/O.
 *
 * Schemes: `ccc` compulsory CCC-Ex certification (type test + initial factory inspection); `cqst` the voluntary Ex
 * certificate (防爆合格证, the `cqstOrCnvEx` calls: drawing review and sample test, no factory inspection); `cnex` the
 * CNEx service-facility and personnel schemes (no samples: an on-site audit or assessment instead of the type test).
 */

export const SCHEMES = ['ccc', 'cqst', 'cnex'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** Kinds of CNEx record: 能力评定, 人员注册, 现场审核 (service facility), 人员资料批 (a lot of registrations). */
export const CNEX_TYPES = ['ability', 'person', 'scene', 'person_data'] as const;
export type CnexType = (typeof CNEX_TYPES)[number];

export const APPLICATION_STATES = [
  'draft',
  'submitted',
  'returned',
  'withdrawn',
  'accepted',
  'fee_noticed',
  'samples_sent',
  'samples_received',
  'testing',
  'rectification',
  'factory_inspection',
  'nc_correction',
  'evaluation',
  'decision',
  'issued',
  'terminated',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** States after which the case is closed (办结): `is_finished` is 1. */
export const FINISHED_STATES: readonly ApplicationState[] = ['issued', 'terminated', 'withdrawn'];
/** States the customer may still edit the application in. */
export const EDITABLE_STATES: readonly ApplicationState[] = ['draft', 'returned'];

/**
 * Permission codes (menu button codes held through roles). The customer's role holds `application_apply`; staff
 * roles hold the codes of their step (DOMAIN §10 roles).
 */
export const APPLICATION_CODES = {
  apply: 'application_apply',
  accept: 'application_accept',
  sample: 'application_sample',
  test: 'application_test',
  inspect: 'application_inspect',
  evaluate: 'application_evaluate',
  decide: 'application_decide',
  terminate: 'application_terminate',
} as const;
export type ApplicationRole = keyof typeof APPLICATION_CODES;

export type TransitionName =
  | 'submit'
  | 'withdraw'
  | 'accept'
  | 'retreat'
  | 'noticeFee'
  | 'sampleSent'
  | 'receiveSamples'
  | 'startTest'
  | 'rectify'
  | 'resumeTest'
  | 'passTest'
  | 'inspectPass'
  | 'inspectNc'
  | 'recheck'
  | 'evaluate'
  | 'issue'
  | 'refuse'
  | 'terminate';

export interface ApplicationTransition {
  name: TransitionName;
  from: readonly ApplicationState[];
  to: ApplicationState;
  /** Who may make it. */
  role: ApplicationRole;
  /** A reason (return, rectification, termination, refusal) is required and kept with the history row. */
  reasonRequired?: boolean;
}

/**
 * The states of a case the institute is working on: accepted and not yet issued, terminated or withdrawn. In
 * APPLICATION_STATES, which lists them in the flow's order, those from acceptance to the decision.
 */
export const WORK_STATES: readonly ApplicationState[] = APPLICATION_STATES.slice(
  APPLICATION_STATES.indexOf('accepted'),
  APPLICATION_STATES.indexOf('decision') + 1,
);

const intake: readonly ApplicationTransition[] = [
  { name: 'submit', from: ['draft', 'returned'], to: 'submitted', role: 'apply' },
  { name: 'withdraw', from: ['draft', 'submitted', 'returned'], to: 'withdrawn', role: 'apply' },
  { name: 'accept', from: ['submitted'], to: 'accepted', role: 'accept' },
  { name: 'retreat', from: ['submitted'], to: 'returned', role: 'accept', reasonRequired: true },
  { name: 'noticeFee', from: ['accepted'], to: 'fee_noticed', role: 'accept' },
];

const sampleTest: readonly ApplicationTransition[] = [
  { name: 'sampleSent', from: ['fee_noticed'], to: 'samples_sent', role: 'apply' },
  { name: 'receiveSamples', from: ['fee_noticed', 'samples_sent'], to: 'samples_received', role: 'sample' },
  { name: 'startTest', from: ['samples_received'], to: 'testing', role: 'test' },
  { name: 'rectify', from: ['testing'], to: 'rectification', role: 'test', reasonRequired: true },
  { name: 'resumeTest', from: ['rectification'], to: 'testing', role: 'test' },
];

const closing: readonly ApplicationTransition[] = [
  { name: 'evaluate', from: ['evaluation'], to: 'decision', role: 'evaluate' },
  { name: 'issue', from: ['decision'], to: 'issued', role: 'decide' },
  { name: 'refuse', from: ['decision'], to: 'terminated', role: 'decide', reasonRequired: true },
  { name: 'terminate', from: WORK_STATES, to: 'terminated', role: 'terminate', reasonRequired: true },
];

const inspection = (from: readonly ApplicationState[]): readonly ApplicationTransition[] => [
  { name: 'inspectPass', from: ['factory_inspection'], to: 'evaluation', role: 'inspect' },
  {
    name: 'inspectNc',
    from: ['factory_inspection'],
    to: 'nc_correction',
    role: 'inspect',
    reasonRequired: true,
  },
  { name: 'recheck', from: ['nc_correction'], to: 'factory_inspection', role: 'inspect' },
  ...from.map((state): ApplicationTransition => ({
    name: state === 'testing' ? 'passTest' : 'startTest',
    from: [state],
    to: 'factory_inspection',
    role: state === 'testing' ? 'test' : 'inspect',
  })),
];

export const MACHINES: Readonly<Record<Scheme, readonly ApplicationTransition[]>> = {
  ccc: [...intake, ...sampleTest, ...inspection(['testing']), ...closing],
  cqst: [
    ...intake,
    ...sampleTest,
    { name: 'passTest', from: ['testing'], to: 'evaluation', role: 'test' },
    ...closing,
  ],
  // No samples: once the fee is noticed the audit or assessment starts (startTest names "start the on-site work").
  cnex: [...intake, ...inspection(['fee_noticed']), ...closing],
};

/** The transition `name` of `scheme`, or undefined when the scheme has none of that name. */
export function transitionOf(scheme: Scheme, name: TransitionName): ApplicationTransition | undefined {
  return MACHINES[scheme].find((t) => t.name === name);
}

/** The transitions a record in `state` offers (the portal shows those whose role's code the caller holds). */
export function transitionsFrom(scheme: Scheme, state: ApplicationState): ApplicationTransition[] {
  return MACHINES[scheme].filter((t) => t.from.includes(state));
}

/**
 * Segregation of duties (DOMAIN §10, ISO/IEC 17065 7.5/7.6): the people an application records for a step may not
 * make the later step. The evaluator is not the tester or inspector; the decider is none of the three.
 */
export const SEGREGATION: Readonly<
  Partial<Record<TransitionName, readonly ('tester' | 'inspector' | 'evaluator')[]>>
> = {
  evaluate: ['tester', 'inspector'],
  issue: ['tester', 'inspector', 'evaluator'],
  refuse: ['tester', 'inspector', 'evaluator'],
};

/** Certificates are valid for five years from the issue day (DOMAIN §1, §2). */
export const CERTIFICATE_YEARS = 5;

export const CERTIFICATE_STATES = ['valid', 'suspended', 'revoked', 'cancelled', 'expired'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/**
 * The certification body's decisions on an issued certificate (DOMAIN §1): suspend 暂停 and restore, revoke 撤销,
 * cancel 注销 — each from the stored states listed. `expired` is read from the calendar (valid_to), never stored, so
 * a lapsed certificate is refused suspension and restoration (there is nothing left to suspend) but may be cancelled.
 */
export const CERTIFICATE_ACTIONS = {
  suspend: { from: ['valid'], to: 'suspended', whenExpired: false },
  restore: { from: ['suspended'], to: 'valid', whenExpired: false },
  revoke: { from: ['valid', 'suspended'], to: 'revoked', whenExpired: true },
  cancel: { from: ['valid', 'suspended'], to: 'cancelled', whenExpired: true },
} as const satisfies Record<
  string,
  { from: readonly CertificateState[]; to: CertificateState; whenExpired: boolean }
>;
export type CertificateAction = keyof typeof CERTIFICATE_ACTIONS;
export const CERTIFICATE_ACTION_NAMES = Object.keys(CERTIFICATE_ACTIONS) as CertificateAction[];

/**
 * The actions a certificate allows, given the stored status and whether it is past its last day (valid_to): a lapsed
 * certificate is neither suspended nor restored (restoring would leave it reading as expired), only revoked or
 * cancelled. A screen holding the status as answered passes `valid` for `expired` (certificateActionsOf).
 */
export function certificateActions(stored: string, lapsed: boolean): CertificateAction[] {
  return CERTIFICATE_ACTION_NAMES.filter((name) => {
    const a = CERTIFICATE_ACTIONS[name];
    return (a.from as readonly string[]).includes(stored) && (!lapsed || a.whenExpired);
  });
}

/** certificateActions of a certificate as the calls answer it (status read through certStatusSql), on `today`. */
export function certificateActionsOf(
  cert: { certStatus: string; validTo: string },
  today: string,
): CertificateAction[] {
  const expired = cert.certStatus === 'expired';
  return certificateActions(expired ? 'valid' : cert.certStatus, expired || cert.validTo < today);
}

/**
 * Number formats (DOMAIN §1, §10; never reused: counters per tenant, a rolled-back number is a gap):
 * - application `SQ{scheme letter}{yyyy}{serial 6}`, e.g. `SQC2026000001` (C ccc, Q cqst, N cnex), given at submit;
 * - batch `PC{yyyy}{serial 6}`, given when the customer starts the form;
 * - CCC certificate: 16 digits = year (4) + the body's code (2, parameter `application.bodyCode`, default `23`) +
 *   the product category (4, 2301–2317) + serial (6);
 * - CQST certificate `CNEx{yy}.{serial 4}` (DOMAIN §0), CNEx personnel or facility `CNEx{yy}.P{serial 4}`.
 */
export const NUMBER_COUNTERS = {
  application: (scheme: Scheme, year: number) => `application:${scheme}:${year}`,
  batch: (year: number) => `batch:${year}`,
  certificate: (scheme: Scheme, year: number) => `certificate:${scheme}:${year}`,
} as const;

const SCHEME_LETTER: Readonly<Record<Scheme, string>> = { ccc: 'C', cqst: 'Q', cnex: 'N' };

export function applicationNumber(scheme: Scheme, year: number, serial: number): string {
  return `SQ${SCHEME_LETTER[scheme]}${year}${String(serial).padStart(6, '0')}`;
}

export function batchNumber(year: number, serial: number): string {
  return `PC${year}${String(serial).padStart(6, '0')}`;
}

export function certificateNumber(
  scheme: Scheme,
  year: number,
  serial: number,
  ccc?: { bodyCode: string; category: string },
): string {
  const yy = String(year % 100).padStart(2, '0');
  if (scheme === 'ccc') {
    if (!ccc) throw new Error('a CCC certificate number needs the body code and the product category');
    return `${year}${ccc.bodyCode}${ccc.category}${String(serial).padStart(6, '0')}`;
  }
  return scheme === 'cqst'
    ? `CNEx${yy}.${String(serial).padStart(4, '0')}`
    : `CNEx${yy}.P${String(serial).padStart(4, '0')}`;
}
