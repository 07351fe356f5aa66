/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 16, CCC mark sales (DOMAIN §4): the goods a body sells (sizes, mark type, sheet and pack sizes, unit price,
// stock in pieces) and the customers' orders with their lines. The rules that must hold whatever a writer does live
// here: stock never below zero (the review's conditional decrement relies on it under concurrency), sheet and pack
// sizes positive, quantities positive, the states the module's (blade/modules/card-sale/README.md), order numbers
// unique per tenant. A payment note's subject becomes an application or a mark order (subject_kind), exactly one.

const SALE_STATES = [
  'draft',
  'submitted',
  'reviewed',
  'rejected',
  'awaiting_payment',
  'paid',
  'shipped',
  'received',
  'cancelled',
];
const MARK_TYPES = ['S', 'EMC', 'S&E', 'F'];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_ccc_card_goods'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('sku', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_mm', 'integer', (c) => c.notNull().check(sql`size_mm > 0`))
    .addColumn('mark_type', 'varchar(8)', (c) => c.notNull().check(sql`mark_type in (${inList(MARK_TYPES)})`))
    .addColumn('pieces_per_sheet', 'integer', (c) => c.notNull().check(sql`pieces_per_sheet > 0`))
    .addColumn('pieces_per_pack', 'integer', (c) => c.notNull().check(sql`pieces_per_pack > 0`))
    .addColumn('unit_price', 'numeric(18, 2)', (c) => c.notNull().check(sql`unit_price > 0`))
    .addColumn('stock_qty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table business_ccc_card_goods add constraint business_ccc_card_goods_stock
    check (stock_qty >= 0)`.execute(db);
  await sql`create unique index business_ccc_card_goods_sku on business_ccc_card_goods (tenant_id, sku)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_ccc_card_goods');

  await auditColumns(db.schema.createTable('business_ccc_card_sale'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('certificate_ids', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('total_amount', 'numeric(18, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_amount >= 0`),
    )
    .addColumn('ship_to', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sale_state', 'varchar(20)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`sale_state in (${inList(SALE_STATES)})`),
    )
    .addColumn('stock_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_file_id', 'varchar(32)')
    .addColumn('auth_letter_file_id', 'varchar(32)')
    .addColumn('payment_note_id', 'bigint')
    .addColumn('reject_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .execute();
  await sql`create unique index business_ccc_card_sale_no on business_ccc_card_sale (tenant_id, order_no)`.execute(
    db,
  );
  await sql`create index business_ccc_card_sale_company on business_ccc_card_sale (tenant_id, company_id, id desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_ccc_card_sale');

  await auditColumns(db.schema.createTable('business_ccc_card_sale_line'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('sale_id', 'bigint', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('goods_id', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price', 'numeric(18, 2)', (c) => c.notNull())
    .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull().check(sql`amount > 0`))
    .execute();
  await sql`create unique index business_ccc_card_sale_line_no on business_ccc_card_sale_line
    (tenant_id, sale_id, line_no)`.execute(db);
  await enableTenantRls(db, 'business_ccc_card_sale_line');

  // A note's subject: an application (every note so far) or a mark order, exactly one of them.
  await db.schema
    .alterTable('business_payment_note')
    .addColumn('subject_kind', 'varchar(16)', (c) => c.notNull().defaultTo('application'))
    .execute();
  await db.schema.alterTable('business_payment_note').addColumn('card_sale_id', 'bigint').execute();
  await sql`alter table business_payment_note alter column application_id drop not null`.execute(db);
  await sql`alter table business_payment_note add constraint business_payment_note_subject check (
    (subject_kind = 'application' and application_id is not null and card_sale_id is null)
    or (subject_kind = 'card_sale' and card_sale_id is not null and application_id is null))`.execute(db);
  await sql`create index business_payment_note_card_sale on business_payment_note (tenant_id, card_sale_id)
    where card_sale_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from business_payment_note where subject_kind = 'card_sale'`.execute(db);
  await sql`alter table business_payment_note drop constraint if exists business_payment_note_subject`.execute(
    db,
  );
  await sql`drop index if exists business_payment_note_card_sale`.execute(db);
  await sql`alter table business_payment_note alter column application_id set not null`.execute(db);
  await db.schema.alterTable('business_payment_note').dropColumn('card_sale_id').execute();
  await db.schema.alterTable('business_payment_note').dropColumn('subject_kind').execute();
  await db.schema.dropTable('business_ccc_card_sale_line').ifExists().execute();
  await db.schema.dropTable('business_ccc_card_sale').ifExists().execute();
  await db.schema.dropTable('business_ccc_card_goods').ifExists().execute();
}
