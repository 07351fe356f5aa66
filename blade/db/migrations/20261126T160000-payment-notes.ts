/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { ADMINISTRATORS, addPages, addTenantRoles, grantMenus, pageRows } from './lib/menus-v1';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 16: payment notes (缴费通知单) with their itemised lines, and the customer's payment vouchers (缴费凭证).
// Money is numeric(18,2) (decimal text in and out, never a float). The rules that must hold whatever a writer does
// live here too: the lines and amounts are positive, the paid amount never exceeds the total, the states are the
// module's (blade/modules/payment/README.md), note numbers are unique per tenant.

const NOTE_STATES = ['issued', 'partly_paid', 'paid', 'cancelled'];
const VOUCHER_STATES = ['submitted', 'confirmed', 'rejected'];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_payment_note'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('note_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('total_amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`total_amount > 0`))
    .addColumn('paid_amount', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('note_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('issued')
        .check(sql`note_state in (${inList(NOTE_STATES)})`),
    )
    .addColumn('due_date', 'date')
    .addColumn('payee_info', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_by', 'bigint')
    .addColumn('cancel_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await sql`alter table business_payment_note add constraint business_payment_note_paid
    check (paid_amount >= 0 and paid_amount <= total_amount)`.execute(db);
  await sql`create unique index business_payment_note_no on business_payment_note (tenant_id, note_no)`.execute(
    db,
  );
  await sql`create index business_payment_note_company on business_payment_note (tenant_id, company_id, id desc)
    where is_deleted = 0`.execute(db);
  await sql`create index business_payment_note_application on business_payment_note (tenant_id, application_id)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_payment_note');

  await auditColumns(db.schema.createTable('business_payment_note_line'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('item', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`amount > 0`))
    .execute();
  await sql`create unique index business_payment_note_line_no on business_payment_note_line
    (tenant_id, note_id, line_no)`.execute(db);
  await enableTenantRls(db, 'business_payment_note_line');

  await auditColumns(db.schema.createTable('business_payment_voucher'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('pay_date', 'date', (c) => c.notNull())
    .addColumn('payer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('voucher_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('submitted')
        .check(sql`voucher_state in (${inList(VOUCHER_STATES)})`),
    )
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('checked_by', 'bigint')
    .addColumn('checked_at', 'timestamptz')
    .execute();
  await sql`create index business_payment_voucher_note on business_payment_voucher (tenant_id, note_id)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_payment_voucher');
  await addMenus(db);
}

// The pages (declared in lib/contracts/payment/payment.ts) on a database that has menus already: start-up adds a
// definition's page only after the migrations, so the rows are written here as declared now, and granted: the customer
// roles get 我的缴费通知单, the platform administrator (and unpackaged tenants' admins) the new rows as start-up would,
// and every tenant a 财务 role (alias `payment_finance`) with 业务管理 → 缴费管理 and its three buttons. A fresh database
// has no menus yet: the seed and provisioning (modules/payment/finance-role.ts) bring them.
const CUSTOMER_PAGE = {
  code: 'my_payment_note',
  name: '我的缴费通知单',
  path: '/application/myPaymentNote',
  source: 'payments',
  parent: 'application_center',
  sort: 3,
};
const STAFF_PAGE = {
  code: 'payment_note',
  name: '缴费管理',
  path: '/businessManagement/paymentNote',
  source: 'payments',
  parent: 'business_management',
  sort: 8,
  buttons: [
    { code: 'payment_note_issue', name: '开具缴费通知单', alias: 'issue', action: 1 },
    { code: 'payment_voucher_confirm', name: '确认缴费凭证', alias: 'confirm', action: 2 },
    { code: 'payment_note_cancel', name: '作废缴费通知单', alias: 'cancel', action: 2 },
  ],
};
const FINANCE = { alias: 'payment_finance', name: '财务', sort: 58 };

export async function addMenus(db: Kysely<any>): Promise<void> {
  const { made, live } = await addPages(db, [CUSTOMER_PAGE, STAFF_PAGE]);
  const customerPage = live.get(CUSTOMER_PAGE.code);
  await grantMenus(db, customerPage ? [customerPage] : [], () => ['customer']);
  await grantMenus(db, made, ADMINISTRATORS);
  await addTenantRoles(db, [{ ...FINANCE, menus: pageRows(live, STAFF_PAGE) }]);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menus, grants and the 财务 role stay: they are the administrators' data once made (as start-up's additions).
  await db.schema.dropTable('business_payment_voucher').ifExists().execute();
  await db.schema.dropTable('business_payment_note_line').ifExists().execute();
  await db.schema.dropTable('business_payment_note').ifExists().execute();
}
