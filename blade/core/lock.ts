import type { Selectable } from 'kysely';
import type { Trx } from '../db/tenant';
import type { Database } from '../db/schema';
import type { AnyDb } from './crud';
import { NotFoundError } from './errors';

/** The tenant-owned tables whose rows are soft-deleted (`is_deleted`): the records a change locks. */
export type LiveTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; tenant_id: unknown; is_deleted: unknown }
    ? T
    : never;
}[keyof Database];

/**
 * A live row of the tenant, locked FOR UPDATE for a change (a second change of the same row waits, then sees the
 * first's result); 404 when the tenant has no such live row.
 */
export async function lockLiveRow<T extends LiveTable>(
  trx: Trx,
  table: T,
  tenantId: string,
  id: string,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot check the columns of a table given as a parameter: the query is untyped, its row typed by the table
  // (every LiveTable has the three columns it names).
  const untyped: AnyDb = trx;
  const row: unknown = await untyped
    .selectFrom(table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row as Selectable<Database[T]>;
}
