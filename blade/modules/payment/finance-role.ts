import type { Transaction } from 'kysely';
import { PAYMENT_CODES } from '../../../lib/contracts/payment/payment';
import { ensureWorkRole } from '../../core/work-roles';
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
  return (await ensureWorkRole(trx, tenantId, FINANCE_ROLE, FINANCE_MENU_CODES, allowedMenuIds)).made;
}
