import type { Transaction } from 'kysely';
import { INVOICE_CODES } from '../../../lib/contracts/invoice/invoice';
import { grantMenuCodes, roleByAlias } from '../../core/work-roles';
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
  const role = await roleByAlias(trx, tenantId, FINANCE_ROLE.alias);
  if (role) await grantMenuCodes(trx, tenantId, role, INVOICE_FINANCE_MENU_CODES, allowedMenuIds);
}
