/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 17 (part): the test item dictionary (检测项目), test flow cards (检测流转卡) with their items (each a test item,
// the instrument used, the report file and a remark) and the single-use export keys of exportExcel/getAuthKey
// (blade/modules/acceptance/README.md). All tenant-owned under forced RLS. Fees are numeric(18,2): exact decimals. An
// export key is kept only as its SHA-256 hash and consumed by one DELETE … RETURNING, so two uses cannot both pass.
// The menus of an existing database: 20261128T120100-acceptance-menus.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_test_item'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('item_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('standard_clause', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('method', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('protection_types', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('fee', 'numeric(18, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('accredited', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`accredited in (0, 1)`),
    )
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_test_item_code on business_test_item (tenant_id, item_code)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_test_item');

  await auditColumns(db.schema.createTable('business_flow_card'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('card_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('application_id', 'bigint')
    .addColumn('sample_no', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table business_flow_card add constraint business_flow_card_owner
    check (application_id is not null or sample_no <> '')`.execute(db);
  await sql`create unique index business_flow_card_no on business_flow_card (tenant_id, card_no)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_flow_card');

  await auditColumns(db.schema.createTable('business_flow_card_item'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('card_id', 'bigint', (c) => c.notNull())
    .addColumn('test_item_id', 'bigint', (c) => c.notNull())
    .addColumn('equipment_id', 'bigint')
    .addColumn('report_file_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('report_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index business_flow_card_item_card on business_flow_card_item (tenant_id, card_id)
    where is_deleted = 0`.execute(db);
  await sql`create index business_flow_card_item_test on business_flow_card_item (tenant_id, test_item_id)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_flow_card_item');

  await db.schema
    .createTable('business_export_key')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('export_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'business_export_key');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_export_key').ifExists().execute();
  await db.schema.dropTable('business_flow_card_item').ifExists().execute();
  await db.schema.dropTable('business_flow_card').ifExists().execute();
  await db.schema.dropTable('business_test_item').ifExists().execute();
}
