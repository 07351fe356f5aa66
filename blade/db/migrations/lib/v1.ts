/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type AlterTableBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

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

/**
 * Runs `work` under each tenant's row-level security context in turn (app.tenant_id, local to the migration's
 * transaction): every tenant, deleted ones too. The context is cleared after.
 */
export async function forEachTenant(
  db: Kysely<any>,
  work: (tenantId: string) => Promise<void>,
): Promise<void> {
  const tenants = (await db.selectFrom('blade_tenant').select('tenant_id').execute()) as Array<{
    tenant_id: string;
  }>;
  for (const { tenant_id: tenantId } of tenants) {
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    await work(tenantId);
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

/** The audit stamps a table made before auditColumns may lack, as auditColumns defines them (not id nor is_deleted). */
const AUDIT_STAMPS: readonly Parameters<AlterTableBuilder['addColumn']>[] = [
  ['create_user', 'bigint'],
  ['create_dept', 'bigint'],
  ['create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)],
  ['update_user', 'bigint'],
  ['update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`)],
  ['status', 'integer', (c) => c.notNull().defaultTo(1)],
];

/** Adds the audit stamps to an existing table, in one ALTER TABLE. Existing rows keep unknown authors. */
export async function addAuditStamps(db: Kysely<any>, table: string): Promise<void> {
  const [first, ...rest] = AUDIT_STAMPS;
  let alter = db.schema.alterTable(table).addColumn(...first);
  for (const stamp of rest) alter = alter.addColumn(...stamp);
  await alter.execute();
}

/** Undoes addAuditStamps, in one ALTER TABLE. */
export async function dropAuditStamps(db: Kysely<any>, table: string): Promise<void> {
  const [first, ...rest] = AUDIT_STAMPS.map(([name]) => name);
  let alter = db.schema.alterTable(table).dropColumn(first);
  for (const name of rest) alter = alter.dropColumn(name);
  await alter.execute();
}
