import { Hono } from 'hono';
import { roleGrant, roleTree } from '../../../../lib/contracts/system/role.actions';
import { actionRouter } from '../../../core/action';
import type { BladeEnv, Deps } from '../../../core/context';
import { type CrudHooks } from '../../../core/crud';
import { KeyedError, ForbiddenError, NotFoundError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { clearPermissionCaches, demandGrantable, roleRights, type Rights } from '../../../core/permission';
import { PRIVILEGED_ALIASES, treeNode } from '../../../core/permission-input';
import { buildTree } from '../../../core/tree';
import type { RoleRow } from '../../../db/schema';
import { isPlatformAdmin, isTenantAdmin } from '../../../core/roles';
import { callerRoleIds } from '../../user/user-access';
import { replaceRoleMenus } from '../menu/menu.repository';
import { listRoles } from './role.repository';
import { assertMayHandOut, assertNotHeld, requireRoles, shownTo } from './role.rules';

/**
 * What the role definition does not say: administrator aliases only from administrators, nobody changes or removes a
 * role they hold, no cycles in the tree, and a removed role's grants go with it. The navigation is cached by role.
 */
export const roleHooks: CrudHooks = {
  present: (row) => ({ tenantId: row.tenant_id }),
  async beforeWrite({ trx, auth }, values, id) {
    // A form without a parent puts the role at the top, as Blade's does.
    values.parent_id ??= '0';
    const alias = String(values.role_alias);
    if (alias === 'administrator' && !isPlatformAdmin(auth))
      throw new KeyedError('system.role.administratorAlias');
    if (PRIVILEGED_ALIASES.has(alias) && !isTenantAdmin(auth)) throw new ForbiddenError();
    if (id) {
      const [existing] = await requireRoles(trx, auth, [id]);
      assertMayHandOut(auth, [existing]);
      await assertNotHeld(trx, auth, [existing.id]);
    }
    const parentId = String(values.parent_id);
    if (parentId === '0') return;
    if (parentId === id) throw new KeyedError('system.role.parentSelf');
    const byId = new Map((await listRoles(trx, auth.tenantId)).map((r) => [r.id, r]));
    if (!byId.has(parentId)) throw new KeyedError('system.role.parentMissing');
    for (let r = byId.get(parentId); r && r.parent_id !== '0'; r = byId.get(r.parent_id)) {
      if (r.parent_id === id) throw new KeyedError('system.role.parentDescendant');
    }
  },
  // The rows are marked removed already: read them as they were, then refuse (rolling back) or take their grants.
  async afterRemove({ trx, auth }, ids) {
    const roles = (await trx
      .selectFrom('blade_role')
      .selectAll()
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .execute()) as RoleRow[];
    assertMayHandOut(auth, roles);
    const held = await callerRoleIds(trx, auth);
    if (ids.some((id) => held.has(id))) throw new KeyedError('system.role.heldRemove');
    const removing = new Set(ids);
    if ((await listRoles(trx, auth.tenantId)).some((r) => removing.has(r.parent_id)))
      throw new KeyedError('system.role.childrenFirst');
    for (const table of ['blade_role_menu', 'blade_role_scope', 'blade_post_role'] as const)
      await trx
        .deleteFrom(table)
        .where('tenant_id', '=', auth.tenantId)
        .where('role_id', 'in', ids)
        .execute();
  },
  afterCommit: clearPermissionCaches,
};

export function roleActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(roleTree, async ({ trx, auth }) => {
    const roles = await listRoles(trx, auth.tenantId);
    return buildTree(
      roles.filter((r) => shownTo(auth, r)).map((r) => treeNode(r.id, r.parent_id, r.role_name)),
    );
  });

  // After the commit, as for the CRUD calls: rights and navigation are cached by role.
  router.use(roleGrant.call.path, async (c, next) => {
    await next();
    if (c.res.status === 200) clearPermissionCaches(deps);
  });
  // Replaces the kinds of the roles' grants the body lists (a kind left out stays as it is). Roles must be the
  // caller's tenant's (404), menus and scopes live (404), every role's grants afterwards within what the caller may
  // hand out (403, core/permission grantableRights) — a grant never gives anyone more than the granter holds — and
  // the roles not the caller's own (400, assertNotHeld).
  serve(roleGrant, async ({ trx, auth, input }) => {
    if (input.roleIds.length === 0) throw new KeyedError('system.role.rolesRequired');
    const roles = await requireRoles(trx, auth, input.roleIds);
    assertMayHandOut(auth, roles);
    for (const [ids, table] of [
      [input.menuIds, 'blade_menu'],
      [input.dataScopeIds, 'blade_scope_data'],
      [input.apiScopeIds, 'blade_scope_api'],
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
    const whole = input.menuIds && input.dataScopeIds && input.apiScopeIds;
    const after: Rights[] = [];
    for (const roleId of input.roleIds) {
      const own = whole ? undefined : await roleRights(trx, auth.tenantId, [roleId]);
      after.push({
        menus: new Set(input.menuIds ?? own?.menus),
        dataScopes: new Set(input.dataScopeIds ?? own?.dataScopes),
        apiScopes: new Set(input.apiScopeIds ?? own?.apiScopes),
      });
    }
    await demandGrantable(trx, auth, after);
    await assertNotHeld(trx, auth, input.roleIds);
    if (input.menuIds) await replaceRoleMenus(trx, auth.tenantId, input.roleIds, input.menuIds, nextId);
    for (const [ids, category] of [
      [input.dataScopeIds, 1],
      [input.apiScopeIds, 2],
    ] as const) {
      if (!ids) continue;
      await trx
        .deleteFrom('blade_role_scope')
        .where('tenant_id', '=', auth.tenantId)
        .where('role_id', 'in', input.roleIds)
        .where('scope_category', '=', category)
        .execute();
      const rows = input.roleIds.flatMap((roleId) =>
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
    return null;
  });

  return router;
}
