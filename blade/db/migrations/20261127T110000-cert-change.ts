/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { ADMINISTRATORS, addPages, grantMenus, pageRows, staffRoles } from './lib/menus-v1';
import { auditColumns, enableTenantRls, forEachTenant } from './lib/v1';

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
  await forEachTenant(db, async (tenantId) => {
    await sql`update business_certificate c
      set holder_address = a.applicant_address, manufacturer_address = a.manufacturer_address,
          factory_address = a.factory_address
      from business_application a
      where a.id = c.application_id and a.tenant_id = c.tenant_id and c.tenant_id = ${tenantId}`.execute(db);
  });
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
  buttons: [
    { code: 'cert_change_accept', name: '受理变更', alias: 'accept', action: 2, role: 'application_accept' },
    { code: 'cert_change_return', name: '退回变更', alias: 'return', action: 2, role: 'application_accept' },
    {
      code: 'cert_change_evaluate',
      name: '变更评定',
      alias: 'evaluate',
      action: 2,
      role: 'application_evaluate',
    },
    {
      code: 'cert_change_approve',
      name: '批准变更',
      alias: 'approve',
      action: 2,
      role: 'application_decide',
    },
    { code: 'cert_change_reject', name: '不予变更', alias: 'reject', action: 2, role: 'application_decide' },
  ],
};
const ROLES = ['application_accept', 'application_evaluate', 'application_decide'];

export async function addMenus(db: Kysely<any>): Promise<void> {
  const { made, live } = await addPages(db, [STAFF_PAGE]);
  const page = live.get(STAFF_PAGE.code);
  if (!page) return;
  await grantMenus(db, made, ADMINISTRATORS);
  // A packaged tenant gets the page through its package; its staff roles get the buttons once the page is theirs.
  for (const alias of ROLES) {
    const mine = STAFF_PAGE.buttons.filter((b) => b.role === alias);
    await grantMenus(db, pageRows(live, STAFF_PAGE, mine), staffRoles(alias));
  }
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
