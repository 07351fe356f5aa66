/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 17 (part): paper archives (纸质档案, one per business application, registered by the archivist) and the
// borrowing of paper and electronic archives (档案借阅), with the log of every electronic view; all tenant-owned under
// RLS (blade/modules/paper-archive/README.md). What must hold whatever a writer does is here: one live paper archive per
// application and per archive number, the states and kinds, and above all that a paper file is lent to one borrower at a
// time — a partial unique index over the loans that are out (lent, not returned), so two concurrent lends of one file cannot both stand.

const KINDS = ['paper', 'electronic'];
const STATES = ['submitted', 'approved', 'rejected', 'on_loan', 'returned'];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_paper_archive'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('archive_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('page_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`page_count >= 0`),
    )
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_paper_archive_application on business_paper_archive (tenant_id, application_id)
    where is_deleted = 0`.execute(db);
  await sql`create unique index business_paper_archive_no on business_paper_archive (tenant_id, archive_no)
    where is_deleted = 0`.execute(db);
  await sql`create index business_paper_archive_list on business_paper_archive (tenant_id, create_time desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_paper_archive');

  await auditColumns(db.schema.createTable('business_archive_borrowing'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull().check(sql`kind in (${inList(KINDS)})`))
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    // The paper file lent (paper loans only).
    .addColumn('archive_id', 'bigint')
    .addColumn('borrower_id', 'bigint', (c) => c.notNull())
    .addColumn('purpose', 'varchar(500)', (c) => c.notNull())
    .addColumn('due_date', 'date')
    .addColumn('view_days', 'integer')
    .addColumn('borrow_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('submitted')
        .check(sql`borrow_state in (${inList(STATES)})`),
    )
    .addColumn('approver_id', 'bigint')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approve_remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('view_until', 'timestamptz')
    .addColumn('lent_by', 'bigint')
    .addColumn('lent_at', 'timestamptz')
    .addColumn('returned_by', 'bigint')
    .addColumn('returned_at', 'timestamptz')
    .addColumn('return_remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table business_archive_borrowing add constraint business_archive_borrowing_kind_fields
    check ((kind = 'paper' and archive_id is not null and due_date is not null)
        or (kind = 'electronic' and view_days is not null and view_days between 1 and 30))`.execute(db);
  // A loan is out from its lending (lent_at) to its return (returned_at): at most one per paper file. The lending
  // writes lent_at after the state change, so a lost race answers in words (modules/paper-archive).
  await sql`create unique index business_archive_borrowing_one_loan on business_archive_borrowing (archive_id)
    where kind = 'paper' and lent_at is not null and returned_at is null and is_deleted = 0`.execute(db);
  await sql`create index business_archive_borrowing_list on business_archive_borrowing (tenant_id, kind, create_time desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_archive_borrowing');

  await db.schema
    .createTable('business_archive_view_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('borrowing_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index business_archive_view_log_borrowing on business_archive_view_log (tenant_id, borrowing_id)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_archive_view_log');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_archive_view_log').ifExists().execute();
  await db.schema.dropTable('business_archive_borrowing').ifExists().execute();
  await db.schema.dropTable('business_paper_archive').ifExists().execute();
}
