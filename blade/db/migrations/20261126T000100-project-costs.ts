/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 13: what a project spends. A real cost is what is owed to a supplier for the project (材料, 外协, 差旅…), its
// pay records what has been paid of it (with the supplier's invoice); a cost plan is the month's budget of a cost type.
// A batch gets the day its payment is planned for: with the cost plans it makes the finance plan (income and outlay
// per month, planned against actual). The project's paid amount is its pay records' sum (recomputed under the
// project's lock, like its received amount).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('business_contract_batch').addColumn('planned_date', 'date').execute();

  await auditColumns(db.schema.createTable('business_real_cost'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('pay_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('supplier', 'varchar(100)', (c) => c.notNull())
    .addColumn('cost_date', 'date', (c) => c.notNull())
    .addColumn('pay_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`pay_amount >= 0`))
    .addColumn('paid_amount', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('unpaid_amount', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_real_cost_project')
    .on('business_real_cost')
    .columns(['project_id'])
    .execute();

  await auditColumns(db.schema.createTable('business_pay_record'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('cost_id', 'bigint', (c) => c.notNull())
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('paid_date', 'date', (c) => c.notNull())
    .addColumn('paid_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`paid_amount > 0`))
    .addColumn('pay_way', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_pay_record_cost')
    .on('business_pay_record')
    .columns(['cost_id'])
    .execute();

  await auditColumns(db.schema.createTable('business_cost_plan'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('cost_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('plan_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('plan_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`plan_amount >= 0`))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  // One budget line per project, cost type and month, also when two people save at once.
  await sql`create unique index business_cost_plan_line on business_cost_plan
    (tenant_id, project_id, cost_type, plan_month) where is_deleted = 0`.execute(db);

  for (const table of ['business_real_cost', 'business_pay_record', 'business_cost_plan'])
    await enableTenantRls(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['business_cost_plan', 'business_pay_record', 'business_real_cost'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('business_contract_batch').dropColumn('planned_date').execute();
}
