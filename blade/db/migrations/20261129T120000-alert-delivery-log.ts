/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// Issue 17 (alerts, second part; blade/modules/alerts/README.md): the delivery log and its retry, the overdue-supervision
// alert and the recorded expiry. Two new kinds of delivery ('supervision', 'expiry': the kind column widens to hold
// them), the addresses each channel was sent to (the log shows them; a retry sends again to the ones that failed), and
// an index for the log's newest-first pages.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table business_alert_delivery drop constraint if exists business_alert_delivery_alert_kind_check`.execute(
    db,
  );
  await sql`alter table business_alert_delivery alter column alert_kind type varchar(16)`.execute(db);
  await sql`alter table business_alert_delivery add constraint business_alert_delivery_alert_kind_check
    check (alert_kind in ('cert', 'node', 'supervision', 'expiry'))`.execute(db);
  await db.schema
    .alterTable('business_alert_delivery')
    // Comma-joined phones / addresses the channel was sent to, and of them the ones whose last try failed.
    .addColumn('sms_to', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sms_failed_to', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('email_to', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('email_failed_to', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index business_alert_delivery_log on business_alert_delivery (tenant_id, create_time desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists business_alert_delivery_log`.execute(db);
  await db.schema
    .alterTable('business_alert_delivery')
    .dropColumn('sms_to')
    .dropColumn('sms_failed_to')
    .dropColumn('email_to')
    .dropColumn('email_failed_to')
    .execute();
  await sql`alter table business_alert_delivery drop constraint if exists business_alert_delivery_alert_kind_check`.execute(
    db,
  );
  await sql`alter table business_alert_delivery add constraint business_alert_delivery_alert_kind_check
    check (alert_kind in ('cert', 'node'))`.execute(db);
}
