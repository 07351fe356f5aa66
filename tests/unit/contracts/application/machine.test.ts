import {
  APPLICATION_STATES,
  FINISHED_STATES,
  SCHEMES,
  transitionOf,
  WORK_STATES,
} from '@/lib/contracts/application/machine';

describe('the states a case is worked in', () => {
  it('are those from acceptance to the decision: none the customer still holds, none finished', () => {
    expect(WORK_STATES[0]).toBe('accepted');
    expect(WORK_STATES.at(-1)).toBe('decision');
    expect(WORK_STATES).toHaveLength(10);
    for (const state of ['draft', 'submitted', 'returned', ...FINISHED_STATES] as const)
      expect(WORK_STATES).not.toContain(state);
    expect(APPLICATION_STATES.filter((s) => !WORK_STATES.includes(s))).toEqual([
      'draft',
      'submitted',
      'returned',
      'withdrawn',
      'issued',
      'terminated',
    ]);
  });

  it('are the states a case of every scheme may be terminated from', () => {
    for (const scheme of SCHEMES) expect(transitionOf(scheme, 'terminate')?.from).toEqual(WORK_STATES);
  });
});
