/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// BaseEntity columns (contract §8.1) with the tenant; kept local because a migration never changes once released.
function audit<T extends string>(table: CreateTableBuilder<T>, idType: 'bigint' | 'varchar(32)' = 'bigint') {
  return table
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
}

const flag = (name: string, value: number) =>
  [name, 'integer', (c: any) => c.notNull().defaultTo(value)] as const;

const TABLES = [
  'blade_file',
  'blade_file_function',
  'blade_file_catalog',
  'blade_file_preset',
  'blade_file_catalog_using',
  'blade_file_missing',
  'blade_file_history',
];

export async function up(db: Kysely<any>): Promise<void> {
  // One stored object. The id is 32 hex characters (spec: a 32-long avatar value is a file id); archive fields are
  // null for plain uploads (avatars, attachments).
  await audit(db.schema.createTable('blade_file'), 'varchar(32)')
    .addColumn('storage', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('original_filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('suffix', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('function_code', 'varchar(64)')
    .addColumn('data_id', 'varchar(64)')
    .addColumn('file_catalog_id', 'bigint')
    .addColumn('node_path', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('is_saved', 1))
    .addColumn(...flag('has_problem', 0))
    .addColumn('problem_remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('is_stamped', 0))
    .addColumn(...flag('stamped_not_saved', 0))
    .addColumn('stamped_file_id', 'varchar(32)')
    .addColumn('source_file_id', 'varchar(32)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('file'))
    .execute();
  await sql`create index blade_file_record on blade_file (tenant_id, data_id, function_code, file_catalog_id)
    where is_deleted = 0`.execute(db);
  await sql`create index blade_file_source on blade_file (tenant_id, source_file_id) where source_file_id is not null`.execute(
    db,
  );

  await audit(db.schema.createTable('blade_file_function'))
    .addColumn('function_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('function_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('use_position', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('is_hidden', 0))
    .execute();
  await sql`create unique index blade_file_function_code on blade_file_function (tenant_id, function_code)
    where is_deleted = 0`.execute(db);

  // The catalogue library: a tree of node templates with their default rules.
  await audit(db.schema.createTable('blade_file_catalog'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('node_path', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('catalog_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('catalog_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_node_prop', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_node_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('can_add_app_node', 0))
    .addColumn(...flag('can_upload', 1))
    .addColumn(...flag('must_upload', 0))
    .addColumn(...flag('can_cover', 0))
    .addColumn(...flag('can_download', 1))
    .addColumn(...flag('can_view', 1))
    .addColumn(...flag('can_del', 1))
    .addColumn(...flag('can_multi_upload', 0))
    .addColumn(...flag('max_file_size', 0))
    .addColumn(...flag('need_stamped', 0))
    .addColumn(...flag('sort', 0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index blade_file_catalog_parent on blade_file_catalog (tenant_id, parent_id) where is_deleted = 0`.execute(
    db,
  );

  // A function's preset: which catalogue subtrees its records get, with rules that override the templates'.
  await audit(db.schema.createTable('blade_file_preset'))
    .addColumn('function_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_catalog_id', 'bigint', (c) => c.notNull())
    .addColumn('can_add_app_node', 'integer')
    .addColumn('can_upload', 'integer')
    .addColumn('must_upload', 'integer')
    .addColumn('can_cover', 'integer')
    .addColumn('can_download', 'integer')
    .addColumn('can_view', 'integer')
    .addColumn('can_del', 'integer')
    .addColumn('can_multi_upload', 'integer')
    .addColumn('max_file_size', 'integer')
    .addColumn('need_stamped', 'integer')
    .addColumn(...flag('sort', 0))
    .execute();
  await sql`create unique index blade_file_preset_node on blade_file_preset (tenant_id, function_code, file_catalog_id)
    where is_deleted = 0`.execute(db);

  // Per-record changes to the tree: nodes added under a node that allows it, renames, remarks, removals.
  await audit(db.schema.createTable('blade_file_catalog_using'))
    .addColumn('function_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('catalog_id', 'bigint')
    .addColumn('parent_id', 'bigint')
    .addColumn('node_path', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('catalog_name', 'varchar(200)')
    .addColumn('remark', 'varchar(500)')
    .addColumn(...flag('is_removed', 0))
    .execute();
  await sql`create index blade_file_catalog_using_record on blade_file_catalog_using (tenant_id, data_id, function_code)
    where is_deleted = 0`.execute(db);

  await db.schema
    .createTable('blade_file_missing')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('business_type', 'integer', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_catalog_id', 'bigint', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index blade_file_missing_node on blade_file_missing
    (tenant_id, business_type, data_id, file_catalog_id)`.execute(db);

  await db.schema
    .createTable('blade_file_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)')
    .addColumn('data_id', 'varchar(64)')
    .addColumn('file_catalog_id', 'bigint')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('detail', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'bigint')
    .addColumn('account', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index blade_file_history_file on blade_file_history (tenant_id, file_id, create_time)`.execute(
    db,
  );
  await sql`create index blade_file_history_node on blade_file_history (tenant_id, data_id, file_catalog_id)`.execute(
    db,
  );

  for (const table of TABLES) {
    const t = sql.table(table);
    await sql`alter table ${t} enable row level security`.execute(db);
    await sql`alter table ${t} force row level security`.execute(db);
    await sql`create policy tenant_isolation on ${t}
      using (tenant_id = current_setting('app.tenant_id', true))
      with check (tenant_id = current_setting('app.tenant_id', true))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute();
}
