/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// The institute's teams and their members, and the messages staff send to chosen users
// (blade/modules/business/teams-messages.md). A team name names one live team of the tenant and a user is a live
// member of a team at most once, also when two people save at once. A message's copies in the recipients' notices are
// ordinary blade_message rows; business_message_delivery links each to its message, so an edit or a delete reaches
// exactly the copies it wrote.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_team'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('team_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('leader_id', 'bigint', (c) => c.notNull())
    .addColumn('dept_id', 'bigint')
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_team_name on business_team (tenant_id, team_name)
    where is_deleted = 0`.execute(db);

  await auditColumns(db.schema.createTable('business_team_user'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('team_role', 'varchar(1)', (c) => c.notNull().defaultTo('2'))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_team_user_member on business_team_user (tenant_id, team_id, user_id)
    where is_deleted = 0`.execute(db);

  await auditColumns(db.schema.createTable('business_message'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`category between 1 and 3`),
    )
    .addColumn('recipient_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  // The list is the caller's sent messages.
  await db.schema
    .createIndex('business_message_sender')
    .on('business_message')
    .columns(['tenant_id', 'create_user'])
    .execute();

  await db.schema
    .createTable('business_message_delivery')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    /** The recipient's copy (blade_message.id). */
    .addColumn('notice_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('business_message_delivery_message')
    .on('business_message_delivery')
    .columns(['message_id'])
    .execute();

  for (const table of [
    'business_team',
    'business_team_user',
    'business_message',
    'business_message_delivery',
  ])
    await enableTenantRls(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'business_message_delivery',
    'business_message',
    'business_team_user',
    'business_team',
  ])
    await db.schema.dropTable(table).execute();
}
