/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

/**
 * The contract list sorted by an amount (bench/business.ts, 100,000 contracts) sorted every live contract of the
 * tenant for ten rows. The list filters `tenant_id` and `is_deleted = 0` and orders by the amount, then by id
 * ascending (the definition's stableOrder), so each direction has an index of its own in exactly that order: a
 * backward scan of one would give the id descending.
 *
 * @NOTE No trigram index for the contract-number fragment (`ilike '%…%'`): the list runs under row-level security
 * (FORCE, role blade_app), where PostgreSQL uses an index only for leakproof operators, and `~~*` (texticlike) is
 * not one — with pg_trgm's GIN index in place the plan stays a scan filtered by the policy first (EXPLAIN in
 * blade/modules/business/README.md, Speed). Only a superuser could declare a leakproof operator for it.
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
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of AMOUNTS) {
    await sql.raw(`drop index if exists business_contract_${column}_asc`).execute(db);
    await sql.raw(`drop index if exists business_contract_${column}_desc`).execute(db);
  }
}
