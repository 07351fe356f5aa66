import type { Transaction } from 'kysely';
import { QUALITY_ROLE, QUALITY_STAFF_MENU_CODES } from '../../../lib/contracts/quality/quality';
import { ensureWorkRole } from '../../core/work-roles';
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
  return (await ensureWorkRole(trx, tenantId, QUALITY_ROLE, QUALITY_STAFF_MENU_CODES, allowedMenuIds)).made;
}
