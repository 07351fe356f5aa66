import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import { NotFoundError } from '../core/errors';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * A tenant's transaction, typed by the schema: what withTenant hands its callback, and so what CRUD hooks and action
 * handlers get as `trx`. A Db too (Transaction extends Kysely), for helpers that take either.
 */
export type Trx = Transaction<Database>;

/**
 * Runs fn in a transaction bound to one tenant: app.tenant_id feeds the row-level-security policies and the
 * non-owner role makes them apply even when the connection user is a superuser (PGlite always is).
 * Repositories still filter by tenant_id themselves; this is the second wall.
 * Inside fn use only trx: PGlite has one connection, so a query on db would wait for this transaction forever.
 */
export async function withTenant<T>(db: Db, tenantId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
  const outer = openTransaction.getStore();
  // A second transaction opened from inside one works on a PostgreSQL pool but stops the embedded API for good (the
  // inner waits for the outer's connection): refuse it loudly here, on either database, so tests find it.
  if (outer?.open)
    throw new Error('withTenant called inside an open transaction: use the transaction you hold');
  return db.transaction().execute(async (trx) => {
    const state = { open: true };
    try {
      return await openTransaction.run(state, async () => {
        await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
        await sql`set local role blade_app`.execute(trx);
        return fn(trx);
      });
    } finally {
      // Work started inside fn and still running after it (a send after the commit) may open its own transaction.
      state.open = false;
    }
  });
}

/** Whether the running code is inside withTenant's transaction. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/**
 * A second transaction opened from inside one works on a PostgreSQL pool but stops the embedded API for good (the
 * inner waits for the outer's only connection): refused loudly, on either database, so that tests find it. Readers
 * that open their own transaction only on a cache miss call this first, so the mistake shows on a hit too.
 */
export function assertNoOpenTransaction(what: string) {
  if (openTransaction.getStore()?.open)
    throw new Error(`${what} called inside an open transaction: pass the transaction you hold`);
}

/** Tenant-owned link tables whose rows are removed outright (no is_deleted). */
export type LinkTable = 'blade_post_role' | 'blade_dept_external_user';

/**
 * Deletes the tenant's rows among `ids`, all or none: when any id is not the tenant's, 404, and the surrounding
 * transaction (withTenant) rolls the deletion back. One statement instead of a lookup and a delete.
 */
export async function deleteTenantRows(
  trx: Trx,
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
