/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from './lib/v1';

// Issue 17 (archive room, continued; blade/modules/paper-archive/README.md): the log of signature printing (who stamped
// which file of which paper archive's application with the tenant's seal, when, and the stamped copy printed), and the
// file an electronic loan opened (business_archive_view_log.file_id: null for a view of the list).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('business_archive_print_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('archive_id', 'bigint', (c) => c.notNull())
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('stamped_file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('printed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index business_archive_print_log_archive on business_archive_print_log (tenant_id, archive_id, printed_at desc)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_archive_print_log');
  await db.schema.alterTable('business_archive_view_log').addColumn('file_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('business_archive_view_log').dropColumn('file_id').execute();
  await db.schema.dropTable('business_archive_print_log').ifExists().execute();
}
