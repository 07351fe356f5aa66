/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// BaseEntity columns (contract §8.1). Kept local: a migration never changes once released.
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

export async function up(db: Kysely<any>): Promise<void> {
  await audit(db.schema.createTable('blade_tenant'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('tenant_name', text(50), (c) => c.notNull())
    .addColumn('domain', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('background_url', text(1000), (c) => c.notNull().defaultTo(''))
    .addColumn('linkman', text(20), (c) => c.notNull().defaultTo(''))
    .addColumn('contact_number', text(20), (c) => c.notNull().defaultTo(''))
    .addColumn('address', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('account_number', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('expire_time', 'timestamptz')
    .addColumn('package_id', 'bigint')
    .execute();
  await sql`create unique index blade_tenant_tenant_id on blade_tenant (tenant_id) where is_deleted = 0`.execute(
    db,
  );

  await audit(db.schema.createTable('blade_user'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('code', text(12), (c) => c.notNull().defaultTo(''))
    .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('account', text(45), (c) => c.notNull())
    .addColumn('password', text(255), (c) => c.notNull())
    .addColumn('name', text(20), (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', text(10), (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', text(2000), (c) => c.notNull().defaultTo(''))
    .addColumn('email', text(45), (c) => c.notNull().defaultTo(''))
    .addColumn('phone', text(45), (c) => c.notNull().defaultTo(''))
    .addColumn('birthday', 'timestamptz')
    .addColumn('sex', 'smallint')
    .addColumn('role_id', text(1000), (c) => c.notNull().defaultTo(''))
    .addColumn('dept_id', text(1000), (c) => c.notNull().defaultTo(''))
    .addColumn('post_id', text(1000), (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index blade_user_account on blade_user (tenant_id, account) where is_deleted = 0`.execute(
    db,
  );

  await db.schema
    .createTable('blade_role')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('role_name', text(255), (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('role_alias', text(255), (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('blade_role_tenant').on('blade_role').column('tenant_id').execute();

  await db.schema
    .createTable('blade_dept')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ancestors', text(2000), (c) => c.notNull().defaultTo('0'))
    .addColumn('dept_category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dept_name', text(45), (c) => c.notNull())
    .addColumn('full_name', text(45), (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('blade_dept_tenant').on('blade_dept').column('tenant_id').execute();

  await audit(db.schema.createTable('blade_post'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('post_code', text(12), (c) => c.notNull())
    .addColumn('post_name', text(64), (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', text(255), (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('blade_post_tenant').on('blade_post').column('tenant_id').execute();

  await db.schema
    .createTable('blade_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('code', text(255), (c) => c.notNull())
    .addColumn('name', text(255), (c) => c.notNull())
    .addColumn('alias', text(255), (c) => c.notNull().defaultTo('menu'))
    .addColumn('path', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('source', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('blade_role_menu')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blade_role_menu_pair', ['role_id', 'menu_id'])
    .execute();

  await audit(db.schema.createTable('blade_top_menu'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('code', text(255), (c) => c.notNull())
    .addColumn('name', text(255), (c) => c.notNull())
    .addColumn('source', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('path', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('blade_top_menu_setting')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('top_menu_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('blade_top_menu_setting_pair', ['top_menu_id', 'menu_id'])
    .execute();

  for (const table of ['blade_dict', 'blade_dict_biz']) {
    let builder = db.schema.createTable(table).addColumn('id', 'bigint', (c) => c.primaryKey());
    if (table === 'blade_dict_biz') builder = builder.addColumn('tenant_id', text(12), (c) => c.notNull());
    await builder
      .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('code', text(255), (c) => c.notNull())
      .addColumn('dict_key', text(255), (c) => c.notNull())
      .addColumn('dict_value', text(255), (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', text(255), (c) => c.notNull().defaultTo(''))
      .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_code`).on(table).column('code').execute();
  }

  await audit(db.schema.createTable('blade_param'))
    .addColumn('param_name', text(255), (c) => c.notNull())
    .addColumn('param_key', text(255), (c) => c.notNull())
    .addColumn('param_value', text(2000), (c) => c.notNull().defaultTo(''))
    .addColumn('remark', text(255), (c) => c.notNull().defaultTo(''))
    .execute();

  await audit(db.schema.createTable('blade_client'))
    .addColumn('client_id', text(48), (c) => c.notNull())
    .addColumn('client_secret', text(256), (c) => c.notNull())
    .addColumn('resource_ids', text(256), (c) => c.notNull().defaultTo(''))
    .addColumn('scope', text(256), (c) => c.notNull().defaultTo('all'))
    .addColumn('authorized_grant_types', text(256), (c) =>
      c.notNull().defaultTo('captcha,password,refresh_token'),
    )
    .addColumn('web_server_redirect_uri', text(256), (c) => c.notNull().defaultTo(''))
    .addColumn('authorities', text(256), (c) => c.notNull().defaultTo(''))
    .addColumn('access_token_validity', 'integer', (c) => c.notNull())
    .addColumn('refresh_token_validity', 'integer', (c) => c.notNull())
    .addColumn('additional_information', text(4096), (c) => c.notNull().defaultTo(''))
    .addColumn('autoapprove', text(256), (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index blade_client_client_id on blade_client (client_id) where is_deleted = 0`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'blade_client',
    'blade_param',
    'blade_dict_biz',
    'blade_dict',
    'blade_top_menu_setting',
    'blade_top_menu',
    'blade_role_menu',
    'blade_menu',
    'blade_post',
    'blade_dept',
    'blade_role',
    'blade_user',
    'blade_tenant',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
