/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { ADMINISTRATORS, addPages, grantMenus, pageRows, staffRoles } from './lib/menus-v1';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 16: the customer company's invoice information (开票信息), its invoice applications against confirmed payments
// (a snapshot of the information, the amount, the state) and the per-note amounts each application takes (the link
// table). The rules that must hold whatever a writer does live here: a special VAT invoice has its four fields, one
// default information per company (partial unique index), amounts positive, and a trigger that keeps the live
// invoiced amount of a note within its paid amount (it locks the note first, so concurrent writers queue on it).

const KINDS = ['ordinary', 'special'];
const STATES = ['applied', 'issued', 'rejected', 'red_flushed'];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_invoice_info'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('taxpayer_id', 'varchar(18)', (c) => c.notNull())
    .addColumn('invoice_kind', 'varchar(16)', (c) =>
      c.notNull().check(sql`invoice_kind in (${inList(KINDS)})`),
    )
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_default in (0, 1)`),
    )
    .execute();
  await sql`alter table business_invoice_info add constraint business_invoice_info_special
    check (invoice_kind <> 'special' or (address <> '' and phone <> '' and bank_name <> '' and bank_account <> ''))`.execute(
    db,
  );
  await sql`create unique index business_invoice_info_default on business_invoice_info (tenant_id, company_id)
    where is_default = 1 and is_deleted = 0`.execute(db);
  await sql`create index business_invoice_info_company on business_invoice_info (tenant_id, company_id, id desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_invoice_info');

  await auditColumns(db.schema.createTable('business_invoice_application'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('application_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('info_id', 'bigint', (c) => c.notNull())
    // The information as it was when applied: a later edit of business_invoice_info does not change the invoice.
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('taxpayer_id', 'varchar(18)', (c) => c.notNull())
    .addColumn('invoice_kind', 'varchar(16)', (c) =>
      c.notNull().check(sql`invoice_kind in (${inList(KINDS)})`),
    )
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('invoice_state', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('applied')
        .check(sql`invoice_state in (${inList(STATES)})`),
    )
    .addColumn('invoice_no', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_date', 'date')
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('red_flush_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_by', 'bigint')
    .addColumn('issued_at', 'timestamptz')
    .execute();
  // An issued (or red-flushed) invoice has its number, date and file.
  await sql`alter table business_invoice_application add constraint business_invoice_application_issued
    check (invoice_state in ('applied', 'rejected') or (invoice_no <> '' and invoice_date is not null and file_id <> ''))`.execute(
    db,
  );
  await sql`create unique index business_invoice_application_no on business_invoice_application
    (tenant_id, application_no)`.execute(db);
  await sql`create unique index business_invoice_application_invoice_no on business_invoice_application
    (tenant_id, invoice_no) where invoice_no <> ''`.execute(db);
  await sql`create index business_invoice_application_company on business_invoice_application
    (tenant_id, company_id, id desc) where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_invoice_application');

  await auditColumns(db.schema.createTable('business_invoice_note'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('invoice_id', 'bigint', (c) => c.notNull())
    .addColumn('note_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`amount > 0`))
    // 1 while the invoice is applied or issued; 0 once rejected or red-flushed (the amount is free again).
    .addColumn('active', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`active in (0, 1)`),
    )
    .execute();
  await sql`create unique index business_invoice_note_pair on business_invoice_note (tenant_id, invoice_id, note_id)`.execute(
    db,
  );
  await sql`create index business_invoice_note_note on business_invoice_note (tenant_id, note_id) where active = 1`.execute(
    db,
  );
  await enableTenantRls(db, 'business_invoice_note');

  // The database's own guard against double invoicing: a live link may not take a note beyond its paid amount. The
  // note row is locked first, so two transactions adding links to one note queue and the second sums the first's.
  await sql`create function business_invoice_note_within_paid() returns trigger language plpgsql as $$
    declare
      paid numeric(18, 2);
      taken numeric(18, 2);
    begin
      if new.active = 0 then
        return new;
      end if;
      select paid_amount into paid from business_payment_note
        where id = new.note_id and tenant_id = new.tenant_id for update;
      if paid is null then
        raise exception 'invoice note %: no such payment note', new.note_id using errcode = '23503';
      end if;
      select coalesce(sum(amount), 0) into taken from business_invoice_note
        where tenant_id = new.tenant_id and note_id = new.note_id and active = 1 and id <> new.id;
      if taken + new.amount > paid then
        raise exception 'invoice note %: invoiced % exceeds paid %', new.note_id, taken + new.amount, paid
          using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger business_invoice_note_within_paid before insert or update on business_invoice_note
    for each row execute function business_invoice_note_within_paid()`.execute(db);
  await addMenus(db);
}

// The pages (declared in lib/contracts/invoice/invoice.ts) on a database that has menus already, as the payment
// migration does: the customer roles get 我的发票, the platform administrator (and unpackaged tenants' admins) the new
// rows, and each tenant's 财务 role (alias payment_finance) 发票管理 with its three buttons. A fresh database has no
// menus yet: the seed, provisioning (modules/invoice/finance-grants.ts) and CUSTOMER_MENU_CODES bring them.
const CUSTOMER_PAGE = {
  code: 'my_invoice',
  name: '我的发票',
  path: '/application/myInvoice',
  source: 'receipt_long',
  parent: 'application_center',
  sort: 4,
};
const STAFF_PAGE = {
  code: 'invoice_manage',
  name: '发票管理',
  path: '/businessManagement/invoiceManage',
  source: 'receipt_long',
  parent: 'business_management',
  sort: 9,
  buttons: [
    { code: 'invoice_issue', name: '开具发票', alias: 'issue', action: 2 },
    { code: 'invoice_reject', name: '驳回开票申请', alias: 'reject', action: 2 },
    { code: 'invoice_red_flush', name: '红字冲销', alias: 'redFlush', action: 2 },
  ],
};
const FINANCE_ALIAS = 'payment_finance';

export async function addMenus(db: Kysely<any>): Promise<void> {
  const { made, live } = await addPages(db, [CUSTOMER_PAGE, STAFF_PAGE]);
  const customerPage = live.get(CUSTOMER_PAGE.code);
  await grantMenus(db, customerPage ? [customerPage] : [], () => ['customer']);
  await grantMenus(db, made, ADMINISTRATORS);
  // A packaged tenant's 财务 gets the rows its package holds, as provisioning grants within the package.
  await grantMenus(db, pageRows(live, STAFF_PAGE), staffRoles(FINANCE_ALIAS));
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
  await sql`drop trigger if exists business_invoice_note_within_paid on business_invoice_note`.execute(db);
  await sql`drop function if exists business_invoice_note_within_paid()`.execute(db);
  await db.schema.dropTable('business_invoice_note').ifExists().execute();
  await db.schema.dropTable('business_invoice_application').ifExists().execute();
  await db.schema.dropTable('business_invoice_info').ifExists().execute();
}
