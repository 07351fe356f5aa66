import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  missingRequired,
  searchSchema,
  sortableColumns,
  submitSchema,
  type CallDef,
  type FieldDef,
  type ResourceDef,
} from '../../lib/contracts/resource';
import { withTenant, type Db, type Trx } from '../db/tenant';
import { callerCompany } from './company';
import { dataScopeCondition, resolveDataScope, type DataScopeColumns } from './data-scope';
import type { AuthUser, BladeEnv, Deps } from './context';
import { ok, success } from './envelope';
import { ForbiddenError, KeyedError, NotFoundError, ServiceError } from './errors';
import { nextId } from './ids';
import { countRows, dictionaryLabels, exportXlsx } from './export';
import { applySort, contains, fetchPage, fragmentMatches, pageRequest, sortOrders, toPage } from './page';
import { pageQuerySchema, idSchema } from '../../lib/contracts/inputs';
import { demand, permit } from './permission';
import { buildTree } from './tree';
import { readParams } from './input';
import { distinctIds, idListOf, idSetSchema } from '../../lib/contracts/inputs';
import { auditFields } from './vo';
import { zhText } from './refusal-keys';

/**
 * The one CRUD router: list (paged, filtered, sorted through the definition's allowlist), detail, submit (add without
 * an id, edit with one) and remove (soft, all or nothing) of a resource definition. What is special about a resource
 * goes into hooks; everything else is the definition.
 */

// The definitions name their tables at run time, so queries here are untyped; the definition is the schema. Only for
// such queries (a definition's table, a transition's): hooks and handlers get the typed Trx.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown> & { id: string };

export interface CrudContext {
  /** The call's transaction under the caller's tenant (withTenant's), typed by the schema. */
  trx: Trx;
  auth: AuthUser;
  /**
   * The submit's parameters as sent (beforeWrite only): for a hook that reads a name the definition does not declare
   * (an alias clients send) or must tell a blank value (clear it) from an absent one (keep it).
   */
  params?: Readonly<Record<string, unknown>>;
}

export interface CrudHooks {
  /** Checks or completes the values before they are written (inside the write's transaction). */
  beforeWrite?(ctx: CrudContext, values: Record<string, unknown>, id: string | null): Promise<void>;
  /**
   * Before the removal, in its transaction: takes the locks the resource's writes take first (a fixed lock order keeps
   * concurrent writers from deadlocking) and refuses what may not go. The ids are not yet checked for reach.
   */
  beforeRemove?(ctx: CrudContext, ids: string[]): Promise<void>;
  /** Checks or removes what depends on the removed rows (same transaction: a refusal rolls the removal back). */
  afterRemove?(ctx: CrudContext, ids: string[]): Promise<void>;
  /**
   * After a submit or remove has committed: clears what caches the rows. Not inside the transaction, where a
   * concurrent read could cache the old rows again before the commit.
   */
  afterCommit?(deps: Deps): void;
  /** Extra fields of the answered row. */
  present?(row: Row): Record<string, unknown>;
  /** Extra fields of the detail answer that take a read (e.g. the parent's name), inside the detail's transaction. */
  presentDetail?(ctx: CrudContext, row: Row): Promise<Record<string, unknown>>;
  /** Column values every row of the list call has (e.g. only the top rows of a tree); detail and writes unaffected. */
  listWhere?: Readonly<Record<string, string | number>>;
  /** After the row is written, in the same transaction: what belongs to it (e.g. child rows read on creation). */
  afterWrite?(ctx: CrudContext, values: Record<string, unknown>, id: string, added: boolean): Promise<void>;
  /**
   * Extra fields of the answered rows that take a read (e.g. names of the ids a row holds), for all rows of a list page
   * at once (one read per kind, not per row) and for the detail's row; inside the call's transaction, over `present`.
   */
  presentAll?(ctx: CrudContext, rows: Row[]): Promise<Record<string, unknown>[]>;
  /**
   * A condition of the list call from parameters the definition does not declare (e.g. a dept and the depts below
   * it); undefined adds none. Validates the parameters itself.
   */
  listCondition?(
    ctx: CrudContext,
    params: Readonly<Record<string, unknown>>,
  ): Promise<Expression<SqlBool> | undefined>;
  /** Calls of the definition the resource serves with a route of its own (same path): crudRoutes leaves them out. */
  ownCalls?: readonly (keyof ResourceDef['calls'])[];
}

/** Registers a call under its own method and path. */
function on(router: Hono<BladeEnv>, call: CallDef, ...handlers: MiddlewareHandler<BladeEnv>[]): void {
  router.on(call.method, call.path, ...(handlers as [MiddlewareHandler<BladeEnv>]));
}

/**
 * Every call runs in a transaction bound to the caller's tenant, global resources too: the data scope and the history
 * read tenant-owned tables, which row-level security shows only under the tenant.
 * fn gets that one transaction twice: untyped for the router's own queries (the definition names its table at run
 * time), and typed by the schema in the hooks' context, the one place the context is built.
 */
function transact<T>(
  deps: Deps,
  auth: AuthUser,
  fn: (untyped: AnyDb, ctx: CrudContext) => Promise<T>,
): Promise<T> {
  return withTenant(deps.db, auth.tenantId, (trx) => fn(trx, { trx, auth }));
}

/**
 * The caller's company where the definition's rows belong to companies: a customer's own, null for staff (who are
 * 403 where the rows are the customers' own); undefined for other definitions.
 */
export async function ownCompany(
  trx: Trx,
  def: ResourceDef,
  auth: AuthUser,
): Promise<string | null | undefined> {
  if (!def.company) return undefined;
  const company = await callerCompany(trx, auth);
  if (company === null && def.company.customersOnly) throw new ForbiddenError();
  return company;
}

/**
 * Live rows of the resource that the caller's tenant owns, the caller's data scope and company reach. A caller that
 * has read the company already (a write stamps it too) passes it rather than have it read twice.
 */
export async function liveRows(
  trx: Trx,
  def: ResourceDef,
  auth: AuthUser,
  callerCompanyRead: Promise<string | null | undefined> | string | null = ownCompany(trx, def, auth),
) {
  // The definition names its table at run time: this query is untyped.
  const untyped: AnyDb = trx;
  let q = untyped.selectFrom(def.table);
  const company = await callerCompanyRead;
  if (company) q = q.where(`${def.table}.${def.company!.column}`, '=', company);
  if (def.audit !== false) q = q.where(`${def.table}.is_deleted`, '=', 0);
  if (def.ownership === 'tenant') q = q.where(`${def.table}.tenant_id`, '=', auth.tenantId);
  for (const [column, value] of Object.entries(def.fixed ?? {}))
    q = q.where(`${def.table}.${column}`, '=', value);
  const scoped = def.dataScope;
  if (scoped) {
    const scope = await resolveDataScope(trx, auth, scoped.resource);
    const columns: DataScopeColumns = {
      dept: scoped.dept ? { column: `${def.table}.${scoped.dept}`, list: scoped.deptList } : undefined,
      owner: scoped.owner && `${def.table}.${scoped.owner}`,
    };
    q = q.where((eb) => dataScopeCondition(eb, scope, columns));
  }
  return q;
}

/** Kinds whose column has no blank value: absent is null, answered as null (an amount of '--', no date). */
const NULLABLE_KINDS = new Set<FieldDef['kind']>(['money', 'date']);

/** What an add stores for a field it was not given and that has no default. */
const emptyValue = (field: FieldDef) =>
  field.kind === 'int' ? 0 : NULLABLE_KINDS.has(field.kind) ? null : '';

/** `detail`: the detail call's answer, which carries the `detailOnly` fields too. */
export function toVO(def: ResourceDef, row: Row, hooks: CrudHooks = {}, detail = false) {
  const vo: Record<string, unknown> =
    def.audit === false ? { id: row.id } : auditFields(row as unknown as Parameters<typeof auditFields>[0]);
  for (const [name, field] of Object.entries(def.fields))
    if (detail || !field.detailOnly)
      vo[name] = field.writeOnly ? '' : (row[field.column] ?? (NULLABLE_KINDS.has(field.kind) ? null : ''));
  return { ...vo, ...hooks.present?.(row) };
}

/** The answered rows: toVO and, over it, the hook's fields that take a read (one call for all the rows). */
async function presentRows(
  ctx: CrudContext,
  def: ResourceDef,
  rows: Row[],
  hooks: CrudHooks,
  detail = false,
) {
  const extra = rows.length ? await hooks.presentAll?.(ctx, rows) : undefined;
  return rows.map((row, i) => ({ ...toVO(def, row, hooks, detail), ...extra?.[i] }));
}

/** The `name` field of the rows' parents that the caller may see, by parent id. */
async function parentNames(
  trx: Trx,
  def: ResourceDef,
  auth: AuthUser,
  tree: NonNullable<ResourceDef['tree']>,
  rows: Row[],
): Promise<Map<string, string>> {
  const column = def.fields.parentId.column;
  const ids = [...new Set(rows.map((r) => String(r[column])))].filter((id) => id !== '0');
  if (ids.length === 0) return new Map();
  const parents = (await (
    await liveRows(trx, def, auth)
  )
    .select([`${def.table}.id`, `${def.fields[tree.name].column} as name`])
    .where(`${def.table}.id`, 'in', ids)
    .execute()) as { id: string; name: string }[];
  return new Map(parents.map((p) => [String(p.id), p.name]));
}

/** `yyyy-MM-dd`, optionally with `HH:mm` or `HH:mm:ss`: a bound of a list's date range. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** The list parameters of a date range: each bound a Date (a bare `to` date: the end of that day), blank = none. */
function dateRangeShape(range: NonNullable<ResourceDef['dateRange']>): [string, z.ZodType][] {
  const bound = (endOfDay: boolean) =>
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string({ error: zhText(range.invalid) })
        .trim()
        .regex(DATE_TIME, zhText(range.invalid))
        .transform(
          (v) =>
            new Date(v.length === 10 ? `${v}T${endOfDay ? '23:59:59' : '00:00:00'}` : v.replace(' ', 'T')),
        )
        .refine((d) => !Number.isNaN(d.getTime()), zhText(range.invalid))
        .optional(),
    );
  return [
    [range.from, bound(false)],
    [range.to, bound(true)],
  ];
}

/** The parsed bounds of the date range; an end before the start is refused. */
function dateRangeOf(range: NonNullable<ResourceDef['dateRange']>, query: Record<string, unknown>) {
  const from = query[range.from] as Date | undefined;
  const to = query[range.to] as Date | undefined;
  if (from && to && from > to) throw new KeyedError(range.reversed);
  return { column: range.column, from, to };
}

/** The columns of the index `name`, read from the catalogue (after the failed transaction, on the pool). */
async function indexColumns(db: Db, name: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where c.relname = ${name}`.execute(db);
  return rows.map((r) => r.column);
}

/**
 * A write that a concurrent one beat to a unique value: the check before the insert saw nothing, the index refused.
 * Answered as the definition's refusal of that key (the same 400 the check gives), found by the index's columns;
 * any other error stays as it is.
 */
async function uniqueRefusal(db: Db, def: ResourceDef, err: unknown): Promise<unknown> {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505' || typeof constraint !== 'string' || !def.unique?.length) return err;
  const columns = new Set(await indexColumns(db, constraint));
  columns.delete('tenant_id');
  const key = def.unique.find(
    (k) => k.fields.length === columns.size && k.fields.every((name) => columns.has(def.fields[name].column)),
  );
  return key ? new KeyedError(key.message) : err;
}

export function crudRoutes(deps: Deps, def: ResourceDef, hooks: CrudHooks = {}): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  const sortable = sortableColumns(def);
  // A field sorted by another name than its column (`sortAs`): the name the caller sends, the column it orders by.
  const sortColumn = new Map(
    Object.values(def.fields).flatMap((f) => (f.sortAs ? [[f.sortAs, f.column] as const] : [])),
  );
  const idPattern = def.idPattern;
  const idRule = idPattern
    ? z
        .union([z.string(), z.number()], { error: zhText(idPattern.message) })
        .transform((v) => String(v).trim())
        .refine((v) => idPattern.regex.test(v), zhText(idPattern.message))
    : idSchema;
  const idsRule = idPattern ? distinctIds(idListOf(idPattern.regex, zhText(idPattern.message))) : idSetSchema;
  const searchable = Object.entries(def.fields).filter(([, f]) => f.search);
  const listSchema = pageQuerySchema.extend(
    Object.fromEntries([
      ...searchable.flatMap(([name, field]) =>
        [name, ...(field.searchAliases ?? [])].map((param) => [
          param,
          z.preprocess((v) => (v === '' ? undefined : v), searchSchema(field, zhText).optional()),
        ]),
      ),
      ...(def.dateRange ? dateRangeShape(def.dateRange) : []),
    ]),
  );
  const inputSchema = submitSchema(def, zhText);
  const serve = (verb: keyof ResourceDef['calls'], ...handlers: MiddlewareHandler<BladeEnv>[]) => {
    const call = def.calls[verb];
    // A read-only resource has no writes (its submit and remove are NO_WRITES placeholders).
    if (def.readOnly && verb !== 'list' && verb !== 'detail') return;
    if (call && !hooks.ownCalls?.includes(verb)) on(router, call, ...handlers);
  };
  // A caller with neither the add nor the edit right is refused before the body is read.
  const addOrEdit = {
    role: def.access.add.role ?? def.access.edit.role,
    codes: [...(def.access.add.codes ?? []), ...(def.access.edit.codes ?? [])],
  };

  /** The list call's rows as its parameters select and order them (the list and its export share it). */
  const selection = async (c: Context<BladeEnv>) => {
    const auth = c.get('auth');
    const params = await readParams(c);
    const query = listSchema.parse(params);
    // One row by id through the list (business-service has no detail call): a detail page reads its record so.
    const only = params.id === undefined || params.id === '' ? undefined : idRule.parse(params.id);
    const page = pageRequest(query);
    const orders = sortOrders(sortable, query).map((o) => ({
      ...o,
      column: sortColumn.get(o.column) ?? o.column,
    }));
    const range = def.dateRange && dateRangeOf(def.dateRange, query as Record<string, unknown>);
    const matching = async (ctx: CrudContext) => {
      const { trx } = ctx;
      let base = await liveRows(trx, def, auth);
      if (only) base = base.where(`${def.table}.id`, '=', only);
      for (const [column, value] of Object.entries(hooks.listWhere ?? {}))
        base = base.where(`${def.table}.${column}`, '=', value);
      if (range?.from) base = base.where(range.column, '>=', range.from);
      if (range?.to) base = base.where(range.column, '<=', range.to);
      for (const [name, field] of searchable) {
        const value = [name, ...(field.searchAliases ?? [])]
          .map((param) => (query as Record<string, string | number | undefined>)[param])
          .find((v) => v !== undefined && v !== '');
        if (value === undefined) continue;
        base =
          field.search === 'fragment'
            ? base.where(
                `${def.table}.id`,
                'in',
                fragmentMatches(trx, auth.tenantId, `${def.table}.${field.column}`, String(value)),
              )
            : field.search === 'like'
              ? base.where(field.column, 'ilike', contains(String(value)))
              : base.where(field.column, '=', value);
      }
      const condition = await hooks.listCondition?.({ ...ctx, params }, params);
      return condition ? base.where(condition) : base;
    };
    return { auth, params, page, orders, matching };
  };

  serve('list', permit(deps, def.access.list ?? def.access.read), async (c) => {
    const { auth, page, orders, matching } = await selection(c);
    if (def.tree) {
      const tree = def.tree;
      const nodes = await transact(deps, auth, async (_, ctx) => {
        const order = orders.length
          ? orders
          : [...(def.defaultOrder ?? [{ column: 'id', direction: 'asc' }])];
        const rows = (await applySort((await matching(ctx)).selectAll(), order).execute()) as Row[];
        const parentColumn = def.fields.parentId.column;
        // A filtered tree still names each row's parent, matching or not.
        const names = await parentNames(ctx.trx, def, auth, tree, rows);
        return rows.map((r) => ({
          ...(toVO(def, r, hooks) as { id: string; parentId: string }),
          parentName: names.get(String(r[parentColumn])) ?? '',
        }));
      });
      return c.json(ok(buildTree(nodes)));
    }
    const { records, total } = await transact(deps, auth, async (_, ctx) => {
      const { rows, total } = await fetchPage(
        await matching(ctx),
        (qb) => qb.selectAll(),
        page,
        orders.length && def.stableOrder ? [...orders, { column: 'id', direction: 'asc' }] : orders,
        def.defaultOrder && [...def.defaultOrder],
      );
      return { records: await presentRows(ctx, def, rows as Row[], hooks), total };
    });
    return c.json(ok(toPage(records, total, page)));
  });

  const exportCall = def.calls.export;
  if (exportCall && !def.tree)
    on(router, exportCall, permit(deps, def.access.list ?? def.access.read), async (c) => {
      const { auth, params, orders, matching } = await selection(c);
      const order = [
        ...(orders.length ? orders : [...(def.defaultOrder ?? [{ column: 'id', direction: 'asc' }])]),
        { column: 'id', direction: 'asc' },
      ] as typeof orders;
      const language = params.lang === 'en' ? 'en' : 'zh';
      return exportXlsx(c, {
        def,
        language,
        total: () => transact(deps, auth, async (_, ctx) => countRows((await matching(ctx)) as never)),
        // Each chunk in a transaction of its own: a slow download holds no connection between chunks.
        chunk: (offset, size) =>
          transact(deps, auth, async (_, ctx) => {
            const rows = (await applySort((await matching(ctx)).selectAll(), order)
              .limit(size)
              .offset(offset)
              .execute()) as Row[];
            return presentRows(ctx, def, rows, hooks);
          }),
        dictionaries: (codes) => transact(deps, auth, (_, { trx }) => dictionaryLabels(trx, codes)),
      });
    });

  const detailCall = def.calls.detail;
  if (detailCall)
    serve('detail', permit(deps, def.access.read), async (c) => {
      const auth = c.get('auth');
      const { id } = z.object({ id: idRule }).parse(await readParams(c));
      const vo = await transact(deps, auth, async (_, ctx) => {
        const { trx } = ctx;
        const row = (await (
          await liveRows(trx, def, auth)
        )
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()) as Row | undefined;
        if (!row) throw new NotFoundError();
        const names = def.tree && (await parentNames(trx, def, auth, def.tree, [row]));
        const parent = names && { parentName: names.get(String(row[def.fields.parentId.column])) ?? '' };
        const [vo] = await presentRows(ctx, def, [row], hooks, true);
        return { ...vo, ...parent, ...(await hooks.presentDetail?.(ctx, row)) };
      });
      return c.json(ok(vo));
    });

  /** Add (no id) and edit (an id) through one call; `only` limits it to one of them (separate add and update). */
  const write =
    (only?: 'add' | 'edit'): MiddlewareHandler<BladeEnv> =>
    async (c) => {
      const auth = c.get('auth');
      const params = await readParams(c);
      const id = params.id === undefined || params.id === '' ? null : idRule.parse(params.id);
      if (only === 'add' && id) throw new ServiceError('id:新增时不能指定');
      if (only === 'edit' && !id) throw new ServiceError('id:不能为空');
      await demand(deps, auth, id ? def.access.edit : def.access.add);
      const input = inputSchema.parse(params) as Record<string, unknown>;
      const missing = missingRequired(def, input, id ? 'edit' : 'add');
      if (missing?.required) throw new KeyedError(missing.required);
      const values: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.form === false) continue;
        const value = input[name] ?? (id ? undefined : (field.default ?? emptyValue(field)));
        if (value !== undefined) values[field.column] = value;
      }
      const answer = await transact(deps, auth, async (untyped, ctx) => {
        const { trx } = ctx;
        const company = await ownCompany(trx, def, auth);
        if (
          id &&
          !(await (
            await liveRows(trx, def, auth, company)
          )
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst())
        )
          throw new NotFoundError();
        // A customer writes its own company's rows only: the company is its, whatever the body says.
        if (company) values[def.company!.column] = company;
        await hooks.beforeWrite?.({ ...ctx, params }, values, id);
        for (const key of def.unique ?? []) {
          // Unique among all the tenant's live rows, not only those the caller's data scope shows.
          let taken = untyped.selectFrom(def.table).select('id').where('is_deleted', '=', 0);
          if (def.ownership === 'tenant') taken = taken.where('tenant_id', '=', auth.tenantId);
          for (const name of key.fields)
            taken = taken.where(def.fields[name].column, '=', values[def.fields[name].column]);
          if (id) taken = taken.where('id', '<>', id);
          if (await taken.limit(1).executeTakeFirst()) throw new KeyedError(key.message);
        }
        let written = id;
        if (id) {
          await untyped
            .updateTable(def.table)
            .set({ ...values, update_user: auth.userId, update_time: sql`now()` })
            .where('id', '=', id)
            .execute();
          await hooks.afterWrite?.(ctx, values, id, false);
        } else {
          const added = nextId();
          written = added;
          await untyped
            .insertInto(def.table)
            .values({
              id: added,
              ...values,
              ...def.fixed,
              ...(def.ownership === 'tenant' ? { tenant_id: auth.tenantId } : {}),
              create_user: auth.userId,
              create_dept: auth.deptIds[0] ?? null,
              update_user: auth.userId,
            })
            .execute();
          await hooks.afterWrite?.(ctx, values, added, true);
        }
        if (!def.answerRow) return undefined;
        const row = (await untyped
          .selectFrom(def.table)
          .selectAll()
          .where('id', '=', written)
          .executeTakeFirst()) as Row;
        return (await presentRows(ctx, def, [row], hooks))[0];
      }).catch(async (err: unknown) => {
        throw await uniqueRefusal(deps.db, def, err);
      });
      hooks.afterCommit?.(deps);
      return c.json(answer === undefined ? success() : ok(answer));
    };
  if (def.calls.add) serve('add', permit(deps, def.access.add), write('add'));
  else serve('submit', permit(deps, addOrEdit), write());
  if (def.calls.update) serve('update', permit(deps, def.access.edit), write('edit'));

  serve('remove', permit(deps, def.access.remove), async (c) => {
    const auth = c.get('auth');
    const ids = idsRule.parse((await readParams(c)).ids);
    await transact(deps, auth, async (untyped, ctx) => {
      await hooks.beforeRemove?.(ctx, ids);
      const reachable = (await liveRows(ctx.trx, def, auth))
        .select(`${def.table}.id`)
        .where(`${def.table}.id`, 'in', ids);
      const removed = await untyped
        .updateTable(def.table)
        .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
        .where('id', 'in', reachable)
        .returning('id')
        .execute();
      // All or nothing: an id that is not a live row of the caller's tenant rolls the whole removal back.
      if (removed.length !== ids.length) throw new NotFoundError();
      await hooks.afterRemove?.(ctx, ids);
    });
    hooks.afterCommit?.(deps);
    return c.json(success());
  });

  return router;
}
