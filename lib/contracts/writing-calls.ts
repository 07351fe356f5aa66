import type { ActionDef } from './action';
import { ACTION_DEFINITIONS } from './registry';
import type { CallDef } from './resource';

/**
 * GET calls of the catalogue that write although the spec fixes their method as GET, declared but not served yet
 * (no action definition exists for them): the proxy protects them already, so whatever serves them later starts
 * protected. Once one is declared as an action (`method: 'GET'`, `writes: true`), it leaves this list.
 */
export const DECLARED_UNSERVED_WRITING_GET_CALLS: readonly CallDef[] = [];

/** The GET calls among `actions` that write (`writes: true`), plus `unserved`. */
export function writingGetCalls(
  actions: readonly Pick<ActionDef, 'call' | 'writes'>[],
  unserved: readonly CallDef[] = DECLARED_UNSERVED_WRITING_GET_CALLS,
): CallDef[] {
  const declared = actions.filter((action) => action.call.method === 'GET' && action.writes);
  return [...declared.map((action) => action.call), ...unserved];
}

/**
 * GET calls of the catalogue that change state: the proxy asks them for the same same-origin proof as a POST, so a
 * link or an image on another site cannot make them. Derived from the action definitions' `writes` flag.
 */
export const WRITING_GET_CALLS: readonly CallDef[] = writingGetCalls(ACTION_DEFINITIONS);

const writingGetPaths = new Set(WRITING_GET_CALLS.map((call) => call.path));

/** Whether a call changes state although its method is GET (`path` without `/api`). */
export function writesOnGet(path: string): boolean {
  return writingGetPaths.has(path);
}
