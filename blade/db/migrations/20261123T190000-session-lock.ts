/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';

// SECURITY 27: the screen lock is a state of the auth session, not of the portal's cookie, so that every copy of the
// session's tokens is locked with it. The lock password's hash lives here too; unlock_failures counts wrong lock
// passwords in a row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blade_auth_session').addColumn('locked_at', 'timestamptz').execute();
  await db.schema.alterTable('blade_auth_session').addColumn('lock_hash', 'varchar(255)').execute();
  await db.schema
    .alterTable('blade_auth_session')
    .addColumn('unlock_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['unlock_failures', 'lock_hash', 'locked_at']) {
    await db.schema.alterTable('blade_auth_session').dropColumn(column).execute();
  }
}
