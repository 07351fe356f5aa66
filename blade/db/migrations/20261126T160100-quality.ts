/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 16 (quality): customer complaints with their case flow (lib/contracts/quality/machine.ts), the tenant's
// satisfaction-survey questions and the surveys sent when an application is issued. The rules that must hold under
// concurrency live here: one survey per application, case numbers unique per tenant, states checked.

const COMPLAINT_STATES = [
  'received',
  'acknowledged',
  'assigned',
  'investigating',
  'responded',
  'reopened',
  'confirmed',
  'closed',
];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_complaint'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('case_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('complaint')
        .check(sql`kind in ('complaint', 'appeal', 'dispute', 'survey_followup')`),
    )
    .addColumn('subject_type', 'varchar(16)', (c) =>
      c.notNull().check(sql`subject_type in ('application', 'certificate', 'service')`),
    )
    .addColumn('company_id', 'bigint')
    .addColumn('application_id', 'bigint')
    .addColumn('certificate_id', 'bigint')
    .addColumn('subject_user_id', 'bigint')
    .addColumn('survey_id', 'bigint')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('complaint_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('received')
        .check(sql`complaint_state in (${inList(COMPLAINT_STATES)})`),
    )
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ack_due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('respond_due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('handler_id', 'bigint')
    .addColumn('investigation', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    .addColumn('response', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    .addColumn('responded_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('customer_feedback', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_complaint_case_no on business_complaint (tenant_id, case_no)`.execute(
    db,
  );
  await sql`create index business_complaint_company on business_complaint (tenant_id, company_id, id)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_complaint');

  await auditColumns(db.schema.createTable('business_survey_item'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await enableTenantRls(db, 'business_survey_item');

  await auditColumns(db.schema.createTable('business_satisfaction_survey'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('survey_state', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('sent')
        .check(sql`survey_state in ('sent', 'answered')`),
    )
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('average', sql`numeric(3,2)`)
    .addColumn('comment', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_by', 'bigint')
    .addColumn('followup_id', 'bigint')
    .execute();
  // One survey per application: the issue step cannot send two, even when repeated or raced.
  await sql`create unique index business_satisfaction_survey_application on business_satisfaction_survey (tenant_id, application_id)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_satisfaction_survey');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('business_satisfaction_survey').ifExists().execute();
  await db.schema.dropTable('business_survey_item').ifExists().execute();
  await db.schema.dropTable('business_complaint').ifExists().execute();
}
