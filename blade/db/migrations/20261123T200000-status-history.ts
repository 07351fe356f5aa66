/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from './lib/v1';

// Every state transition of every resource (blade/core/action.ts): who moved which record from what to what, when,
// and why. One table for all resources, so a record's timeline is one query and no module writes its own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blade_status_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('resource', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_value', 'varchar(64)', (c) => c.notNull())
    .addColumn('to_value', 'varchar(64)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('blade_status_history_record')
    .on('blade_status_history')
    .columns(['tenant_id', 'resource', 'record_id', 'create_time'])
    .execute();
  await enableTenantRls(db, 'blade_status_history');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blade_status_history').ifExists().execute();
}
