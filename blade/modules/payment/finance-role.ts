import type { Transaction } from 'kysely';
import { PAYMENT_CODES } from '../../../lib/contracts/payment/payment';
import { nextId } from '../../core/ids';
import type { Database } from '../../db/schema';

/** The finance role of a certification body (DOMAIN §5: finance confirms or rejects vouchers). */
export const FINANCE_ROLE = { alias: 'payment_finance', name: '财务', sort: 58 } as const;

/** What the role holds: 业务管理 → 缴费管理 and its three buttons. */
export const FINANCE_MENU_CODES = [
  'business_management',
  PAYMENT_CODES.staffPage,
  PAYMENT_CODES.issue,
  PAYMENT_CODES.confirm,
  PAYMENT_CODES.cancel,
] as const;

/**
 * Makes the tenant's 财务 role unless it has one (by alias; a renamed one keeps its grants) and grants it the payment
 * pages within `allowedMenuIds` (the tenant's package; null = every menu), like the application staff roles
 * (application/staff-roles.ts). Runs in the tenant's transaction; answers whether it made the role.
 */
export async function ensureFinanceRole(
  trx: Transaction<Database>,
  tenantId: string,
  allowedMenuIds: readonly string[] | null,
): Promise<boolean> {
  const existing = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', FINANCE_ROLE.alias)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (existing) return false;
  const roleId = nextId();
  await trx
    .insertInto('blade_role')
    .values({
      id: roleId,
      tenant_id: tenantId,
      role_name: FINANCE_ROLE.name,
      role_alias: FINANCE_ROLE.alias,
      sort: FINANCE_ROLE.sort,
    })
    .execute();
  const allowed = allowedMenuIds === null ? null : new Set(allowedMenuIds.map(String));
  const menus = (
    await trx
      .selectFrom('blade_menu')
      .select('id')
      .where('code', 'in', [...FINANCE_MENU_CODES])
      .where('is_deleted', '=', 0)
      .execute()
  )
    .map((m) => String(m.id))
    .filter((id) => allowed === null || allowed.has(id));
  if (menus.length)
    await trx
      .insertInto('blade_role_menu')
      .values(
        menus.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
      )
      .execute();
  return true;
}
