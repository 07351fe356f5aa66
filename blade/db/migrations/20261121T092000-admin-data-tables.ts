/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Regions, object storage and SMS configuration, SMS send records, and the code generator's tables (issue 4).
// BaseEntity columns (contract §8.1), kept local: a migration never changes once released.
function audit<T extends string>(table: CreateTableBuilder<T>) {
  return table
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

const text = (n: number) => `varchar(${n})` as const;
const empty = (c: any) => c.notNull().defaultTo('');
const flag = (c: any) => c.notNull().defaultTo(0);

const TENANT_OWNED = ['blade_oss', 'blade_sms', 'blade_sms_log'];

export async function up(db: Kysely<any>): Promise<void> {
  // Global reference data (no tenant): the administrative divisions of China.
  await db.schema
    .createTable('blade_region')
    .addColumn('code', text(12), (c) => c.primaryKey())
    .addColumn('parent_code', text(12), (c) => c.notNull())
    .addColumn('ancestors', text(255), empty)
    .addColumn('name', text(32), (c) => c.notNull())
    .addColumn('province_code', text(12), empty)
    .addColumn('province_name', text(32), empty)
    .addColumn('city_code', text(12), empty)
    .addColumn('city_name', text(32), empty)
    .addColumn('district_code', text(12), empty)
    .addColumn('district_name', text(32), empty)
    .addColumn('town_code', text(12), empty)
    .addColumn('town_name', text(32), empty)
    .addColumn('village_code', text(12), empty)
    .addColumn('village_name', text(32), empty)
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', flag)
    .addColumn('remark', text(255), empty)
    .execute();
  await db.schema
    .createIndex('blade_region_parent')
    .on('blade_region')
    .columns(['parent_code', 'sort'])
    .execute();

  // Object storage configuration per tenant; status 2 = the enabled one (at most one per tenant), 1 = off.
  await audit(db.schema.createTable('blade_oss'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('oss_code', text(32), (c) => c.notNull())
    .addColumn('endpoint', text(255), empty)
    .addColumn('transform_endpoint', text(255), empty)
    .addColumn('access_key', text(255), empty)
    .addColumn('secret_key', text(255), empty)
    .addColumn('bucket_name', text(255), empty)
    .addColumn('app_id', text(255), empty)
    .addColumn('region', text(255), empty)
    .addColumn('remark', text(255), empty)
    .execute();
  await sql`create unique index blade_oss_code on blade_oss (tenant_id, oss_code) where is_deleted = 0`.execute(
    db,
  );
  await sql`create unique index blade_oss_enabled on blade_oss (tenant_id) where is_deleted = 0 and status = 2`.execute(
    db,
  );

  // SMS configuration per tenant, same enable rule.
  await audit(db.schema.createTable('blade_sms'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sms_code', text(32), (c) => c.notNull())
    .addColumn('template_id', text(64), empty)
    .addColumn('access_key', text(255), empty)
    .addColumn('secret_key', text(255), empty)
    .addColumn('region_id', text(255), empty)
    .addColumn('sign_name', text(64), empty)
    .addColumn('remark', text(255), empty)
    .execute();
  await sql`create unique index blade_sms_code on blade_sms (tenant_id, sms_code) where is_deleted = 0`.execute(
    db,
  );
  await sql`create unique index blade_sms_enabled on blade_sms (tenant_id) where is_deleted = 0 and status = 2`.execute(
    db,
  );

  // One row per send: masked phones and the template parameter names only (values may be verification codes).
  await db.schema
    .createTable('blade_sms_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('sms_id', 'bigint', (c) => c.notNull())
    .addColumn('sms_code', text(32), (c) => c.notNull())
    .addColumn('provider', text(32), (c) => c.notNull())
    .addColumn('phones', text(2000), (c) => c.notNull())
    .addColumn('phone_count', 'integer', (c) => c.notNull())
    .addColumn('param_keys', text(500), empty)
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('message', text(500), empty)
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('blade_sms_log_tenant')
    .on('blade_sms_log')
    .columns(['tenant_id', 'create_time'])
    .execute();

  // Code generator (platform only): datasources, data models and their fields, generator configurations.
  await audit(db.schema.createTable('blade_datasource'))
    .addColumn('name', text(100), (c) => c.notNull())
    .addColumn('driver_class', text(100), empty)
    .addColumn('url', text(500), empty)
    .addColumn('username', text(45), empty)
    .addColumn('password', text(500), empty)
    .addColumn('remark', text(255), empty)
    .execute();

  await audit(db.schema.createTable('blade_model'))
    .addColumn('datasource_id', 'bigint')
    .addColumn('model_name', text(50), (c) => c.notNull())
    .addColumn('model_code', text(50), (c) => c.notNull())
    .addColumn('model_table', text(64), (c) => c.notNull())
    .addColumn('model_class', text(64), empty)
    .addColumn('model_remark', text(500), empty)
    .execute();

  await audit(db.schema.createTable('blade_model_prototype'))
    .addColumn('model_id', 'bigint', (c) => c.notNull())
    .addColumn('jdbc_name', text(64), (c) => c.notNull())
    .addColumn('jdbc_type', text(64), empty)
    .addColumn('comment', text(255), empty)
    .addColumn('property_type', text(64), empty)
    .addColumn('property_name', text(64), empty)
    .addColumn('is_form', 'integer', flag)
    .addColumn('is_row', 'integer', flag)
    .addColumn('component_type', text(32), empty)
    .addColumn('dict_code', text(64), empty)
    .addColumn('is_required', 'integer', flag)
    .addColumn('is_list', 'integer', flag)
    .addColumn('is_query', 'integer', flag)
    .addColumn('query_type', text(32), empty)
    .addColumn('sort', 'integer', flag)
    .execute();
  await db.schema
    .createIndex('blade_model_prototype_model')
    .on('blade_model_prototype')
    .column('model_id')
    .execute();

  await audit(db.schema.createTable('blade_code'))
    .addColumn('model_id', 'bigint')
    .addColumn('service_name', text(64), (c) => c.notNull())
    .addColumn('code_name', text(64), (c) => c.notNull())
    .addColumn('module_name', text(64), (c) => c.notNull())
    .addColumn('table_name', text(64), (c) => c.notNull())
    .addColumn('pk_name', text(32), (c) => c.notNull().defaultTo('id'))
    .addColumn('is_tenant', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', text(255), empty)
    .execute();

  for (const table of TENANT_OWNED) {
    const t = sql.table(table);
    await sql`alter table ${t} enable row level security`.execute(db);
    await sql`alter table ${t} force row level security`.execute(db);
    await sql`create policy tenant_isolation on ${t}
      using (tenant_id = current_setting('app.tenant_id', true))
      with check (tenant_id = current_setting('app.tenant_id', true))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'blade_code',
    'blade_model_prototype',
    'blade_model',
    'blade_datasource',
    'blade_sms_log',
    'blade_sms',
    'blade_oss',
    'blade_region',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
