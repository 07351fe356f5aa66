/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';

// Issue 14: a user may turn the SMS login off for their own account (my/updateEable): then a code sent to their
// phone no longer signs anyone in, whoever holds the phone.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blade_user')
    .addColumn('sms_login', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blade_user').dropColumn('sms_login').execute();
}
