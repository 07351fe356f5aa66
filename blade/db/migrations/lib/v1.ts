/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Frozen helpers for migrations written from 2026-11-23 on. A migration runs as it was written forever, so these
 * never change: a different shape becomes `v2.ts` beside this file.
 */

/** BaseEntity columns: id, audit stamps, status and the soft-delete flag. */
export function auditColumns<T extends string>(
  table: CreateTableBuilder<T, any>,
): CreateTableBuilder<T, any> {
  return table
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

/**
 * Row-level security on a tenant-owned table: rows are visible and writable only under the transaction's
 * app.tenant_id (db/tenant.ts withTenant). FORCE binds the table owner too.
 */
export async function enableTenantRls(db: Kysely<any>, table: string): Promise<void> {
  const t = sql.table(table);
  await sql`alter table ${t} enable row level security`.execute(db);
  await sql`alter table ${t} force row level security`.execute(db);
  await sql`create policy tenant_isolation on ${t}
    using (tenant_id = current_setting('app.tenant_id', true))
    with check (tenant_id = current_setting('app.tenant_id', true))`.execute(db);
}
