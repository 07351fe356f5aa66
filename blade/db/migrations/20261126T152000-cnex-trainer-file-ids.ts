/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// Issue 15, CNEx trainers: a person's register-form scan and training-student file are files of the files module
// (blade_file.id, 32 hex characters), which a bigint column cannot hold. The table is new, so no value is lost.

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['register_form_scan_id', 'train_student_file_id'])
    await sql`alter table business_cnex_trainer alter column ${sql.ref(column)} type varchar(32)
      using ${sql.ref(column)}::text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['register_form_scan_id', 'train_student_file_id'])
    await sql`alter table business_cnex_trainer alter column ${sql.ref(column)} type bigint using null`.execute(
      db,
    );
}
