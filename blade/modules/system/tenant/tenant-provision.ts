import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { nextId } from '../../../core/ids';
import type { Database } from '../../../db/schema';
import { platformMenuCodes } from '../../../db/seed-data';
import type { Db } from '../../../db/tenant';
import { hashPassword, md5Hex } from '../../auth/password';
import { ensureStaffRoles } from '../../application/staff-roles';
import { ensureFinanceRole } from '../../payment/finance-role';
import { ensureQualityRole } from '../../quality/roles';
import { ensureRecordArchives } from '../../business/archives';
import { APPLICATION_ARCHIVES } from '../../application/documents';
import { replaceRoleMenus } from '../menu/menu.repository';
import { ensureInvoiceFinanceGrants } from '../../invoice/finance-grants';

/** Live menu ids a tenant may be granted: the package's (or every menu), never platform-only ones, with ancestors. */
export async function tenantMenuIds(trx: Db, packageMenuIds: string[] | null): Promise<string[]> {
  const menus = await trx
    .selectFrom('blade_menu')
    .select(['id', 'parent_id', 'code'])
    .where('is_deleted', '=', 0)
    .execute();
  const platform = platformMenuCodes();
  const byId = new Map(menus.map((m) => [m.id, m]));
  const wanted = packageMenuIds === null ? menus.map((m) => m.id) : packageMenuIds;
  // A platform-only page hides everything below it, even a menu whose own code is not listed.
  const blocked = (id: string): boolean => {
    for (let m = byId.get(id); m; m = byId.get(m.parent_id)) if (platform.has(m.code)) return true;
    return false;
  };
  const keep = new Set<string>();
  for (const id of wanted) {
    if (!byId.has(id) || blocked(id)) continue;
    for (let m = byId.get(id); m && !keep.has(m.id); m = byId.get(m.parent_id)) keep.add(m.id);
  }
  return [...keep];
}

/** A 6-digit tenant id used by no tenant, live or deleted (a deleted tenant's rows still carry its id). */
export async function newTenantId(db: Db): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const id = String(randomInt(100000, 1000000));
    const taken = await db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', id)
      .executeTakeFirst();
    if (!taken) return id;
  }
  throw new Error('no free tenant id');
}

/**
 * Gives the tenant's `admin` roles exactly the tenant's menus and takes from its other roles any menu outside that
 * set (a package change narrows everyone). Scopes follow menus: an administrator may grant the scopes of its menus.
 */
export async function syncTenantMenus(trx: Transaction<Database>, tenantId: string, menuIds: string[]) {
  const roles = await trx
    .selectFrom('blade_role')
    .select(['id', 'role_alias'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const admins = roles.filter((r) => r.role_alias === 'admin').map((r) => r.id);
  const others = roles.filter((r) => r.role_alias !== 'admin').map((r) => r.id);
  await replaceRoleMenus(trx, tenantId, admins, menuIds, nextId);
  if (others.length) {
    let del = trx
      .deleteFrom('blade_role_menu')
      .where('tenant_id', '=', tenantId)
      .where('role_id', 'in', others);
    if (menuIds.length) del = del.where('menu_id', 'not in', menuIds);
    await del.execute();
  }
}

export interface Provision {
  tenantId: string;
  tenantName: string;
  adminPassword: string;
  menuIds: string[];
  createUser: string;
}

/**
 * The new tenant's root dept (named after it), post `ceo`, role 管理员/`admin` with the tenant's menus, the account
 * `admin` holding them, and the archive catalogues of projects and contracts. Runs inside the new tenant's withTenant
 * transaction, after its blade_tenant row.
 */
export async function provisionTenant(trx: Transaction<Database>, p: Provision): Promise<{ userId: string }> {
  const deptId = nextId();
  const roleId = nextId();
  const postId = nextId();
  const userId = nextId();
  await trx
    .insertInto('blade_dept')
    .values({
      id: deptId,
      tenant_id: p.tenantId,
      dept_name: p.tenantName.slice(0, 45),
      full_name: p.tenantName.slice(0, 45),
      sort: 1,
    })
    .execute();
  await trx
    .insertInto('blade_role')
    .values({ id: roleId, tenant_id: p.tenantId, role_name: '管理员', role_alias: 'admin', sort: 1 })
    .execute();
  await trx
    .insertInto('blade_post')
    .values({
      id: postId,
      tenant_id: p.tenantId,
      category: 1,
      post_code: 'ceo',
      post_name: '首席执行官',
      sort: 1,
      create_user: p.createUser,
    })
    .execute();
  await trx
    .insertInto('blade_user')
    .values({
      id: userId,
      tenant_id: p.tenantId,
      account: 'admin',
      password: await hashPassword(md5Hex(p.adminPassword)),
      name: '管理员',
      real_name: '管理员',
      role_id: roleId,
      dept_id: deptId,
      post_id: postId,
      create_user: p.createUser,
    })
    .execute();
  await syncTenantMenus(trx, p.tenantId, p.menuIds);
  await ensureWorkRoles(trx, p.tenantId, p.menuIds);
  await ensureRecordArchives(trx, p.tenantId);
  await ensureRecordArchives(trx, p.tenantId, APPLICATION_ARCHIVES);
  return { userId };
}

/**
 * The roles a tenant starts with beside its administrator, within its menus (`null`: every menu): the certification
 * staff (受理员 … 项目工程师), 财务 (payment notes and vouchers) and 质量负责人 (complaints and surveys). A new tenant
 * gets them when it is provisioned, the platform tenant when the database is first seeded; roles that exist (by
 * alias) are left as their administrators made them.
 */
export async function ensureWorkRoles(
  trx: Transaction<Database>,
  tenantId: string,
  menuIds: readonly string[] | null,
): Promise<void> {
  await ensureStaffRoles(trx, tenantId, menuIds);
  await ensureFinanceRole(trx, tenantId, menuIds);
  await ensureQualityRole(trx, tenantId, menuIds);
  // 财务 also issues, rejects and red-flushes invoices (modules/invoice).
  await ensureInvoiceFinanceGrants(trx, tenantId, menuIds);
}
