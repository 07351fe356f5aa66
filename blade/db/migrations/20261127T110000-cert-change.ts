/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 16: certificate changes (证书变更, DOMAIN §3) and certificate versions. A change is reissued under the same
// certificate number as a new version; the rules that must hold whatever a writer does live here:
// - one open change per certificate number (a partial unique index over the open states);
// - one current version per certificate number (a partial unique index over the rows nobody superseded);
// - change numbers unique per tenant; states the module's (blade/modules/cert-change/README.md).

const CHANGE_STATES = ['draft', 'submitted', 'returned', 'accepted', 'evaluation', 'rejected', 'reissued'];
const OPEN_STATES = ['draft', 'submitted', 'returned', 'accepted', 'evaluation'];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  // Versions: the addresses a change may alter, and which later version replaced this one (null: the current one).
  await sql`alter table business_certificate
    add column holder_address varchar(200) not null default '',
    add column manufacturer_address varchar(200) not null default '',
    add column factory_address varchar(200) not null default '',
    add column superseded_by bigint,
    add column superseded_at timestamptz`.execute(db);
  await sql`create unique index business_certificate_current on business_certificate (tenant_id, cert_number)
    where superseded_by is null and is_deleted = 0`.execute(db);
  await backfillAddresses(db);

  await auditColumns(db.schema.createTable('business_cert_change'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('change_no', 'varchar(32)')
    .addColumn('scheme', 'varchar(8)', (c) => c.notNull().check(sql`scheme in ('ccc', 'cqst')`))
    .addColumn('certificate_id', 'bigint', (c) => c.notNull())
    .addColumn('cert_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('cert_version', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('change_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('before_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('after_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('needs_test', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_factory_visit', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('change_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`change_state in (${inList(CHANGE_STATES)})`),
    )
    .addColumn('return_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('accepted_by', 'bigint')
    .addColumn('evaluated_by', 'bigint')
    .addColumn('decided_by', 'bigint')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('new_certificate_id', 'bigint')
    .execute();
  await sql`create unique index business_cert_change_no on business_cert_change (tenant_id, change_no)
    where change_no is not null`.execute(db);
  await sql`create unique index business_cert_change_open on business_cert_change (tenant_id, cert_number)
    where is_deleted = 0 and change_state in (${inList(OPEN_STATES)})`.execute(db);
  await sql`create index business_cert_change_company on business_cert_change (tenant_id, company_id, id desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_cert_change');
  await addMenus(db);
}

// Certificates issued before this migration get the addresses their application had (issueCertificate copies them
// from now on). Tenant by tenant: the tables are under forced row-level security.
async function backfillAddresses(db: Kysely<any>): Promise<void> {
  const tenants = (await db.selectFrom('blade_tenant').select('tenant_id').execute()) as Array<{
    tenant_id: string;
  }>;
  for (const { tenant_id } of tenants) {
    await sql`select set_config('app.tenant_id', ${tenant_id}, true)`.execute(db);
    await sql`update business_certificate c
      set holder_address = a.applicant_address, manufacturer_address = a.manufacturer_address,
          factory_address = a.factory_address
      from business_application a
      where a.id = c.application_id and a.tenant_id = c.tenant_id and c.tenant_id = ${tenant_id}`.execute(db);
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

// The staff page (declared in lib/contracts/cert-change/cert-change.ts) on a database that has menus already, as the
// payment migration does: the rows as declared now, the platform administrator (and unpackaged tenants' admins) get
// them, and the tenants' staff roles (modules/application/staff-roles.ts, by alias) get the page and their buttons:
// the clerk accepts and returns, the evaluator evaluates, the decider approves and rejects. A fresh database has no
// menus yet: start-up and provisioning (ensureStaffRoles) bring them.
const STAFF_PAGE = {
  code: 'cert_change',
  name: '证书变更管理',
  path: '/businessManagement/certChange',
  source: 'published_with_changes',
  parent: 'business_management',
  sort: 9,
};
const BUTTONS = [
  { code: 'cert_change_accept', name: '受理变更', alias: 'accept', role: 'application_accept' },
  { code: 'cert_change_return', name: '退回变更', alias: 'return', role: 'application_accept' },
  { code: 'cert_change_evaluate', name: '变更评定', alias: 'evaluate', role: 'application_evaluate' },
  { code: 'cert_change_approve', name: '批准变更', alias: 'approve', role: 'application_decide' },
  { code: 'cert_change_reject', name: '不予变更', alias: 'reject', role: 'application_decide' },
];
const ROLES = ['application_accept', 'application_evaluate', 'application_decide'];

// Ids in the application's snowflake layout (core/ids.ts), kept local: a migration never imports application code.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let sequence = 0n;
function newId(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - EPOCH) << 22n) | (WORKER << 12n) | (sequence & 0xfffn)).toString();
}

async function menuRow(db: Kysely<any>, code: string) {
  return db.selectFrom('blade_menu').select(['id', 'is_deleted']).where('code', '=', code).executeTakeFirst();
}

async function addMenu(
  db: Kysely<any>,
  row: Record<string, unknown>,
  made: string[],
): Promise<string | undefined> {
  const found = await menuRow(db, row.code as string);
  if (found) return found.is_deleted === 0 ? String(found.id) : undefined;
  const id = newId();
  await db
    .insertInto('blade_menu')
    .values({ id, remark: '', ...row })
    .execute();
  made.push(id);
  return id;
}

async function grantMenus(db: Kysely<any>, tenantId: string, roleIds: string[], menuIds: string[]) {
  const rows = roleIds.flatMap((roleId) =>
    menuIds.map((menuId) => ({ id: newId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
  );
  if (rows.length)
    await db
      .insertInto('blade_role_menu')
      .values(rows)
      .onConflict((oc: any) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
}

export async function addMenus(db: Kysely<any>): Promise<void> {
  const group = await menuRow(db, STAFF_PAGE.parent);
  if (!group || group.is_deleted !== 0) return;
  const made: string[] = [];
  const { parent: _parent, ...fields } = STAFF_PAGE;
  const page = await addMenu(
    db,
    { ...fields, parent_id: String(group.id), alias: 'menu', category: 1, action: 0 },
    made,
  );
  if (!page) return;
  const buttons = new Map<string, string>();
  for (const [i, b] of BUTTONS.entries()) {
    const id = await addMenu(
      db,
      {
        code: b.code,
        name: b.name,
        alias: b.alias,
        path: `${STAFF_PAGE.path}/${b.alias}`,
        source: '',
        parent_id: page,
        sort: i + 1,
        category: 2,
        action: 2,
      },
      made,
    );
    if (id) buttons.set(b.code, id);
  }
  const tenants = (await db
    .selectFrom('blade_tenant')
    .select(['tenant_id', 'package_id'])
    .where('is_deleted', '=', 0)
    .execute()) as Array<{ tenant_id: string; package_id: string | null }>;
  for (const tenant of tenants) {
    await sql`select set_config('app.tenant_id', ${tenant.tenant_id}, true)`.execute(db);
    const roles = (await db
      .selectFrom('blade_role')
      .select(['id', 'role_alias'])
      .where('tenant_id', '=', tenant.tenant_id)
      .where('is_deleted', '=', 0)
      .execute()) as Array<{ id: string; role_alias: string }>;
    const ids = (alias: string) => roles.filter((r) => r.role_alias === alias).map((r) => String(r.id));
    const everyMenu = tenant.tenant_id === '000000' || !tenant.package_id;
    if (everyMenu)
      await grantMenus(
        db,
        tenant.tenant_id,
        ids(tenant.tenant_id === '000000' ? 'administrator' : 'admin'),
        made,
      );
    // A packaged tenant gets the page through its package; its staff roles get the buttons once the page is theirs.
    if (!everyMenu) continue;
    for (const alias of ROLES) {
      const mine = BUTTONS.filter((b) => b.role === alias)
        .map((b) => buttons.get(b.code))
        .filter((id): id is string => id !== undefined);
      await grantMenus(db, tenant.tenant_id, ids(alias), [String(group.id), page, ...mine]);
    }
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
  await db.schema.dropTable('business_cert_change').ifExists().execute();
  await sql`drop index if exists business_certificate_current`.execute(db);
  await sql`alter table business_certificate
    drop column if exists holder_address, drop column if exists manufacturer_address,
    drop column if exists factory_address, drop column if exists superseded_by,
    drop column if exists superseded_at`.execute(db);
}
