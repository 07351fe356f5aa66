/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

/**
 * The contract list's slow orders and searches (bench/business.ts, 100,000 contracts): sorted by an amount it sorted
 * every live contract of the tenant for ten rows, and a contract-number fragment (`ilike '%…%'`) read them all.
 *
 * Amounts: the list filters `tenant_id` and `is_deleted = 0` and orders by the amount, then by id ascending (the
 * definition's stableOrder), so each direction has an index of its own in exactly that order: a backward scan of one
 * would give the id descending.
 *
 * Fragments: a trigram index (pg_trgm) serves `ilike` with the wildcard in front. The extension is created when the
 * server offers it and the migrating role may create it (PostgreSQL 13+: pg_trgm is trusted, the database's CREATE
 * right is enough); when it may not, or the database is PGlite (which ships pg_trgm but loads it only when opened with
 * it), the search stays a sequential scan. The index can be added later by hand, after `create extension pg_trgm`:
 * `create index business_contract_code_trgm on business_contract using gin (contract_code gin_trgm_ops)
 * where is_deleted = 0`.
 */

const AMOUNTS = ['contract_amount', 'received_amount', 'unpaid_amount'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of AMOUNTS) {
    const col = sql.ref(column);
    await sql`create index ${sql.raw(`business_contract_${column}_asc`)} on business_contract
      (tenant_id, ${col} asc, id asc) where is_deleted = 0`.execute(db);
    await sql`create index ${sql.raw(`business_contract_${column}_desc`)} on business_contract
      (tenant_id, ${col} desc, id asc) where is_deleted = 0`.execute(db);
  }

  if (await trigramsAvailable(db))
    await sql`create index business_contract_code_trgm on business_contract
      using gin (contract_code gin_trgm_ops) where is_deleted = 0`.execute(db);
}

/** Whether pg_trgm is installed, or could be and now is. Migrations run in a transaction: a refusal must not end it. */
async function trigramsAvailable(db: Kysely<any>): Promise<boolean> {
  const installed = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (installed.rows.length > 0) return true;
  const offered = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (offered.rows.length === 0) return false;
  await sql`savepoint pg_trgm_install`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm_install`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint pg_trgm_install`.execute(db);
    return false;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists business_contract_code_trgm`.execute(db);
  for (const column of AMOUNTS) {
    await sql.raw(`drop index if exists business_contract_${column}_asc`).execute(db);
    await sql.raw(`drop index if exists business_contract_${column}_desc`).execute(db);
  }
}
