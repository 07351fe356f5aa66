/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Identity and access (issue 4): data and API scopes and their role grants, tenant packages, post-role assignment,
// the tenant's datasource, and the indexes the user page and the permission checks need.
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

const TENANT_OWNED = ['blade_role_scope', 'blade_post_role', 'blade_dept_external_user'];

export async function up(db: Kysely<any>): Promise<void> {
  // Global (platform) configuration: which rows a resource's list shows, and which calls need an API scope.
  await audit(db.schema.createTable('blade_scope_data'))
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('resource_code', text(255), (c) => c.notNull())
    .addColumn('scope_name', text(255), (c) => c.notNull())
    .addColumn('scope_field', text(255), empty)
    .addColumn('scope_class', text(500), empty)
    .addColumn('scope_column', text(255), empty)
    .addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('scope_value', text(2000), empty)
    .addColumn('remark', text(255), empty)
    .execute();
  await db.schema.createIndex('blade_scope_data_menu').on('blade_scope_data').column('menu_id').execute();

  await audit(db.schema.createTable('blade_scope_api'))
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('resource_code', text(255), (c) => c.notNull())
    .addColumn('scope_name', text(255), (c) => c.notNull())
    .addColumn('scope_path', text(255), (c) => c.notNull())
    .addColumn('scope_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', text(255), empty)
    .execute();
  await db.schema.createIndex('blade_scope_api_menu').on('blade_scope_api').column('menu_id').execute();

  // A role's data scopes (scope_category 1) and API scopes (2).
  await db.schema
    .createTable('blade_role_scope')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blade_role_scope_triple', ['role_id', 'scope_category', 'scope_id'])
    .execute();

  // Menu sets a new tenant is provisioned with; menu_id is the comma-joined list the screen sends.
  await audit(db.schema.createTable('blade_tenant_package'))
    .addColumn('package_name', text(50), (c) => c.notNull())
    .addColumn('menu_id', 'text', empty)
    .addColumn('remark', text(255), empty)
    .execute();

  // Roles that come with a post.
  await db.schema
    .createTable('blade_post_role')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('post_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('blade_post_role_pair', ['post_id', 'role_id'])
    .execute();

  // External users (user_type 4) attached to a department's laboratory.
  await db.schema
    .createTable('blade_dept_external_user')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('dept_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('blade_dept_external_user_pair', ['dept_id', 'user_id'])
    .execute();

  await db.schema.alterTable('blade_tenant').addColumn('datasource_id', 'bigint').execute();
  // The user's platform extension (`user/update-platform`), free text the platform screen edits.
  await db.schema.alterTable('blade_user').addColumn('user_ext', text(2000), empty).execute();

  // The user page: live users of a tenant in id order, and "users of these depts" over the comma-joined dept_id.
  await sql`create index blade_user_page on blade_user (tenant_id, id) where is_deleted = 0`.execute(db);
  await sql`create index blade_user_depts on blade_user using gin (string_to_array(dept_id, ',')) where is_deleted = 0`.execute(
    db,
  );
  // Button-code checks look menus up by code.
  await db.schema.createIndex('blade_menu_code').on('blade_menu').column('code').execute();

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
  await db.schema.dropIndex('blade_menu_code').ifExists().execute();
  await db.schema.dropIndex('blade_user_depts').ifExists().execute();
  await db.schema.dropIndex('blade_user_page').ifExists().execute();
  await db.schema.alterTable('blade_tenant').dropColumn('datasource_id').execute();
  await db.schema.alterTable('blade_user').dropColumn('user_ext').execute();
  for (const table of [
    'blade_dept_external_user',
    'blade_post_role',
    'blade_tenant_package',
    'blade_role_scope',
    'blade_scope_api',
    'blade_scope_data',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
