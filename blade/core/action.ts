import { Hono, type MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ActionDef, CompanyOfSides, Sides, TransitionDef } from '../../lib/contracts/action';
import { withTenant, type Trx } from '../db/tenant';
import { sideOf, type Holds } from './company';
import type { AuthUser, BladeEnv, Deps } from './context';
import { type AnyDb, type CrudContext } from './crud';
import { KeyedError } from './errors';
import { lockRow } from './lock';
import { readParams } from './input';
import { ok } from './envelope';
import { formatDateTime } from './dates';
import { nextId } from './ids';
import { permit } from './permission';
import { refuseNul } from './validation';

/**
 * The one way to serve an action: permission before the body is read, the input parsed by its schema, and for a
 * transition the record locked, its state checked and changed and the change recorded, all in one transaction with
 * whatever the handler does. The handler answers the envelope's data.
 */
export type ActionContext<Input = unknown, S extends Sides | undefined = undefined> = CrudContext & {
  input: Input;
  record?: Record<string, unknown>;
} & SideContext<S>;

/**
 * With `sides`: the caller's customer company (typed by the sides: a customer-only action's is a string, a staff-only
 * action's null) and whether the caller's roles hold a code. Without: neither.
 */
type SideContext<S extends Sides | undefined> = S extends Sides
  ? { company: CompanyOfSides<S>; holds: Holds }
  : { company?: undefined; holds?: undefined };

/**
 * The caller of a sided action as a service function takes it: who, their customer company (null for staff) and
 * whether their roles hold a code (a step may need more codes than its side's).
 */
export interface SideCaller {
  auth: AuthUser;
  companyId: string | null;
  holds: Holds;
}

export const sideCaller = ({ auth, company, holds }: ActionContext<unknown, Sides>): SideCaller => ({
  auth,
  companyId: company,
  holds,
});

export type ActionHandler<I extends z.ZodType, S extends Sides | undefined = undefined> = (
  ctx: ActionContext<z.output<I>, S>,
) => Promise<unknown>;

export function actionRoute<I extends z.ZodType, S extends Sides | undefined>(
  deps: Deps,
  def: ActionDef<I, S>,
  handler: ActionHandler<I, S> = async () => null,
  /** Once the transaction has committed (a cache the write made stale): as CrudHooks.afterCommit. */
  afterCommit?: () => void,
): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  const guard: MiddlewareHandler<BladeEnv> = permit(deps, def.access);
  router.on(def.call.method, def.call.path, guard, async (c) => {
    const auth = c.get('auth');
    const input = def.input.parse(await readParams(c)) as z.output<I>;
    // Checked on what the schema returns (as parseJson does): a NUL cannot be stored in a text column.
    refuseNul(input);
    const transition = def.transition;
    const sides = def.sides;
    // Under the caller's tenant even for a global record: the history row is the tenant's.
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      // The side before the record: a caller of the wrong side learns nothing of the record's state.
      const side = sides && (await sideOf(deps, trx, auth, sides));
      const record = transition && (await transit(trx, auth, def.name, transition, input));
      // sideOf refused the side the action leaves out, so the company is the one SideContext<S> names.
      const context = { trx, auth, input, record, ...side } as unknown as ActionContext<z.output<I>, S>;
      return handler(context);
    });
    afterCommit?.();
    return c.json(ok(data ?? {}, def.success));
  });
  return router;
}

/**
 * A router for a module's declared actions: `serve(def, handler)` mounts each one through `actionRoute`. The module
 * may add hand-written routes (streams, redirects) to the same `router`.
 */
export type ActionRouter = {
  router: Hono<BladeEnv>;
  serve: <I extends z.ZodType, S extends Sides | undefined>(
    def: ActionDef<I, S>,
    handler?: ActionHandler<I, S>,
    afterCommit?: () => void,
  ) => void;
};

export function actionRouter(deps: Deps): ActionRouter {
  const router = new Hono<BladeEnv>();
  return {
    router,
    serve: (def, handler, afterCommit) => {
      router.route('/', actionRoute(deps, def, handler, afterCommit));
    },
  };
}

/**
 * Locks the record (FOR UPDATE: two concurrent transitions of one record run one after the other, and the second sees
 * the first's state), refuses a state outside `from`, sets `to` and writes the history row.
 */
async function transit<I>(
  trx: Trx,
  auth: AuthUser,
  action: string,
  transition: TransitionDef<I>,
  input: I,
): Promise<Record<string, unknown>> {
  // The transition names its table at run time: its queries are untyped.
  const untyped: AnyDb = trx;
  const id = transition.id(input);
  const record = await lockRow(
    trx,
    transition.table,
    id,
    transition.ownership === 'tenant' ? auth.tenantId : null,
  );
  const from = record[transition.column] as string | number;
  const to = typeof transition.to === 'function' ? transition.to(input) : transition.to;
  if (!transition.from.some((state) => String(state) === String(from)) || String(from) === String(to))
    throw new KeyedError('common.transition.notAllowed');
  await untyped
    .updateTable(transition.table)
    .set({ [transition.column]: to, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', id)
    .execute();
  await recordStatusChanges(trx, auth, [
    {
      resource: transition.table,
      recordId: id,
      action,
      field: transition.column,
      from: String(from),
      to: String(to),
      comment: transition.comment?.(input),
    },
  ]);
  return { ...record, [transition.column]: to };
}

/** One row of blade_status_history: a record's state column changing (or a step that keeps it, from = to). */
export interface StatusChange {
  resource: string;
  recordId: string;
  action: string;
  field: string;
  from: string;
  to: string;
  /** The reason or remark, kept to its first 500 characters. */
  comment?: string;
}

/** Records state changes made by `auth` in the caller's transaction (the one history of every state machine). */
export async function recordStatusChanges(
  trx: Trx,
  auth: Pick<AuthUser, 'tenantId' | 'userId'>,
  changes: readonly StatusChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('blade_status_history')
    .values(
      changes.map((c) => ({
        id: nextId(),
        tenant_id: auth.tenantId,
        resource: c.resource,
        record_id: c.recordId,
        action: c.action,
        field: c.field,
        from_value: c.from,
        to_value: c.to,
        comment: (c.comment ?? '').slice(0, 500),
        user_id: auth.userId,
      })),
    )
    .execute();
}

/** One recorded state change as the screens show it: who by name, when in the portal's time format. */
export interface StatusHistoryEntry {
  id: string;
  action: string;
  from: string;
  to: string;
  comment: string;
  userId: string;
  userName: string;
  createTime: string;
}

/** A record's state changes, oldest first (the same second in the order they were made). */
export async function statusHistory(
  trx: Trx,
  tenantId: string,
  resource: string,
  recordId: string,
): Promise<StatusHistoryEntry[]> {
  const rows = await trx
    .selectFrom('blade_status_history as h')
    .leftJoin('blade_user as u', (j) => j.onRef('u.id', '=', 'h.user_id').on('u.tenant_id', '=', tenantId))
    .select([
      'h.id',
      'h.action',
      'h.from_value',
      'h.to_value',
      'h.comment',
      'h.user_id',
      'h.create_time',
      'u.real_name',
    ])
    .where('h.tenant_id', '=', tenantId)
    .where('h.resource', '=', resource)
    .where('h.record_id', '=', recordId)
    .orderBy('h.create_time')
    .orderBy('h.id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    action: r.action,
    from: r.from_value,
    to: r.to_value,
    comment: r.comment,
    userId: String(r.user_id),
    userName: r.real_name ?? '',
    createTime: formatDateTime(r.create_time),
  }));
}
