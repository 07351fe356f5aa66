import type { Transaction } from 'kysely';
import { INVOICE_CODES } from '../../../lib/contracts/invoice/invoice';
import { nextId } from '../../core/ids';
import type { Database } from '../../db/schema';
import { FINANCE_ROLE } from '../payment/finance-role';

/** What 财务 holds for invoices: 业务管理 → 发票管理 and its three buttons. */
export const INVOICE_FINANCE_MENU_CODES = [
  'business_management',
  INVOICE_CODES.staffPage,
  INVOICE_CODES.issue,
  INVOICE_CODES.reject,
  INVOICE_CODES.redFlush,
] as const;

/**
 * Grants the tenant's 财务 role (made by payment's ensureFinanceRole, found by alias) the invoice pages within
 * `allowedMenuIds` (the tenant's package; null = every menu). Grants it already has are kept; no role, nothing to do.
 * Runs in the tenant's transaction after ensureFinanceRole (tenant-provision ensureWorkRoles).
 */
export async function ensureInvoiceFinanceGrants(
  trx: Transaction<Database>,
  tenantId: string,
  allowedMenuIds: readonly string[] | null,
): Promise<void> {
  const role = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', FINANCE_ROLE.alias)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!role) return;
  const allowed = allowedMenuIds === null ? null : new Set(allowedMenuIds.map(String));
  const menus = (
    await trx
      .selectFrom('blade_menu')
      .select('id')
      .where('code', 'in', [...INVOICE_FINANCE_MENU_CODES])
      .where('is_deleted', '=', 0)
      .execute()
  )
    .map((m) => String(m.id))
    .filter((id) => allowed === null || allowed.has(id));
  if (menus.length)
    await trx
      .insertInto('blade_role_menu')
      .values(
        menus.map((menuId) => ({ id: nextId(), tenant_id: tenantId, role_id: role.id, menu_id: menuId })),
      )
      .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
      .execute();
}
