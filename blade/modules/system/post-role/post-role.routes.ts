import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { formatDateTime } from '../../../core/dates';
import { nextId } from '../../../core/ids';
import { fetchPage, pageRequest, sortOrders, toPage } from '../../../core/page';
import { pageQuerySchema, idArraySchema, blank, idSchema } from '../../../../lib/contracts/inputs';
import { permit } from '../../../core/permission';
import { idsParam } from '../../../core/permission-input';
import { parseJson, parseQuery } from '../../../core/validation';
import { deleteTenantRows, withTenant } from '../../../db/tenant';
import { demandGrantableRoles } from '../role/role.rules';
import { findPosts } from '../post/post.resource';

const POST_ROLE_SORTABLE = ['id', 'post_id', 'role_id', 'create_time'] as const;
const listQuery = pageQuerySchema.extend({ postId: blank(idSchema), roleId: blank(idSchema) });
const detailQuery = z.object({ id: idSchema });
// `{ postId, roleIds }` sets the roles of a post (replacing them); `{ id, postId, roleId }` edits one assignment.
const submitBody = z.object({
  id: blank(idSchema),
  postId: idSchema,
  roleId: blank(idSchema),
  roleIds: idArraySchema.optional(),
});

/** Post-role assignment (spec §6): the roles a post comes with. Tenant-owned. */
export function postRoleRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const guard = permit(deps, { codes: ['post_role'] });

  const select = (trx: Parameters<Parameters<typeof withTenant>[2]>[0], tenantId: string) =>
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

  // GET /blade-system/postRole/list?postId&roleId — page of assignments with post and role names.
  router.get('/postRole/list', guard, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(POST_ROLE_SORTABLE, query);
    const auth = c.get('auth');
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let base = select(trx, auth.tenantId);
      if (query.postId) base = base.where('pr.post_id', '=', query.postId);
      if (query.roleId) base = base.where('pr.role_id', '=', query.roleId);
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
    return c.json(ok(result));
  });

  // GET /blade-system/postRole/detail?id
  router.get('/postRole/detail', guard, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const auth = c.get('auth');
    const row = await withTenant(deps.db, auth.tenantId, (trx) =>
      select(trx, auth.tenantId)
        .select([...columns])
        .where('pr.id', '=', id)
        .executeTakeFirst(),
    );
    if (!row) throw new NotFoundError();
    return c.json(ok(vo(row)));
  });

  // POST /blade-system/postRole/submit — JSON { postId, roleIds } (replace the post's roles) or { id, postId, roleId }.
  // A post comes with its roles, so only roles the caller may give a user can be set here (SECURITY 25).
  router.post('/postRole/submit', guard, async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    const roleIds = body.roleIds ?? (body.roleId ? [body.roleId] : []);
    if (roleIds.length === 0) throw new ServiceError('请选择角色');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await findPosts(trx, auth.tenantId, [body.postId])).length === 0) throw new NotFoundError();
      await demandGrantableRoles(trx, auth, roleIds);
      if (body.id) {
        const existing = await trx
          .selectFrom('blade_post_role')
          .select('id')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!existing) throw new NotFoundError();
        await trx
          .deleteFrom('blade_post_role')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .deleteFrom('blade_post_role')
          .where('tenant_id', '=', auth.tenantId)
          .where('post_id', '=', body.postId)
          .execute();
      }
      for (const roleId of roleIds) {
        await trx
          .insertInto('blade_post_role')
          .values({
            id: nextId(),
            tenant_id: auth.tenantId,
            post_id: body.postId,
            role_id: roleId,
            create_user: auth.userId,
          })
          .onConflict((oc) => oc.columns(['post_id', 'role_id']).doNothing())
          .execute();
      }
    });
    return c.json(success());
  });

  // POST /blade-system/postRole/remove?ids
  router.post('/postRole/remove', guard, async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, (trx) =>
      deleteTenantRows(trx, 'blade_post_role', auth.tenantId, ids),
    );
    return c.json(success());
  });

  return router;
}
