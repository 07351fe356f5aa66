import { sql, type Kysely, type Transaction } from 'kysely';
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
