/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { type Kysely } from 'kysely';
import { addAuditStamps, dropAuditStamps } from './lib/v1';

// Issue 12: menu/submit and menu/remove are served by the one CRUD router, which stamps who added and changed a row
// and when; blade_menu gets the audit columns every other resource table has. Existing rows keep unknown authors.
export async function up(db: Kysely<any>): Promise<void> {
  await addAuditStamps(db, 'blade_menu');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropAuditStamps(db, 'blade_menu');
}
