import { sql, type Kysely } from 'kysely';

// Issue 16: a payment note may bill a whole application batch (one note for the applications a company filed
// together) or a certificate change (its change fee), beside an application and a CCC mark order. Exactly one subject
// per note, held by the table's check as before.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table business_payment_note
    add column batch_id bigint,
    add column cert_change_id bigint`.execute(db);
  await sql`alter table business_payment_note drop constraint business_payment_note_subject`.execute(db);
  await sql`alter table business_payment_note add constraint business_payment_note_subject check (
    case subject_kind
      when 'application' then application_id is not null and card_sale_id is null and batch_id is null
        and cert_change_id is null
      when 'card_sale' then card_sale_id is not null and application_id is null and batch_id is null
        and cert_change_id is null
      when 'batch' then batch_id is not null and application_id is null and card_sale_id is null
        and cert_change_id is null
      when 'cert_change' then cert_change_id is not null and application_id is null and card_sale_id is null
        and batch_id is null
      else false
    end)`.execute(db);
  await sql`create index business_payment_note_batch on business_payment_note (tenant_id, batch_id)
    where batch_id is not null`.execute(db);
  await sql`create index business_payment_note_cert_change on business_payment_note (tenant_id, cert_change_id)
    where cert_change_id is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from business_payment_note where subject_kind in ('batch', 'cert_change')`.execute(db);
  await sql`alter table business_payment_note drop constraint business_payment_note_subject`.execute(db);
  await sql`alter table business_payment_note add constraint business_payment_note_subject check (
    (subject_kind = 'application' and application_id is not null and card_sale_id is null)
    or (subject_kind = 'card_sale' and card_sale_id is not null and application_id is null))`.execute(db);
  await sql`drop index if exists business_payment_note_batch`.execute(db);
  await sql`drop index if exists business_payment_note_cert_change`.execute(db);
  await sql`alter table business_payment_note drop column batch_id, drop column cert_change_id`.execute(db);
}
