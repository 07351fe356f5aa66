/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// SECURITY 30: what a user sends that others read is bounded in rate (blade_rate_limit) and the notices it raises
// are grouped (blade_message.group_key), so that a flood of calls cannot become a flood of rows in every inbox.
export async function up(db: Kysely<any>): Promise<void> {
  // One fixed-window counter per tenant, kind of call and subject (a user id): one row each, reused forever.
  await db.schema
    .createTable('blade_rate_limit')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(64)', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_rate_limit_pk', ['tenant_id', 'bucket', 'subject'])
    .execute();
  const t = sql.table('blade_rate_limit');
  await sql`alter table ${t} enable row level security`.execute(db);
  await sql`alter table ${t} force row level security`.execute(db);
  await sql`create policy tenant_isolation on ${t}
    using (tenant_id = current_setting('app.tenant_id', true))
    with check (tenant_id = current_setting('app.tenant_id', true))`.execute(db);

  // A grouped notice collects the events of one kind for one recipient until it is read; the partial unique index
  // makes "at most one unread notice per recipient and group" a rule of the database, not of a check-then-insert.
  await db.schema.alterTable('blade_message').addColumn('group_key', 'varchar(64)').execute();
  await db.schema
    .alterTable('blade_message')
    .addColumn('group_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create unique index blade_message_group on blade_message (tenant_id, user_id, group_key)
    where group_key is not null and is_readed = 0 and is_deleted = 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists blade_message_group`.execute(db);
  await db.schema.alterTable('blade_message').dropColumn('group_count').execute();
  await db.schema.alterTable('blade_message').dropColumn('group_key').execute();
  await db.schema.dropTable('blade_rate_limit').ifExists().execute();
}
