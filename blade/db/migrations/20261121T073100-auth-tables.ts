/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per login; revoking it kills every access and refresh token issued under it.
  await db.schema
    .createTable('blade_auth_session')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'varchar(48)', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('role_id', 'bigint')
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('blade_auth_session_user')
    .on('blade_auth_session')
    .columns(['tenant_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('blade_refresh_token')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('session_id', 'bigint', (c) =>
      c.notNull().references('blade_auth_session.id').onDelete('cascade'),
    )
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('replaced_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('blade_refresh_token_session')
    .on('blade_refresh_token')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('blade_captcha')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_captcha_expires').on('blade_captcha').column('expires_at').execute();

  await db.schema
    .createTable('blade_login_failure')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('account', 'varchar(45)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addPrimaryKeyConstraint('blade_login_failure_pk', ['tenant_id', 'account', 'ip'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['blade_login_failure', 'blade_captcha', 'blade_refresh_token', 'blade_auth_session']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
