/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from './lib/v1';

// Issue 14: single-use verification codes (6 digits, 5 minutes, 5 tries) sent by e-mail or SMS, and the keys a
// correct code (or password) is exchanged for: the proof a later call (registration, password recovery, a changed
// phone) spends once. Neither the code nor the key is stored: only an HMAC of it, so a read of the table gives nothing
// to type in.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blade_verify_code')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull().check(sql`channel in ('email', 'phone')`))
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('blade_verify_code_expiry')
    .on('blade_verify_code')
    .columns(['expires_at'])
    .execute();
  await db.schema
    .createTable('blade_verify_key')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  for (const table of ['blade_verify_code', 'blade_verify_key']) await enableTenantRls(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blade_verify_key').execute();
  await db.schema.dropTable('blade_verify_code').execute();
}
