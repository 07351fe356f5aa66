/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';

// Issue 12: one database serves every tenant, so a tenant's datasource was stored without effect. `tenant/datasource`
// now refuses; the stored choices go with their column (nothing else read it), and the 数据源配置 button goes from the
// menus (a fresh database no longer seeds it), so no role is granted a call that always refuses.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blade_tenant').dropColumn('datasource_id').execute();
  await db.updateTable('blade_menu').set({ is_deleted: 1 }).where('code', '=', 'tenant_datasource').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The column comes back empty: the dropped choices had no effect to restore.
  await db.schema.alterTable('blade_tenant').addColumn('datasource_id', 'bigint').execute();
  await db.updateTable('blade_menu').set({ is_deleted: 0 }).where('code', '=', 'tenant_datasource').execute();
}
