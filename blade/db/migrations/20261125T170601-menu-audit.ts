/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// Issue 12: menu/submit and menu/remove are served by the one CRUD router, which stamps who added and changed a row
// and when; blade_menu gets the audit columns every other resource table has. Existing rows keep unknown authors.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blade_menu')
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blade_menu')
    .dropColumn('create_user')
    .dropColumn('create_dept')
    .dropColumn('create_time')
    .dropColumn('update_user')
    .dropColumn('update_time')
    .dropColumn('status')
    .execute();
}
