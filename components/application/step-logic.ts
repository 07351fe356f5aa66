/**
 * Which steps a screen offers, from the state machine (lib/contracts/application/machine.ts) and the caller's button
 * codes. Pure, so the rules are unit-tested without a screen; blade/ checks the same codes and states on every call,
 * so a hidden button is a convenience and a shown one may still be refused (the refusal is then shown as it comes).
 */
import {
  APPLICATION_CODES,
  EDITABLE_STATES,
  SCHEMES,
  transitionsFrom,
  type ApplicationState,
  type ApplicationTransition,
  type Scheme,
  type TransitionName,
} from '@/lib/contracts/application/machine';

/**
 * The inspector's pass / nonconformity is the factory-check form's result (factoryCheck/saveResult records the visit
 * and makes the step), not a bare button: a step without the visit's record would leave evaluation without its
 * inspection conclusion.
 */
export const VIA_FACTORY_CHECK: ReadonlySet<TransitionName> = new Set(['inspectPass', 'inspectNc']);

/** The customer's steps have screens of their own (the form's submit, the samples-sent form). */
const CUSTOMER_FORMS: ReadonlySet<TransitionName> = new Set(['submit', 'sampleSent']);

type Can = (code: string) => boolean;

/**
 * The answered `flowState` is a text (the shared ApplicationVO); the machine's functions take its states. A state the
 * machine does not know offers nothing.
 */
const asState = (state: string) => state as ApplicationState;

/** The staff's step buttons of a case: transitions from its state whose role's code the caller holds. */
export function staffSteps(scheme: Scheme, state: string, can: Can): ApplicationTransition[] {
  return transitionsFrom(scheme, asState(state)).filter(
    (t) => t.role !== 'apply' && !VIA_FACTORY_CHECK.has(t.name) && can(APPLICATION_CODES[t.role]),
  );
}

/** The customer's buttons (withdraw) of a case: the apply role's transitions that have no form of their own. */
export function customerSteps(scheme: Scheme, state: string, can: Can): ApplicationTransition[] {
  return transitionsFrom(scheme, asState(state)).filter(
    (t) => t.role === 'apply' && !CUSTOMER_FORMS.has(t.name) && can(APPLICATION_CODES.apply),
  );
}

/** The factory-check form is offered to an inspector while the case is in its factory inspection. */
export function offersFactoryCheck(scheme: Scheme, state: string, can: Can): boolean {
  return (
    transitionsFrom(scheme, asState(state)).some((t) => VIA_FACTORY_CHECK.has(t.name)) &&
    can(APPLICATION_CODES.inspect)
  );
}

/** The customer may send samples (courier number) when the fee is noticed, where the scheme has samples. */
export function offersSampleSent(scheme: Scheme, state: string, can: Can): boolean {
  return (
    transitionsFrom(scheme, asState(state)).some((t) => t.name === 'sampleSent') &&
    can(APPLICATION_CODES.apply)
  );
}

export const isEditable = (state: string) => EDITABLE_STATES.includes(asState(state));

/** What a step's dialog asks for besides the confirmation. */
export type StepInput = 'reason' | 'testConclusion' | 'evaluationComment' | 'none';

export function stepInput(t: ApplicationTransition): StepInput {
  if (t.reasonRequired) return 'reason';
  if (t.name === 'passTest') return 'testConclusion';
  if (t.name === 'evaluate') return 'evaluationComment';
  return 'none';
}

/** The chip colour of a state: closed cases grey or red, the customer's turn orange, done green, the rest blue. */
export function stateColor(
  state: string,
): 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info' {
  switch (state) {
    case 'draft':
    case 'withdrawn':
      return 'default';
    case 'returned':
    case 'rectification':
    case 'nc_correction':
    case 'fee_noticed':
      return 'warning';
    case 'issued':
      return 'success';
    case 'terminated':
      return 'error';
    case 'submitted':
      return 'info';
    default:
      return 'primary';
  }
}

export const isScheme = (value: unknown): value is Scheme =>
  typeof value === 'string' && (SCHEMES as readonly string[]).includes(value);
