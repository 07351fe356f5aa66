import {
  complaintStepsFrom,
  QUALITY_CODES,
  type ComplaintState,
  type ComplaintTransition,
} from '@/lib/contracts/quality/machine';

/**
 * The complaint steps a screen offers: those machine.ts allows from the state, for the caller's side, whose code the
 * caller holds — and the handler's steps only to the case's handler. blade/ checks all of it again; the buttons only
 * spare the user a refusal.
 */
export function offeredSteps(
  state: ComplaintState,
  holds: (code: string) => boolean,
  side: 'customer' | 'staff',
  isHandler = false,
): ComplaintTransition[] {
  return complaintStepsFrom(state).filter(
    (t) =>
      (side === 'customer' ? t.role === 'apply' : t.role !== 'apply') &&
      holds(QUALITY_CODES[t.role]) &&
      (!t.handlerOnly || isHandler),
  );
}

/** What a step's dialog asks for: a handler (assign), a required text, or an optional remark. */
export function stepInput(t: ComplaintTransition): 'handler' | 'text' | 'remark' {
  if (t.name === 'assign') return 'handler';
  return t.textRequired ? 'text' : 'remark';
}
