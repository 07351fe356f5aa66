/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 14: a tenant's own mail server (邮件配置), of which one at most is enabled (status 2, like the SMS and object
// storage configurations). Without an enabled one, the deployment's SMTP_URL sends the tenant's mail, if it is set.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('blade_mail'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('mail_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().check(sql`port between 1 and 65535`))
    .addColumn('secure', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('username', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('from_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('from_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index blade_mail_code on blade_mail (tenant_id, mail_code) where is_deleted = 0`.execute(
    db,
  );
  await sql`create unique index blade_mail_enabled on blade_mail (tenant_id) where is_deleted = 0 and status = 2`.execute(
    db,
  );
  await enableTenantRls(db, 'blade_mail');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blade_mail').execute();
}
