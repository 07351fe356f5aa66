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

// Common columns of the three blade-log tables (contract §8.2).
function logColumns<T extends string>(table: CreateTableBuilder<T>) {
  return table
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('service_id', text(32), (c) => c.notNull().defaultTo(''))
    .addColumn('server_host', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('server_ip', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('env', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('method', text(10), (c) => c.notNull().defaultTo(''))
    .addColumn('request_uri', text(2000), (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', text(1000), (c) => c.notNull().defaultTo(''))
    .addColumn('remote_ip', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('method_class', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('method_name', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time', text(64), (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', text(64), (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

const TENANT_OWNED = [
  'blade_message',
  'blade_log_api',
  'blade_log_error',
  'blade_log_usual',
  'blade_user_oauth',
  'blade_email_binding',
];

export async function up(db: Kysely<any>): Promise<void> {
  // Notices of the top bar (spec: message page, detail, updateIsReadedList, selectCurrentNewMessage).
  await audit(db.schema.createTable('blade_message'))
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('title', text(255), (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender', text(64), (c) => c.notNull().defaultTo(''))
    .addColumn('is_readed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'timestamptz')
    .execute();
  await sql`create index blade_message_inbox on blade_message (tenant_id, user_id, is_readed, create_time desc)`.execute(
    db,
  );

  await logColumns(db.schema.createTable('blade_log_api'))
    .addColumn('type', text(1), (c) => c.notNull().defaultTo('1'))
    .addColumn('title', text(255), (c) => c.notNull().defaultTo(''))
    .execute();
  await logColumns(db.schema.createTable('blade_log_error'))
    .addColumn('stack_trace', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exception_name', text(255), (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('line_number', 'integer')
    .addColumn('file_name', text(1000), (c) => c.notNull().defaultTo(''))
    .execute();
  await logColumns(db.schema.createTable('blade_log_usual'))
    .addColumn('log_level', text(10), (c) => c.notNull().defaultTo(''))
    .addColumn('log_id', text(100), (c) => c.notNull().defaultTo(''))
    .addColumn('log_data', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual']) {
    await sql`create index ${sql.id(`${table}_time`)} on ${sql.table(table)} (tenant_id, create_time)`.execute(
      db,
    );
  }

  // Third-party accounts bound to users (guest registration).
  await db.schema
    .createTable('blade_user_oauth')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('uuid', text(64), (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('source', text(32), (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index blade_user_oauth_uuid on blade_user_oauth (tenant_id, uuid)`.execute(db);

  // Pending e-mail bindings: only a hash of the link key is kept.
  await db.schema
    .createTable('blade_email_binding')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', text(12), (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('email', text(45), (c) => c.notNull())
    .addColumn('key_hash', text(64), (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index blade_email_binding_key on blade_email_binding (tenant_id, key_hash)`.execute(
    db,
  );

  // Same policy as the earlier row-level-security migration.
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
  for (const table of [...TENANT_OWNED].reverse()) await db.schema.dropTable(table).ifExists().execute();
}
