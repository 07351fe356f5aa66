import type { Transaction } from 'kysely';
import { QUALITY_ROLE, QUALITY_STAFF_MENU_CODES } from '../../../lib/contracts/quality/quality';
import { nextId } from '../../core/ids';
import type { Database } from '../../db/schema';

/**
 * The tenant's 质量负责人 role (DOMAIN §10 quality manager), as modules/application/staff-roles.ts makes the step
 * roles: made when the tenant lacks one by its alias (one that exists, even renamed, keeps its grants), granted the
 * staff pages 投诉处理 and 满意度调查 with every complaint step button, within `allowedMenuIds` (the tenant's package;
 * null: every menu). Runs in the tenant's transaction. Answers whether it made the role.
 */
export async function ensureQualityRole(
  trx: Transaction<Database>,
  tenantId: string,
  allowedMenuIds: readonly string[] | null,
): Promise<boolean> {
  const existing = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('role_alias', '=', QUALITY_ROLE.alias)
    .executeTakeFirst();
  if (existing) return false;
  const roleId = nextId();
  await trx
    .insertInto('blade_role')
    .values({
      id: roleId,
      tenant_id: tenantId,
      role_name: QUALITY_ROLE.name,
      role_alias: QUALITY_ROLE.alias,
      sort: QUALITY_ROLE.sort,
    })
    .execute();
  const menus = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', 'in', [...QUALITY_STAFF_MENU_CODES])
    .where('is_deleted', '=', 0)
    .execute();
  const allowed = allowedMenuIds === null ? null : new Set(allowedMenuIds.map(String));
  const ids = menus.map((m) => String(m.id)).filter((id) => allowed === null || allowed.has(id));
  if (ids.length)
    await trx
      .insertInto('blade_role_menu')
      .values(ids.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })))
      .execute();
  return true;
}
