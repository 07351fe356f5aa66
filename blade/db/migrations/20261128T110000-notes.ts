/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 17 (part): notes (笔记, blade/modules/notes/README.md). One tree per user of catalogues and notes (the note's
// sanitised HTML on its row), and the shares of a note with users and departments, read or edit. Both tenant-owned
// under RLS. The menus of an existing database: 20261128T110100-notes-menus.

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_note_tree'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    // 0: the owner's root.
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('node_type', 'varchar(8)', (c) => c.notNull().check(sql`node_type in ('catalog', 'note')`))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(content) <= 200000`),
    )
    .execute();
  await sql`alter table business_note_tree add constraint business_note_tree_not_own_parent
    check (parent_id <> id)`.execute(db);
  await sql`create index business_note_tree_children on business_note_tree (tenant_id, owner_id, parent_id, sort)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_note_tree');

  await auditColumns(db.schema.createTable('business_note_auth'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    .addColumn('target_type', 'varchar(8)', (c) => c.notNull().check(sql`target_type in ('user', 'dept')`))
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('authority', 'varchar(8)', (c) => c.notNull().check(sql`authority in ('read', 'edit')`))
    .execute();
  await sql`create unique index business_note_auth_target on business_note_auth (note_id, target_type, target_id)
    where is_deleted = 0`.execute(db);
  await sql`create index business_note_auth_by_target on business_note_auth (tenant_id, target_type, target_id)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_note_auth');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_note_auth').ifExists().execute();
  await db.schema.dropTable('business_note_tree').ifExists().execute();
}
