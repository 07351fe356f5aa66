/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// 参数管理 is the platform administrator's page (its every call is: blade_param holds no tenant, lib/contracts/system/
// param.ts), but its menu was provisioned to tenants' administrators, who then opened a page whose list answered 403
// (found by the demo institute's walk of every screen, issue 18). The definition now marks the page platform-only;
// this takes the page and its buttons back from every role of the other tenants.

export async function up(db: Kysely<any>): Promise<void> {
  const page = await db.selectFrom('blade_menu').select('id').where('code', '=', 'param').executeTakeFirst();
  if (!page) return;
  const buttons = await db.selectFrom('blade_menu').select('id').where('parent_id', '=', page.id).execute();
  const ids = [page.id, ...buttons.map((b: any) => b.id)];
  const tenants = await db
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('tenant_id', '<>', '000000')
    .execute();
  for (const { tenant_id: tenantId } of tenants as Array<{ tenant_id: string }>) {
    // blade_role_menu is under forced row-level security: one tenant at a time, local to the migration's transaction.
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    await db
      .deleteFrom('blade_role_menu')
      .where('tenant_id', '=', tenantId)
      .where('menu_id', 'in', ids)
      .execute();
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}
