import { Hono } from 'hono';
import {
  postRoleDetail,
  postRoleList,
  postRoleRemove,
  postRoleSubmit,
} from '../../../../lib/contracts/system/post-role.actions';
import { actionRouter } from '../../../core/action';
import type { BladeEnv, Deps } from '../../../core/context';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { formatDateTime } from '../../../core/dates';
import { nextId } from '../../../core/ids';
import { fetchPage, pageRequest, sortOrders, toPage } from '../../../core/page';
import { deleteTenantRows, type Trx } from '../../../db/tenant';
import { demandGrantableRoles } from '../role/role.rules';
import { findPosts } from '../post/post.resource';

const POST_ROLE_SORTABLE = ['id', 'post_id', 'role_id', 'create_time'] as const;

/** Post-role assignment (spec §6): the declared calls of lib/contracts/system/post-role.actions.ts. */
export function postRoleActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  const select = (trx: Trx, tenantId: string) =>
    trx
      .selectFrom('blade_post_role as pr')
      .innerJoin('blade_post as p', (j) => j.onRef('p.id', '=', 'pr.post_id').on('p.is_deleted', '=', 0))
      .innerJoin('blade_role as r', (j) => j.onRef('r.id', '=', 'pr.role_id').on('r.is_deleted', '=', 0))
      .where('pr.tenant_id', '=', tenantId);
  const vo = (r: {
    id: string;
    tenant_id: string;
    post_id: string;
    role_id: string;
    post_name: string;
    role_name: string;
    create_time: Date | string;
  }) => ({
    id: r.id,
    tenantId: r.tenant_id,
    postId: r.post_id,
    roleId: r.role_id,
    postName: r.post_name,
    roleName: r.role_name,
    createTime: formatDateTime(r.create_time),
  });
  const columns = [
    'pr.id',
    'pr.tenant_id',
    'pr.post_id',
    'pr.role_id',
    'p.post_name',
    'r.role_name',
    'pr.create_time',
  ] as const;

  serve(postRoleList, async ({ trx, auth, input }) => {
    const page = pageRequest(input);
    const orders = sortOrders(POST_ROLE_SORTABLE, input);
    let base = select(trx, auth.tenantId);
    if (input.postId) base = base.where('pr.post_id', '=', input.postId);
    if (input.roleId) base = base.where('pr.role_id', '=', input.roleId);
    const { rows, total } = await fetchPage(
      base,
      (qb) => qb.select([...columns]),
      page,
      // Every sortable column is the assignment's own: qualified, since post and role have the same names.
      orders.map((o) => ({ ...o, column: `pr.${o.column}` })),
      [{ column: 'pr.id', direction: 'asc' }],
    );
    return toPage(rows.map(vo), total, page);
  });

  serve(postRoleDetail, async ({ trx, auth, input }) => {
    const row = await select(trx, auth.tenantId)
      .select([...columns])
      .where('pr.id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return vo(row);
  });

  // A post comes with its roles, so only roles the caller may give a user can be set here (SECURITY 25).
  serve(postRoleSubmit, async ({ trx, auth, input }) => {
    const roleIds = input.roleIds ?? (input.roleId ? [input.roleId] : []);
    if (roleIds.length === 0) throw new ServiceError('请选择角色');
    if ((await findPosts(trx, auth.tenantId, [input.postId])).length === 0) throw new NotFoundError();
    await demandGrantableRoles(trx, auth, roleIds);
    if (input.id) {
      const existing = await trx
        .selectFrom('blade_post_role')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!existing) throw new NotFoundError();
      await trx
        .deleteFrom('blade_post_role')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', input.id)
        .execute();
    } else {
      await trx
        .deleteFrom('blade_post_role')
        .where('tenant_id', '=', auth.tenantId)
        .where('post_id', '=', input.postId)
        .execute();
    }
    for (const roleId of roleIds) {
      await trx
        .insertInto('blade_post_role')
        .values({
          id: nextId(),
          tenant_id: auth.tenantId,
          post_id: input.postId,
          role_id: roleId,
          create_user: auth.userId,
        })
        .onConflict((oc) => oc.columns(['post_id', 'role_id']).doNothing())
        .execute();
    }
    return null;
  });

  serve(postRoleRemove, async ({ trx, auth, input }) => {
    await deleteTenantRows(trx, 'blade_post_role', auth.tenantId, input.ids);
    return null;
  });

  return router;
}
