/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// The institute's customers (a tenant-wide register), and the field tasks and event records of projects
// (blade/modules/business/customers.md). Tasks and events carry their project's department in `dept_id`, as the
// money tables do, so the `project` data scope reads them alike.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_customer'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(18)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  // A name, and a credit code when there is one, names one live customer of the tenant, also when two people (or an
  // import and a person) save at once.
  await sql`create unique index business_customer_name on business_customer (tenant_id, customer_name)
    where is_deleted = 0`.execute(db);
  await sql`create unique index business_customer_credit_code on business_customer (tenant_id, credit_code)
    where is_deleted = 0 and credit_code <> ''`.execute(db);

  await auditColumns(db.schema.createTable('business_field_task'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('task_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('task_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('task_status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('location', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('business_field_task_dates', sql`end_date is null or end_date >= start_date`)
    .execute();
  await db.schema
    .createIndex('business_field_task_project')
    .on('business_field_task')
    .columns(['project_id'])
    .execute();

  await auditColumns(db.schema.createTable('business_event_record'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('event_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('event_level', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('event_date', 'date', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_event_record_project')
    .on('business_event_record')
    .columns(['project_id'])
    .execute();

  for (const table of ['business_customer', 'business_field_task', 'business_event_record'])
    await enableTenantRls(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['business_event_record', 'business_field_task', 'business_customer'])
    await db.schema.dropTable(table).execute();
}
