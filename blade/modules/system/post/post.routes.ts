import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { dataScopeCondition, resolveDataScope, type DataScopeColumns } from '../../../core/data-scope';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { contains, fetchPage, pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { demand, permit } from '../../../core/permission';
import { createdBy, idsParam, updatedBy } from '../../../core/permission-input';
import { blank, idSchema, parseJson, parseQuery, queryInt } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { PostRow } from '../../../db/schema';
import { withTenant, type Db } from '../../../db/tenant';
import { intSchema } from '../param/admin-input';

const POST_CATEGORIES: Record<number, string> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };
const POST_SORTABLE = [
  'id',
  'sort',
  'category',
  'post_code',
  'post_name',
  'create_time',
  'update_time',
] as const;

export function toPostVO(row: PostRow) {
  return {
    ...auditFields(row),
    tenantId: row.tenant_id,
    category: row.category,
    categoryName: POST_CATEGORIES[row.category] ?? '',
    postCode: row.post_code,
    postName: row.post_name,
    sort: row.sort,
    remark: row.remark,
  };
}

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({ postCode: text(12), postName: text(64), category: queryInt });
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  category: blank(intSchema),
  postCode: text(12),
  postName: text(64),
  sort: blank(intSchema),
  remark: text(255),
});

export async function findPosts(db: Db, tenantId: string, ids: string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_post')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}

/** Where a post keeps the dept and the user that created it: what the `post` data scope filters on. */
const POST_SCOPE_COLUMNS: DataScopeColumns = {
  dept: { column: 'blade_post.create_dept' },
  owner: 'blade_post.create_user',
};

/** Posts of the caller's tenant within their `post` data scope; any id outside it is a 404. */
async function scopedPosts(trx: Db, auth: AuthUser, ids: string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const scope = await resolveDataScope(trx, auth, 'post');
  const rows = await trx
    .selectFrom('blade_post')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .where((eb) => dataScopeCondition(eb, scope, POST_SCOPE_COLUMNS))
    .execute();
  if (rows.length !== new Set(ids).size) throw new NotFoundError();
  return rows;
}

/** Posts (contract §7.8), tenant-owned; the `post` data scope applies to the list and to every id. */
export function postRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/post/list — page; filters postCode/postName (contains), category (equal).
  router.get('/post/list', permit(deps, { codes: ['post', 'user'] }), async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(POST_SORTABLE, query);
    const auth = c.get('auth');
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, auth, 'post');
      let base = trx
        .selectFrom('blade_post')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0)
        .where((eb) => dataScopeCondition(eb, scope, POST_SCOPE_COLUMNS));
      if (query.postCode) base = base.where('post_code', 'ilike', contains(query.postCode));
      if (query.postName) base = base.where('post_name', 'ilike', contains(query.postName));
      if (query.category !== null && query.category !== undefined)
        base = base.where('category', '=', query.category);
      const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders, [
        { column: 'sort', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ]);
      return toPage(rows.map(toPostVO), total, page);
    });
    return c.json(ok(result));
  });

  // GET /blade-system/post/detail?id
  router.get('/post/detail', permit(deps, { codes: ['post'] }), async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const auth = c.get('auth');
    const [row] = await withTenant(deps.db, auth.tenantId, (trx) => scopedPosts(trx, auth, [id]));
    return c.json(ok(toPostVO(row)));
  });

  // POST /blade-system/post/submit — add (post_add) or edit (post_edit); postCode unique within the tenant.
  router.post('/post/submit', async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    await demand(deps, auth, { codes: [body.id ? 'post_edit' : 'post_add'] });
    const postCode = body.postCode?.trim();
    const postName = body.postName?.trim();
    if (!postCode) throw new ServiceError('请输入岗位编号');
    if (!postName) throw new ServiceError('请输入岗位名称');
    const values = {
      category: body.category ?? 4,
      post_code: postCode,
      post_name: postName,
      sort: body.sort ?? 0,
      remark: body.remark ?? '',
    };
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (body.id) await scopedPosts(trx, auth, [body.id]);
      let taken = trx
        .selectFrom('blade_post')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('post_code', '=', postCode)
        .where('is_deleted', '=', 0);
      if (body.id) taken = taken.where('id', '<>', body.id);
      if (await taken.executeTakeFirst()) throw new ServiceError('当前岗位编号已存在!');
      if (body.id) {
        await trx
          .updateTable('blade_post')
          .set({ ...values, ...updatedBy(auth) })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_post')
          .values({ id: nextId(), tenant_id: auth.tenantId, ...values, ...createdBy(auth) })
          .execute();
      }
    });
    return c.json(success());
  });

  // POST /blade-system/post/remove?ids — soft delete with the posts' role assignments.
  router.post('/post/remove', permit(deps, { codes: ['post_delete'] }), async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      await scopedPosts(trx, auth, ids);
      await trx
        .updateTable('blade_post')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('blade_post_role')
        .where('tenant_id', '=', auth.tenantId)
        .where('post_id', 'in', ids)
        .execute();
    });
    return c.json(success());
  });

  return router;
}
