/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 13: devops records (运维记录, spec 000 §3 Devops record): a project's maintenance visit — the day, what was
// done, and the engineers with each one's workload (person-days, two decimals); the record's workload is their sum,
// kept by the server. The engineers are rows of their own, replaced as a whole when the record is saved.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_devops_record'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('project_id', 'bigint', (c) => c.notNull())
    .addColumn('devops_date', 'date', (c) => c.notNull())
    .addColumn('devops_content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('workload', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('business_devops_record_project')
    .on('business_devops_record')
    .columns(['project_id'])
    .execute();
  await db.schema
    .createTable('business_devops_user')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('devops_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('workload', 'numeric(18, 2)', (c) => c.notNull().check(sql`workload > 0`))
    .addUniqueConstraint('business_devops_user_once', ['devops_id', 'user_id'])
    .execute();
  for (const table of ['business_devops_record', 'business_devops_user']) await enableTenantRls(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_devops_user').execute();
  await db.schema.dropTable('business_devops_record').execute();
}
