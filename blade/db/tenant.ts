import { sql, type Kysely, type Transaction } from 'kysely';
import { NotFoundError } from '../core/errors';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * Runs fn in a transaction bound to one tenant: app.tenant_id feeds the row-level-security policies and the
 * non-owner role makes them apply even when the connection user is a superuser (PGlite always is).
 * Repositories still filter by tenant_id themselves; this is the second wall.
 * Inside fn use only trx: PGlite has one connection, so a query on db would wait for this transaction forever.
 */
export async function withTenant<T>(
  db: Db,
  tenantId: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
    await sql`set local role blade_app`.execute(trx);
    return fn(trx);
  });
}

/** Tenant-owned link tables whose rows are removed outright (no is_deleted). */
export type LinkTable = 'blade_post_role' | 'blade_dept_external_user';

/**
 * Deletes the tenant's rows among `ids`, all or none: when any id is not the tenant's, 404, and the surrounding
 * transaction (withTenant) rolls the deletion back. One statement instead of a lookup and a delete.
 */
export async function deleteTenantRows(
  trx: Transaction<Database>,
  table: LinkTable,
  tenantId: string,
  ids: readonly string[],
): Promise<void> {
  const deleted = await trx
    .deleteFrom(table)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  if (deleted.length !== ids.length) throw new NotFoundError();
}
