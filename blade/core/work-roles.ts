import type { Db } from '../db/tenant';
import { nextId } from './ids';

/** A role the portal makes for a tenant (a work role of DOMAIN §10, the customer role): found again by its alias. */
export interface WorkRole {
  alias: string;
  name: string;
  sort: number;
}

/**
 * Grants a role the menus and buttons of `codes` that exist, within `allowedMenuIds` (the tenant's package; null:
 * every menu). Grants the role already has are kept. Runs in the caller's tenant transaction.
 */
export async function grantMenuCodes(
  trx: Db,
  tenantId: string,
  roleId: string,
  codes: readonly string[],
  allowedMenuIds: readonly string[] | null,
): Promise<void> {
  if (codes.length === 0) return;
  const allowed = allowedMenuIds === null ? null : new Set(allowedMenuIds.map(String));
  const menus = await trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', 'in', [...new Set(codes)])
    .where('is_deleted', '=', 0)
    .execute();
  const menuIds = menus.map((m) => String(m.id)).filter((id) => allowed === null || allowed.has(id));
  if (menuIds.length)
    await trx
      .insertInto('blade_role_menu')
      .values(
        menuIds.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
      )
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
}

/** The tenant's live role of `alias`, the oldest when there are several. */
export async function roleByAlias(trx: Db, tenantId: string, alias: string): Promise<string | undefined> {
  const found = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', alias)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return found && String(found.id);
}

/**
 * Makes the tenant's role of `role.alias` with the menus of `codes` unless it has one: a role that exists, even
 * renamed, is left with the grants its administrators gave it. Answers its id and whether it was made here.
 */
export async function ensureWorkRole(
  trx: Db,
  tenantId: string,
  role: WorkRole,
  codes: readonly string[],
  allowedMenuIds: readonly string[] | null,
): Promise<{ id: string; made: boolean }> {
  const existing = await roleByAlias(trx, tenantId, role.alias);
  if (existing) return { id: existing, made: false };
  const id = nextId();
  await trx
    .insertInto('blade_role')
    .values({ id, tenant_id: tenantId, role_name: role.name, role_alias: role.alias, sort: role.sort })
    .execute();
  await grantMenuCodes(trx, tenantId, id, codes, allowedMenuIds);
  return { id, made: true };
}
