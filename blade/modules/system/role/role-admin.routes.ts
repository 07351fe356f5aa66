import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { ForbiddenError, NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { pageQuerySchema, sortOrders } from '../../../core/page';
import {
  clearPermissionCaches,
  demand,
  demandGrantable,
  permit,
  roleRights,
  type Rights,
} from '../../../core/permission';
import {
  idArraySchema,
  idsParam,
  parentIdSchema,
  PRIVILEGED_ALIASES,
  treeNode,
} from '../../../core/permission-input';
import { buildTree } from '../../../core/tree';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import type { RoleRow } from '../../../db/schema';
import { withTenant, type Db } from '../../../db/tenant';
import { isPlatformAdmin, isTenantAdmin } from '../../auth/roles';
import { callerRoleIds } from '../../user/user-access';
import { intSchema } from '../param/admin-input';
import { replaceRoleMenus } from '../menu/menu.repository';
import { findRolesByIds, listRoles } from './role.repository';
import { toRoleVO } from './role.routes';

const ROLE_SORTABLE = ['id', 'sort', 'role_name', 'role_alias'] as const;
const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({ roleName: text(255), roleAlias: text(255) });
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  parentId: parentIdSchema,
  roleName: text(255),
  roleAlias: text(255),
  sort: blank(intSchema),
});
const grantBody = z.object({
  roleIds: idArraySchema,
  menuIds: idArraySchema.optional(),
  dataScopeIds: idArraySchema.optional(),
  apiScopeIds: idArraySchema.optional(),
});

/** Roles the caller may see in trees: `admin` only for administrators, `administrator` only for the platform's. */
function shownTo(auth: AuthUser, role: RoleRow): boolean {
  if (role.role_alias === 'administrator') return isPlatformAdmin(auth);
  if (role.role_alias === 'admin') return isTenantAdmin(auth);
  return true;
}

/** Roles of the caller's tenant by id; any id not found there is a 404 (another tenant's ids included). */
export async function requireRoles(trx: Db, auth: AuthUser, ids: string[]): Promise<RoleRow[]> {
  const roles = await findRolesByIds(trx, auth.tenantId, ids);
  if (roles.length !== ids.length) throw new NotFoundError();
  return roles;
}

/** Only administrators may hand out, create or change roles whose alias confers administration. */
export function assertMayHandOut(auth: AuthUser, roles: RoleRow[]): void {
  if (isTenantAdmin(auth)) {
    if (roles.some((r) => r.role_alias === 'administrator') && !isPlatformAdmin(auth))
      throw new ForbiddenError();
    return;
  }
  if (roles.some((r) => PRIVILEGED_ALIASES.has(r.role_alias))) throw new ForbiddenError();
}

/**
 * Roles the caller gives to users (user grants, user and external user forms, post roles): the caller's tenant's
 * (404), administrator roles only from administrators, and nothing beyond the caller's own rights (403, SECURITY 25).
 */
export async function demandGrantableRoles(trx: Db, auth: AuthUser, ids: string[]): Promise<RoleRow[]> {
  const roles = await requireRoles(trx, auth, ids);
  assertMayHandOut(auth, roles);
  await demandGrantable(trx, auth, [await roleRights(trx, auth.tenantId, ids)]);
  return roles;
}

/**
 * Nobody changes a role they hold (SECURITY 25): granting it more would widen their own rights by the back door —
 * and everyone else's holding it — and narrowing or renaming it changes their own standing. 400, as the neighbouring
 * refusals about the caller's own account and roles are. The platform administrator is exempt: it holds every right
 * whatever its role's grants, which decide only its navigation (a new menu is granted to its own role to show it).
 */
const HELD_ROLE = '不能修改当前登录用户的角色!';
async function assertNotHeld(trx: Db, auth: AuthUser, ids: readonly string[]): Promise<void> {
  if (isPlatformAdmin(auth)) return;
  const held = await callerRoleIds(trx, auth);
  if (ids.some((id) => held.has(id))) throw new ServiceError(HELD_ROLE);
}

/** Role administration (contract §7.3), always within the caller's tenant. */
export function roleAdminRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const canRead = permit(deps, { codes: ['role'] });

  // GET /blade-system/role/list — RoleVO tree with parentName; filters roleName/roleAlias (contains).
  router.get('/role/list', canRead, async (c) => {
    const query = parseQuery(c, listQuery);
    const orders = sortOrders(ROLE_SORTABLE, query);
    const auth = c.get('auth');
    let roles = await withTenant(deps.db, auth.tenantId, (trx) => listRoles(trx, auth.tenantId));
    const names = new Map(roles.map((r) => [r.id, r.role_name]));
    const has = (v: string, part?: string | null) => !part || v.toLowerCase().includes(part.toLowerCase());
    roles = roles.filter((r) => has(r.role_name, query.roleName) && has(r.role_alias, query.roleAlias));
    for (const o of [...orders].reverse()) {
      const key = o.column as keyof RoleRow;
      roles = [...roles].sort((a, b) => {
        const cmp =
          typeof a[key] === 'number'
            ? (a[key] as number) - (b[key] as number)
            : String(a[key]).localeCompare(String(b[key]));
        return o.direction === 'asc' ? cmp : -cmp;
      });
    }
    return c.json(
      ok(buildTree(roles.map((r) => ({ ...toRoleVO(r), parentName: names.get(r.parent_id) ?? '' })))),
    );
  });

  // GET /blade-system/role/tree — TreeNode[] of the tenant's roles (pickers); privileged aliases only for their peers.
  router.get(
    '/role/tree',
    permit(deps, { codes: ['role', 'user_role', 'user', 'post_role', 'external_user'] }),
    async (c) => {
      const auth = c.get('auth');
      const roles = await withTenant(deps.db, auth.tenantId, (trx) => listRoles(trx, auth.tenantId));
      return c.json(
        ok(
          buildTree(
            roles.filter((r) => shownTo(auth, r)).map((r) => treeNode(r.id, r.parent_id, r.role_name)),
          ),
        ),
      );
    },
  );

  // GET /blade-system/role/detail?id
  router.get('/role/detail', canRead, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const auth = c.get('auth');
    const vo = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const [role] = await requireRoles(trx, auth, [id]);
      const parent = role.parent_id !== '0' ? await findRolesByIds(trx, auth.tenantId, [role.parent_id]) : [];
      return { ...toRoleVO(role), parentName: parent[0]?.role_name ?? '' };
    });
    return c.json(ok(vo));
  });

  // POST /blade-system/role/submit — add (role_add) or edit (role_edit) a role of the caller's tenant.
  router.post('/role/submit', permit(deps, { codes: ['role_add', 'role_edit'] }), async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    await demand(deps, auth, { codes: [body.id ? 'role_edit' : 'role_add'] });
    const roleName = body.roleName?.trim();
    const roleAlias = body.roleAlias?.trim();
    if (!roleName) throw new ServiceError('请输入角色名称');
    if (!roleAlias) throw new ServiceError('请输入角色别名');
    if (roleAlias === 'administrator' && !isPlatformAdmin(auth))
      throw new ServiceError('无权限创建超管角色！');
    if (PRIVILEGED_ALIASES.has(roleAlias) && !isTenantAdmin(auth)) throw new ForbiddenError();
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (body.id) {
        const [existing] = await requireRoles(trx, auth, [body.id]);
        assertMayHandOut(auth, [existing]);
        await assertNotHeld(trx, auth, [existing.id]);
      }
      if (body.parentId !== '0') {
        if (body.parentId === body.id) throw new ServiceError('父节点不可选择自身!');
        const roles = await listRoles(trx, auth.tenantId);
        const byId = new Map(roles.map((r) => [r.id, r]));
        if (!byId.has(body.parentId)) throw new ServiceError('上级角色不存在!');
        for (let r = byId.get(body.parentId); r && r.parent_id !== '0'; r = byId.get(r.parent_id)) {
          if (r.parent_id === body.id) throw new ServiceError('父节点不可选择自身的子节点!');
        }
      }
      let taken = trx
        .selectFrom('blade_role')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('role_alias', '=', roleAlias)
        .where('is_deleted', '=', 0);
      if (body.id) taken = taken.where('id', '<>', body.id);
      if (await taken.executeTakeFirst()) throw new ServiceError('当前角色别名已存在!');
      const values = {
        parent_id: body.parentId,
        role_name: roleName,
        role_alias: roleAlias,
        sort: body.sort ?? 0,
      };
      if (body.id) {
        await trx
          .updateTable('blade_role')
          .set(values)
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_role')
          .values({ id: nextId(), tenant_id: auth.tenantId, ...values })
          .execute();
      }
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/role/remove?ids — soft delete with the roles' grants; refused for roles with children and for
  // the caller's own roles (that would lock them out).
  router.post('/role/remove', permit(deps, { codes: ['role_delete'] }), async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const roles = await requireRoles(trx, auth, ids);
      assertMayHandOut(auth, roles);
      const held = await callerRoleIds(trx, auth);
      if (ids.some((id) => held.has(id))) throw new ServiceError('不能删除当前登录用户的角色!');
      const removing = new Set(ids);
      const all = await listRoles(trx, auth.tenantId);
      if (all.some((r) => removing.has(r.parent_id) && !removing.has(r.id)))
        throw new ServiceError('请先删除子节点!');
      await trx
        .updateTable('blade_role')
        .set({ is_deleted: 1 })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('blade_role_menu')
        .where('tenant_id', '=', auth.tenantId)
        .where('role_id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('blade_role_scope')
        .where('tenant_id', '=', auth.tenantId)
        .where('role_id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('blade_post_role')
        .where('tenant_id', '=', auth.tenantId)
        .where('role_id', 'in', ids)
        .execute();
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/role/grant — JSON { roleIds, menuIds, dataScopeIds, apiScopeIds }: replaces the kinds of the
  // roles' grants the body lists (a kind left out stays as it is). Roles must be the caller's tenant's (404), menus and
  // scopes live (404), every role's grants afterwards within what the caller may hand out (403, core/permission
  // grantableRights) — a grant never gives anyone more than the granter holds — and the roles not the caller's own
  // (400, assertNotHeld).
  router.post('/role/grant', permit(deps, { codes: ['role_grant'] }), async (c) => {
    const body = await parseJson(c, grantBody);
    const auth = c.get('auth');
    if (body.roleIds.length === 0) throw new ServiceError('请选择角色');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const roles = await requireRoles(trx, auth, body.roleIds);
      assertMayHandOut(auth, roles);
      for (const [ids, table] of [
        [body.menuIds, 'blade_menu'],
        [body.dataScopeIds, 'blade_scope_data'],
        [body.apiScopeIds, 'blade_scope_api'],
      ] as const) {
        if (!ids?.length) continue;
        const live = await trx
          .selectFrom(table)
          .select('id')
          .where('id', 'in', ids)
          .where('is_deleted', '=', 0)
          .execute();
        if (live.length !== new Set(ids).size) throw new NotFoundError();
      }
      // Each role as it will be; its own grants are read only for a kind the body leaves out.
      const whole = body.menuIds && body.dataScopeIds && body.apiScopeIds;
      const after: Rights[] = [];
      for (const roleId of body.roleIds) {
        const own = whole ? undefined : await roleRights(trx, auth.tenantId, [roleId]);
        after.push({
          menus: new Set(body.menuIds ?? own?.menus),
          dataScopes: new Set(body.dataScopeIds ?? own?.dataScopes),
          apiScopes: new Set(body.apiScopeIds ?? own?.apiScopes),
        });
      }
      await demandGrantable(trx, auth, after);
      await assertNotHeld(trx, auth, body.roleIds);
      if (body.menuIds) await replaceRoleMenus(trx, auth.tenantId, body.roleIds, body.menuIds, nextId);
      for (const [ids, category] of [
        [body.dataScopeIds, 1],
        [body.apiScopeIds, 2],
      ] as const) {
        if (!ids) continue;
        await trx
          .deleteFrom('blade_role_scope')
          .where('tenant_id', '=', auth.tenantId)
          .where('role_id', 'in', body.roleIds)
          .where('scope_category', '=', category)
          .execute();
        const rows = body.roleIds.flatMap((roleId) =>
          ids.map((scopeId) => ({
            id: nextId(),
            tenant_id: auth.tenantId,
            role_id: roleId,
            scope_id: scopeId,
            scope_category: category,
          })),
        );
        if (rows.length) await trx.insertInto('blade_role_scope').values(rows).execute();
      }
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  return router;
}
