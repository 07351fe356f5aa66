/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
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

// Ids in the application's snowflake layout (core/ids.ts), kept local.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
function newId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

async function menuOf(db: Kysely<any>, code: string) {
  return db.selectFrom('blade_menu').select(['id', 'is_deleted']).where('code', '=', code).executeTakeFirst();
}

/**
 * An existing database: the pages and buttons (a code that exists, even deleted, is left alone), the customer pages
 * granted to every customer role, new rows to the platform administrator (as start-up gives them), and each tenant's
 * 质量负责人 role (alias quality_manager) with the staff pages where the tenant has every menu (no package). A fresh
 * database has no menus yet: the seed, start-up and provisioning do all this.
 */
export async function menusAndRoles(db: Kysely<any>): Promise<void> {
  if (!(await db.selectFrom('blade_menu').select('id').limit(1).executeTakeFirst())) return;
  const made: string[] = [];
  const add = async (row: Record<string, unknown>) => {
    const id = newId();
    await db
      .insertInto('blade_menu')
      .values({ id, remark: '', alias: 'menu', category: 1, action: 0, ...row })
      .execute();
    made.push(id);
    return id;
  };
  for (const page of PAGES) {
    const parent = await menuOf(db, page.parent);
    if (!parent || parent.is_deleted !== 0) continue;
    let row = await menuOf(db, page.code);
    if (!row) {
      const { buttons: _buttons, parent: _parent, ...fields } = page;
      row = { id: await add({ ...fields, parent_id: String(parent.id) }), is_deleted: 0 };
    }
    if (row.is_deleted !== 0) continue;
    for (const [i, b] of page.buttons.entries())
      if (!(await menuOf(db, b.code)))
        await add({
          parent_id: String(row.id),
          code: b.code,
          name: b.name,
          alias: b.alias,
          path: `${page.path}/${b.alias}`,
          source: '',
          sort: i + 1,
          category: 2,
          action: b.action,
        });
  }
  const live = async (codes: string[]) =>
    (
      (await db
        .selectFrom('blade_menu')
        .select('id')
        .where('code', 'in', codes)
        .where('is_deleted', '=', 0)
        .execute()) as Array<{ id: string }>
    ).map((m) => String(m.id));
  const customerMenus = await live(CUSTOMER_CODES);
  const qualityMenus = await live(QUALITY_CODES);
  const tenants = (await db
    .selectFrom('blade_tenant')
    .select(['tenant_id', 'package_id'])
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ tenant_id: string; package_id: string | null }>;
  for (const tenant of tenants) {
    await sql`select set_config('app.tenant_id', ${tenant.tenant_id}, true)`.execute(db);
    const grant = async (roleId: string, menuIds: string[]) => {
      if (menuIds.length)
        await db
          .insertInto('blade_role_menu')
          .values(
            menuIds.map((m) => ({ id: newId(), tenant_id: tenant.tenant_id, role_id: roleId, menu_id: m })),
          )
          .onConflict((oc: any) => oc.columns(['role_id', 'menu_id']).doNothing())
          .execute();
    };
    const roles = (await db
      .selectFrom('blade_role')
      .select(['id', 'role_alias'])
      .where('tenant_id', '=', tenant.tenant_id)
      .where('is_deleted', '=', 0)
      .execute()) as Array<{ id: string; role_alias: string }>;
    for (const role of roles) {
      if (role.role_alias === 'customer') await grant(String(role.id), customerMenus);
      if (tenant.tenant_id === '000000' && role.role_alias === 'administrator')
        await grant(String(role.id), made);
    }
    if (!roles.some((r) => r.role_alias === 'quality_manager')) {
      const roleId = newId();
      await db
        .insertInto('blade_role')
        .values({
          id: roleId,
          tenant_id: tenant.tenant_id,
          role_name: '质量负责人',
          role_alias: 'quality_manager',
          sort: 60,
        })
        .execute();
      if (tenant.tenant_id === '000000' || !tenant.package_id) await grant(roleId, qualityMenus);
    }
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
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
