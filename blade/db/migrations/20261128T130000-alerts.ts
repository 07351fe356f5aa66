/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 17 (part): certificate-expiry alert configurations (证书到期提醒), node time limits of the progress tracks
// (节点进度提醒) and the deliveries the scheduler made (blade/modules/alerts/README.md). All tenant-owned under RLS.
// The delivery table's unique key is what makes an alert go out exactly once: the scheduler inserts the row with
// ON CONFLICT DO NOTHING in the same transaction as the portal messages, so replicas racing on one database deliver
// once between them.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_alert_cert_config'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('config_name', 'varchar(100)', (c) => c.notNull())
    // Days before valid-to, comma-joined, e.g. `180,90,30`.
    .addColumn('lead_days', 'varchar(100)', (c) => c.notNull())
    .addColumn('notify_portal', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`notify_portal in (0, 1)`),
    )
    .addColumn('notify_sms', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`notify_sms in (0, 1)`),
    )
    .addColumn('notify_email', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`notify_email in (0, 1)`),
    )
    .addColumn('enabled', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`enabled in (0, 1)`),
    )
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await enableTenantRls(db, 'business_alert_cert_config');

  await auditColumns(db.schema.createTable('business_alert_node_limit'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('track_level', 'varchar(8)', (c) => c.notNull().check(sql`track_level in ('coarse', 'fine')`))
    .addColumn('node_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('limit_days', 'integer', (c) => c.notNull().check(sql`limit_days between 1 and 3650`))
    .addColumn('enabled', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`enabled in (0, 1)`),
    )
    .execute();
  await enableTenantRls(db, 'business_alert_node_limit');
  await sql`create unique index business_alert_node_limit_node on business_alert_node_limit (tenant_id, track_level, node_code) where is_deleted = 0`.execute(
    db,
  );

  await db.schema
    .createTable('business_alert_delivery')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('alert_kind', 'varchar(8)', (c) => c.notNull().check(sql`alert_kind in ('cert', 'node')`))
    // The certificate (cert) or the application (node).
    .addColumn('subject_id', 'bigint', (c) => c.notNull())
    // The configuration (cert) or the node limit (node).
    .addColumn('config_id', 'bigint', (c) => c.notNull())
    // The lead time in days (cert) or the node and the time it was entered (node): what makes one alert.
    .addColumn('alert_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('portal_count', 'integer', (c) => c.notNull().defaultTo(0))
    // pending (committed, not yet tried), sent, failed (with the reason), skipped (channel off or no address).
    .addColumn('sms_state', 'varchar(8)', (c) => c.notNull().defaultTo('skipped'))
    .addColumn('sms_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('email_state', 'varchar(8)', (c) => c.notNull().defaultTo('skipped'))
    .addColumn('email_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('business_alert_delivery_once', [
      'tenant_id',
      'alert_kind',
      'subject_id',
      'config_id',
      'alert_key',
    ])
    .execute();
  await enableTenantRls(db, 'business_alert_delivery');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_alert_delivery').execute();
  await db.schema.dropTable('business_alert_node_limit').execute();
  await db.schema.dropTable('business_alert_cert_config').execute();
}
