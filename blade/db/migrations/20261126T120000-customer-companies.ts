/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 14: customer companies (客户企业) that register themselves on the customer host (spec 001 §7.2), and the
// link from a customer user to its company. The rules that must hold under concurrent registrations live here:
// - a company's unified social credit code and its name are each unique among the tenant's live companies;
// - the credit code has the shape of GB 32100-2015 (its check digit is checked by the server, which can say why);
// - a phone number belongs to at most one live customer user of a tenant (staff rows made before keep theirs,
//   duplicates included, so the index covers customer users only; the server also checks staff phones).

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('blade_customer_company'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(18)', (c) =>
      c.notNull().check(sql`credit_code ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$'`),
    )
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index blade_customer_company_credit_code on blade_customer_company (tenant_id, credit_code)
    where is_deleted = 0`.execute(db);
  await sql`create unique index blade_customer_company_name on blade_customer_company (tenant_id, company_name)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'blade_customer_company');

  await db.schema.alterTable('blade_user').addColumn('company_id', 'bigint').execute();
  await sql`create index blade_user_company on blade_user (tenant_id, company_id)
    where company_id is not null and is_deleted = 0`.execute(db);
  await sql`create unique index blade_user_customer_phone on blade_user (tenant_id, phone)
    where company_id is not null and is_deleted = 0 and phone <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blade_user_customer_phone').execute();
  await db.schema.dropIndex('blade_user_company').execute();
  await db.schema.alterTable('blade_user').dropColumn('company_id').execute();
  await db.schema.dropTable('blade_customer_company').execute();
}
