import type { Insertable, Selectable, SelectQueryBuilder, Transaction, Updateable } from 'kysely';
import type { AuthUser } from '../../core/context';
import { NotFoundError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, type PageRequest, type SortOrder } from '../../core/page';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** The configuration tables: BaseEntity rows of one tenant, removed by setting is_deleted. */
export type ConfigTable = 'blade_file_function' | 'blade_file_catalog' | 'blade_file_preset';

/**
 * The live rows of a configuration table (this tenant's, not removed), nothing selected yet: the guard every list,
 * detail, uniqueness check and parent lookup of the file configuration starts from.
 */
export function liveRows<T extends ConfigTable>(
  trx: Trx,
  table: T,
  tenantId: string,
): SelectQueryBuilder<Database, T, object> {
  const query = trx
    .selectFrom(table as ConfigTable)
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0);
  // Kysely types a query over the union of tables by their common columns; the caller's table has all of its own.
  return query as unknown as SelectQueryBuilder<Database, T, object>;
}

/** One live row by id, every column. */
export function liveRow<T extends ConfigTable>(
  trx: Trx,
  table: T,
  tenantId: string,
  id: string,
): SelectQueryBuilder<Database, T, Selectable<Database[T]>> {
  const query = liveRows(trx, table as ConfigTable, tenantId)
    .selectAll()
    .where('id', '=', id);
  return query as unknown as SelectQueryBuilder<Database, T, Selectable<Database[T]>>;
}

/** Soft-deletes the tenant's live rows among `ids` (one statement, so all or none); 404 when none was found. */
export async function softDelete(
  trx: Trx,
  table: ConfigTable,
  auth: Pick<AuthUser, 'tenantId' | 'userId'>,
  ids: readonly string[],
): Promise<void> {
  const r = await trx
    .updateTable(table)
    .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
    .where('tenant_id', '=', auth.tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (r.numUpdatedRows === 0n) throw new NotFoundError();
}

/**
 * A submit's write: with an id, updates that live row of the tenant (404 when there is none, in the same statement);
 * without, inserts a new row for the tenant. `values` are the table's own columns, update_user and update_time
 * included.
 */
export async function saveRow<T extends ConfigTable>(
  trx: Trx,
  table: T,
  auth: Pick<AuthUser, 'tenantId' | 'userId'>,
  id: string | null | undefined,
  values: Updateable<Database[T]>,
): Promise<void> {
  // Kysely cannot type a write to "one of three tables"; every one has the columns used here (see liveRows).
  const into = table as 'blade_file_function';
  if (id) {
    const r = await trx
      .updateTable(into)
      .set(values as Updateable<Database['blade_file_function']>)
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) throw new NotFoundError();
    return;
  }
  await trx
    .insertInto(into)
    .values({
      id: nextId(),
      tenant_id: auth.tenantId,
      create_user: auth.userId,
      ...values,
    } as Insertable<Database['blade_file_function']>)
    .execute();
}

/**
 * A list call's page and sort: `current`, `size` (default per call) and `ascs`/`descs` through the call's allowlist
 * (refused otherwise, see sortOrders). `sortable` maps the names a client may sort by (the answer's fields, snake
 * case) to their columns, with `p.` where the query joins.
 */
export function listRequest(
  input: Record<string, string>,
  sortable: Readonly<Record<string, string>>,
  defaultSize: number,
): { page: PageRequest; orders: SortOrder[] } {
  const q = pageQuerySchema.parse(input);
  const page = pageRequest({ current: q.current, size: q.size ?? defaultSize });
  const orders = sortOrders(Object.keys(sortable), q).map((o) => ({ ...o, column: sortable[o.column] }));
  return { page, orders };
}

/** A sort allowlist whose names are the columns themselves. */
export const sameColumns = (...columns: string[]) => Object.fromEntries(columns.map((c) => [c, c]));
