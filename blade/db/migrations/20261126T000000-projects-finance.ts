/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 13: the institute's projects, their contracts, the contracts' payment batches, the money received against
// them and the invoices issued on them (blade/modules/business/README.md). Amounts are numeric(18,2); the derived
// ones (received, unpaid, paid, residue, the project's total) are stored for lists and sorting and recomputed by the
// server in the transaction that changes them. `dept_id` is the project's department, copied onto everything below
// it: the `project` data scope reads it on all five tables.

const money = (name: string) => [name, 'numeric(18, 2)', (c: any) => c.notNull().defaultTo(0)] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_project'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('project_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('project_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('project_unit', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn(...money('project_amount'))
    .addColumn(...money('received_amount'))
    .addColumn(...money('unpaid_amount'))
    .addColumn(...money('paid_amount'))
    .addColumn(...money('residue_amount'))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('acceptance_date', 'date')
    .addColumn('warranty_period', 'integer')
    .addColumn('warranty_expire', 'date')
    .execute();

  await auditColumns(db.schema.createTable('business_contract'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('contract_status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('contract_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_method', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('contract_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contract_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('signed_date', 'date')
    .addColumn('contract_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`contract_amount >= 0`))
    .addColumn(...money('received_amount'))
    .addColumn(...money('unpaid_amount'))
    .addColumn('acceptance_date', 'date')
    .addColumn('warranty_period', 'integer')
    .addColumn('warranty_expire', 'date')
    .addColumn('max_file_size', 'integer')
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_contract_project')
    .on('business_contract')
    .columns(['project_id'])
    .execute();
  // A contract number names one live contract of the tenant, also when two people save at once.
  await sql`create unique index business_contract_code on business_contract (tenant_id, contract_code)
    where is_deleted = 0`.execute(db);

  await auditColumns(db.schema.createTable('business_contract_batch'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('contract_id', 'bigint', (c) => c.notNull())
    .addColumn('batch_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('percent', 'numeric(5, 2)', (c) => c.notNull().check(sql`percent > 0 and percent <= 100`))
    .addColumn(...money('batch_amount'))
    .addColumn(...money('received_amount'))
    .addColumn(...money('unpaid_amount'))
    .addColumn('bank_transaction_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('abnormal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('abnormal_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_contract_batch_contract')
    .on('business_contract_batch')
    .columns(['contract_id'])
    .execute();

  await auditColumns(db.schema.createTable('business_real_income'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('contract_id', 'bigint', (c) => c.notNull())
    .addColumn('batch_id', 'bigint', (c) => c.notNull())
    .addColumn('received_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`received_amount > 0`))
    .addColumn('received_date', 'date', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_real_income_batch')
    .on('business_real_income')
    .columns(['batch_id'])
    .execute();
  // The receipts page's order (newest day first, then id) without sorting a million rows.
  await sql`create index business_real_income_day on business_real_income (received_date desc, id)`.execute(
    db,
  );
  await db.schema
    .createIndex('business_real_income_contract')
    .on('business_real_income')
    .columns(['contract_id'])
    .execute();

  await auditColumns(db.schema.createTable('business_invoice'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('contract_id', 'bigint', (c) => c.notNull())
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('invoice_type', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_situation', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('invoice_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('invoice_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('invoice_date', 'date', (c) => c.notNull())
    .addColumn('invoice_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`invoice_amount >= 0`))
    .addColumn('taxes_amount', 'numeric(18, 2)')
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_invoice_contract')
    .on('business_invoice')
    .columns(['contract_id'])
    .execute();
  await sql`create unique index business_invoice_code on business_invoice (tenant_id, invoice_code)
    where is_deleted = 0`.execute(db);

  for (const table of [
    'business_project',
    'business_contract',
    'business_contract_batch',
    'business_real_income',
    'business_invoice',
  ])
    await enableTenantRls(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'business_invoice',
    'business_real_income',
    'business_contract_batch',
    'business_contract',
    'business_project',
  ])
    await db.schema.dropTable(table).execute();
}
