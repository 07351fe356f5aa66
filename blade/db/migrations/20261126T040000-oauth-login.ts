/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 14, SSO and social login (blade/modules/auth/sso.md): a tenant's login sources (an OpenID Connect provider
// found by discovery from its issuer, with the client registered there), and the state of each login begun, kept on
// the server so that it is single use and works across replicas. A guest session remembers the third-party account
// it stands for (auth session oauth_id), so user-info can hand it to the guest registration.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('blade_oauth_source'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('sso', 'social')`))
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(255)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('client_secret', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('scopes', 'varchar(255)', (c) => c.notNull().defaultTo('openid'))
    .addColumn('guest_account', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  // One live source per name in a tenant: the name is what the token call's `source` and the start call name.
  await sql`create unique index blade_oauth_source_name on blade_oauth_source (tenant_id, source)
    where is_deleted = 0`.execute(db);

  await db.schema
    .createTable('blade_oauth_state')
    .addColumn('state_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(2000)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('blade_oauth_state_expiry')
    .on('blade_oauth_state')
    .columns(['expires_at'])
    .execute();

  for (const table of ['blade_oauth_source', 'blade_oauth_state']) await enableTenantRls(db, table);

  await db.schema
    .alterTable('blade_auth_session')
    .addColumn('oauth_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blade_auth_session').dropColumn('oauth_id').execute();
  await db.schema.dropTable('blade_oauth_state').execute();
  await db.schema.dropTable('blade_oauth_source').execute();
}
