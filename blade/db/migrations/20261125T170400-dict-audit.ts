/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { type Kysely } from 'kysely';
import { addAuditStamps, dropAuditStamps } from './lib/v1';

// Issue 12: the dictionaries are served by the one CRUD router, which stamps who added and changed a row and when,
// and answers the BaseEntity fields; the two dictionary tables get the audit columns every other resource has.
const TABLES = ['blade_dict', 'blade_dict_biz'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await addAuditStamps(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await dropAuditStamps(db, table);
}
