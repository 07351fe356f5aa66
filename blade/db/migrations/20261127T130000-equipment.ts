/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 17 (part): laboratory equipment (仪器设备), its measurement certificates (计量证书) and its usage bookings
// (设备使用预约), all tenant-owned under RLS (blade/modules/equipment/README.md). What must hold whatever a writer does
// is here: asset numbers unique per tenant among live rows, a certificate valid after its calibration, a booking that
// ends after it starts, the states, and above all no two live bookings of one instrument overlapping in time — an
// exclusion constraint, so two concurrent saves cannot both pass a check. It uses only built-in range operator classes
// (int8range for the instrument, tstzrange for the time; no btree_gist extension), so it runs on PGlite as on
// PostgreSQL. The menus of an existing database: 20261127T130100-equipment-menus.

const CERT_RESULTS = ['合格', '准用', '不合格'];
const USAGE_STATES = ['requested', 'in_use', 'ended', 'exception_ended', 'cancelled'];
/** States that hold the instrument's time: the constraint ignores the others. */
const LIVE_STATES = ['requested', 'in_use'];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_equipment'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('asset_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_no', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('custodian_id', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('measure_range', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('accuracy', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('cycle_months', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(12)
        .check(sql`cycle_months >= 0`),
    )
    .addColumn('out_of_service', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`out_of_service in (0, 1)`),
    )
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_equipment_asset_no on business_equipment (tenant_id, asset_no)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_equipment');

  await auditColumns(db.schema.createTable('business_equipment_cert'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('equipment_id', 'bigint', (c) => c.notNull())
    .addColumn('cert_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('agency', 'varchar(200)', (c) => c.notNull())
    .addColumn('calibration_date', 'date', (c) => c.notNull())
    .addColumn('valid_to', 'date', (c) => c.notNull())
    .addColumn('result', 'varchar(8)', (c) => c.notNull().check(sql`result in (${inList(CERT_RESULTS)})`))
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table business_equipment_cert add constraint business_equipment_cert_dates
    check (valid_to > calibration_date)`.execute(db);
  await sql`create index business_equipment_cert_equipment on business_equipment_cert (tenant_id, equipment_id)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_equipment_cert');

  await auditColumns(db.schema.createTable('business_equipment_usage'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('equipment_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('purpose', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('usage_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`usage_state in (${inList(USAGE_STATES)})`),
    )
    .addColumn('began_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('exception_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table business_equipment_usage add constraint business_equipment_usage_times
    check (end_time > start_time)`.execute(db);
  await sql`alter table business_equipment_usage add constraint business_equipment_usage_no_overlap
    exclude using gist (
      int8range(equipment_id, equipment_id, '[]') with =,
      tstzrange(start_time, end_time) with &&
    ) where (usage_state in (${inList(LIVE_STATES)}) and is_deleted = 0)`.execute(db);
  await sql`create index business_equipment_usage_list on business_equipment_usage (tenant_id, start_time desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_equipment_usage');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_equipment_usage').ifExists().execute();
  await db.schema.dropTable('business_equipment_cert').ifExists().execute();
  await db.schema.dropTable('business_equipment').ifExists().execute();
}
