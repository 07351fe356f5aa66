import type { Transaction } from 'kysely';
import { APPLICATION_CODES, type ApplicationRole } from '../../../lib/contracts/application/machine';
import {
  BUSINESS_MANAGEMENT,
  CERTIFICATE_STATUS_CODE,
  STAFF_PAGES,
} from '../../../lib/contracts/application/staff';
import { ensureWorkRole } from '../../core/work-roles';
import type { Database } from '../../db/schema';

/**
 * The certification body's staff roles (DOMAIN §10): one per step code, each with the business-management pages and
 * its step's button. Aliased by the code, so a tenant can find and rename them; the customer's `apply` is the
 * customer role's (modules/customer).
 */
export const STAFF_ROLES: readonly { role: Exclude<ApplicationRole, 'apply'>; name: string; sort: number }[] =
  [
    { role: 'accept', name: '受理员', sort: 51 },
    { role: 'sample', name: '样品管理员', sort: 52 },
    { role: 'test', name: '检测工程师', sort: 53 },
    { role: 'inspect', name: '工厂检查员', sort: 54 },
    { role: 'evaluate', name: '评定人员', sort: 55 },
    { role: 'decide', name: '认证决定人', sort: 56 },
    { role: 'terminate', name: '项目工程师', sort: 57 },
  ];

/** The menus every staff role holds: the group and its pages. */
export const STAFF_PAGE_CODES = [BUSINESS_MANAGEMENT, ...STAFF_PAGES.map((p) => p.menu!.code)];

/** Codes a role holds beside its step's: the certification decider also decides on issued certificates. */
const EXTRA_CODES: Partial<Record<Exclude<ApplicationRole, 'apply'>, readonly string[]>> = {
  decide: [CERTIFICATE_STATUS_CODE, 'cert_change', 'cert_change_approve', 'cert_change_reject'],
  // Certificate changes (modules/cert-change): the clerk accepts or returns them, the evaluator evaluates them.
  accept: ['cert_change', 'cert_change_accept', 'cert_change_return'],
  evaluate: ['cert_change', 'cert_change_evaluate'],
};

/**
 * Makes the tenant's staff roles it lacks (by alias; one that exists, even renamed, is left with its grants) and grants
 * a new role the business pages and its step's code, within `allowedMenuIds` (the tenant's menus: a package that
 * leaves out 业务管理 leaves the roles empty until it is added). Runs in the tenant's transaction.
 */
export async function ensureStaffRoles(
  trx: Transaction<Database>,
  tenantId: string,
  allowedMenuIds: readonly string[] | null,
): Promise<string[]> {
  const added: string[] = [];
  for (const staff of STAFF_ROLES) {
    const alias = APPLICATION_CODES[staff.role];
    const codes = [...STAFF_PAGE_CODES, alias, ...(EXTRA_CODES[staff.role] ?? [])];
    const role = { alias, name: staff.name, sort: staff.sort };
    if ((await ensureWorkRole(trx, tenantId, role, codes, allowedMenuIds)).made) added.push(alias);
  }
  return added;
}
