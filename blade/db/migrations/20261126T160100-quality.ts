/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { addPages, addTenantRoles, grantMenus, liveMenus } from './lib/menus-v1';
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

// The pages as lib/contracts/quality/quality.ts declares them today (a migration never imports application code). On a
// database made before them, start-up would add them only after the migrations; the grants need them now.
const PAGES = [
  {
    parent: 'application_center',
    code: 'my_complaint',
    name: '我的投诉',
    path: '/application/myComplaint',
    source: 'feedback',
    sort: 3,
    buttons: [{ code: 'complaint_apply', name: '投诉', alias: 'complain', action: 1 }],
  },
  {
    parent: 'application_center',
    code: 'my_survey',
    name: '满意度调查',
    path: '/application/mySurvey',
    source: 'star_rate',
    sort: 4,
    buttons: [],
  },
  {
    parent: 'business_management',
    code: 'complaint',
    name: '投诉处理',
    path: '/businessManagement/complaint',
    source: 'support_agent',
    sort: 20,
    buttons: [
      { code: 'complaint_acknowledge', name: '受理投诉', alias: 'acknowledge', action: 2 },
      { code: 'complaint_assign', name: '指派处理人', alias: 'assign', action: 2 },
      { code: 'complaint_handle', name: '调查答复', alias: 'handle', action: 2 },
      { code: 'complaint_close', name: '结案', alias: 'close', action: 2 },
    ],
  },
  {
    parent: 'business_management',
    code: 'survey',
    name: '满意度调查',
    path: '/businessManagement/survey',
    source: 'insights',
    sort: 21,
    buttons: [],
  },
];
const CUSTOMER_CODES = ['my_complaint', 'complaint_apply', 'my_survey'];
const QUALITY_CODES = [
  'business_management',
  'complaint',
  'survey',
  'complaint_acknowledge',
  'complaint_assign',
  'complaint_handle',
  'complaint_close',
];

/**
 * An existing database: the pages and buttons (a code that exists, even deleted, is left alone), the customer pages
 * granted to every customer role, new rows to the platform administrator (as start-up gives them), and each tenant's
 * 质量负责人 role (alias quality_manager) with the staff pages where the tenant has every menu (no package). A fresh
 * database has no menus yet: the seed, start-up and provisioning do all this.
 */
export async function menusAndRoles(db: Kysely<any>): Promise<void> {
  const { made } = await addPages(db, PAGES);
  // Every live row of the codes, even one whose page or group is deleted: the grants as first written.
  const customerMenus = (await liveMenus(db, CUSTOMER_CODES)).map((m) => m.id);
  const qualityMenus = (await liveMenus(db, QUALITY_CODES)).map((m) => m.id);
  await grantMenus(db, customerMenus, () => ['customer']);
  await grantMenus(db, made, ({ tenantId }) => (tenantId === '000000' ? ['administrator'] : []));
  await addTenantRoles(db, [{ alias: 'quality_manager', name: '质量负责人', sort: 60, menus: qualityMenus }]);
}

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
  await menusAndRoles(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menus, grants and roles stay: they are the administrators' data once made (as the start-up's additions).
  await db.schema.dropTable('business_satisfaction_survey').ifExists().execute();
  await db.schema.dropTable('business_survey_item').ifExists().execute();
  await db.schema.dropTable('business_complaint').ifExists().execute();
}
