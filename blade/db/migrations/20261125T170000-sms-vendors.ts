/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';

// SMS vendors spoken for real (issue 12, no pretend success): a configuration may name its endpoint (blank = the
// vendor's documented one) and Tencent's SmsSdkAppId; each send records what happened: sent, logged (the development
// channel) or failed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blade_sms')
    .addColumn('endpoint', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('blade_sms')
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Sends recorded before this migration went through the log channel whatever their category said.
  await db.schema
    .alterTable('blade_sms_log')
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull().defaultTo('logged'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blade_sms_log').dropColumn('outcome').execute();
  await db.schema.alterTable('blade_sms').dropColumn('app_id').execute();
  await db.schema.alterTable('blade_sms').dropColumn('endpoint').execute();
}
