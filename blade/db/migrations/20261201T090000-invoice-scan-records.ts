/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// A scanned invoice was stored as a loose file (uploaded before its invoice exists) and stayed one after the save, so
// any user of the tenant holding its id could read it. Saves now make it the invoice's record (function
// `business_invoice`, blade/modules/business/archives.ts); this does the same for the scans saved before.

export async function up(db: Kysely<any>): Promise<void> {
  const tenants = await db.selectFrom('blade_tenant').select('tenant_id').execute();
  for (const { tenant_id: tenantId } of tenants as Array<{ tenant_id: string }>) {
    // Both tables are under forced row-level security: one tenant at a time, local to the migration's transaction.
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    await sql`update blade_file f set function_code = 'business_invoice', data_id = i.id::text
      from business_invoice i
      where i.tenant_id = ${tenantId} and f.tenant_id = ${tenantId} and f.id = i.file_id and f.function_code is null`.execute(
      db,
    );
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function down(): Promise<void> {
  // The binding is what makes the scans safe; undoing it would reopen them.
}
