/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 17 (notes, blade/modules/notes/README.md): versions instead of last-writer-wins. Each note carries the number
// of its current content (`version`, 1 when made); a save names the version it was edited from and is refused when
// the note has moved on. The content a save replaces is kept in `business_note_version` (the last NOTE_VERSIONS_KEPT
// per note), tenant-owned under RLS. Catalogue shares need no column: `business_note_auth.note_id` names any node.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('business_note_tree')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await auditColumns(db.schema.createTable('business_note_version'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(content) <= 200000`),
    )
    // Who wrote that content and when (the note's update_user/update_time at the time), not who replaced it.
    .addColumn('written_by', 'bigint')
    .addColumn('written_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index business_note_version_number on business_note_version (note_id, version)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_note_version');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_note_version').ifExists().execute();
  await db.schema.alterTable('business_note_tree').dropColumn('version').execute();
}
