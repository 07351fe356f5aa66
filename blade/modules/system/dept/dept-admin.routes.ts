import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { resolveDataScope } from '../../../core/data-scope';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { pageQuerySchema, sortOrders } from '../../../core/page';
import { demand, permit } from '../../../core/permission';
import { idsParam, parentIdSchema, treeNode } from '../../../core/permission-input';
import { buildTree } from '../../../core/tree';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import type { DeptRow } from '../../../db/schema';
import { withTenant, type Db } from '../../../db/tenant';
import { intSchema } from '../param/admin-input';
import { toDeptVO } from './dept.routes';

const DEPT_SORTABLE = ['id', 'sort', 'dept_name', 'full_name'] as const;
const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({
  deptName: text(45),
  fullName: text(45),
  parentId: blank(z.union([z.literal('0'), idSchema])),
});
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  parentId: parentIdSchema,
  deptName: text(45),
  fullName: text(45),
  deptCategory: blank(intSchema),
  sort: blank(intSchema),
  remark: text(255),
});

/** The tenant's live depts the caller may see (data scope `dept`: a restricted caller sees its scope's depts). */
export async function visibleDepts(trx: Db, auth: AuthUser): Promise<DeptRow[]> {
  const rows = await trx
    .selectFrom('blade_dept')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const scope = await resolveDataScope(trx, auth, 'dept');
  if (scope.all) return rows;
  const allowed = new Set(scope.depts);
  return rows.filter((d) => allowed.has(d.id));
}

function sortDepts(rows: DeptRow[], query: z.output<typeof listQuery>): DeptRow[] {
  let out = rows;
  for (const o of [...sortOrders(DEPT_SORTABLE, query)].reverse()) {
    const key = o.column as keyof DeptRow;
    out = [...out].sort((a, b) => {
      const cmp =
        typeof a[key] === 'number'
          ? (a[key] as number) - (b[key] as number)
          : String(a[key]).localeCompare(String(b[key]));
      return o.direction === 'asc' ? cmp : -cmp;
    });
  }
  return out;
}

/** Department administration (contract §7.2), within the caller's tenant and data scope. */
export function deptAdminRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const canRead = permit(deps, { codes: ['dept'] });
  // Pickers (user form, data scopes) need the tree without the dept page.
  const canPick = permit(deps, {
    codes: ['dept', 'user', 'role', 'datascope', 'external_user', 'dept_lab_user'],
  });

  async function filtered(c: Context<BladeEnv>) {
    const query = parseQuery(c, listQuery);
    const auth = c.get('auth');
    const rows = await withTenant(deps.db, auth.tenantId, (trx) => visibleDepts(trx, auth));
    const has = (v: string, part?: string | null) => !part || v.toLowerCase().includes(part.toLowerCase());
    const names = new Map(rows.map((d) => [d.id, d.dept_name]));
    const matching = sortDepts(
      rows.filter((d) => has(d.dept_name, query.deptName) && has(d.full_name, query.fullName)),
      query,
    );
    return { query, rows, matching, names };
  }

  // GET /blade-system/dept/list — DeptVO tree; filters deptName/fullName (contains).
  router.get('/dept/list', canRead, async (c) => {
    const { matching, names } = await filtered(c);
    return c.json(
      ok(buildTree(matching.map((d) => ({ ...toDeptVO(d), parentName: names.get(d.parent_id) ?? '' })))),
    );
  });

  // GET /blade-system/dept/lazy-list?parentId — one level (default the roots) as DeptVO with hasChildren.
  router.get('/dept/lazy-list', canRead, async (c) => {
    const { query, rows, matching, names } = await filtered(c);
    const parents = new Set(rows.map((d) => d.parent_id));
    const parentId = query.parentId ?? (query.deptName || query.fullName ? undefined : '0');
    const level = matching.filter((d) => parentId === undefined || d.parent_id === parentId);
    return c.json(
      ok(
        level.map((d) => ({
          ...toDeptVO(d),
          parentName: names.get(d.parent_id) ?? '',
          hasChildren: parents.has(d.id),
        })),
      ),
    );
  });

  // GET /blade-system/dept/tree — TreeNode[] of the visible depts.
  router.get('/dept/tree', canPick, async (c) => {
    const { rows } = await filtered(c);
    return c.json(ok(buildTree(rows.map((d) => treeNode(d.id, d.parent_id, d.dept_name)))));
  });

  // GET /blade-system/dept/lazy-tree?parentId — one level of TreeNodes with hasChildren.
  router.get('/dept/lazy-tree', canPick, async (c) => {
    const { query, rows } = await filtered(c);
    const parents = new Set(rows.map((d) => d.parent_id));
    const ids = new Set(rows.map((d) => d.id));
    const parentId = query.parentId ?? '0';
    // A scoped caller's topmost visible depts count as roots.
    const level = rows.filter((d) => d.parent_id === parentId || (parentId === '0' && !ids.has(d.parent_id)));
    return c.json(ok(level.map((d) => treeNode(d.id, d.parent_id, d.dept_name, parents.has(d.id)))));
  });

  // GET /blade-system/dept/detail?id — DeptVO with parentName.
  router.get('/dept/detail', canRead, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const auth = c.get('auth');
    const rows = await withTenant(deps.db, auth.tenantId, (trx) => visibleDepts(trx, auth));
    const dept = rows.find((d) => d.id === id);
    if (!dept) throw new NotFoundError();
    const parent = rows.find((d) => d.id === dept.parent_id);
    return c.json(ok({ ...toDeptVO(dept), parentName: parent?.dept_name ?? '' }));
  });

  // POST /blade-system/dept/submit — add (dept_add) or edit (dept_edit); ancestors follow the parent.
  router.post('/dept/submit', permit(deps, { codes: ['dept_add', 'dept_edit'] }), async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    await demand(deps, auth, { codes: [body.id ? 'dept_edit' : 'dept_add'] });
    const deptName = body.deptName?.trim();
    if (!deptName) throw new ServiceError('请输入部门名称');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const rows = await visibleDepts(trx, auth);
      const byId = new Map(rows.map((d) => [d.id, d]));
      if (body.id && !byId.has(body.id)) throw new NotFoundError();
      let ancestors = '0';
      if (body.parentId !== '0') {
        if (body.parentId === body.id) throw new ServiceError('父节点不可选择自身!');
        const parent = byId.get(body.parentId);
        if (!parent) throw new ServiceError('上级部门不存在!');
        if (body.id && parent.ancestors.split(',').includes(body.id))
          throw new ServiceError('父节点不可选择自身的子节点!');
        ancestors = `${parent.ancestors},${parent.id}`;
      }
      const values = {
        parent_id: body.parentId,
        ancestors,
        dept_name: deptName,
        full_name: body.fullName?.trim() || deptName,
        dept_category: body.deptCategory ?? 1,
        sort: body.sort ?? 0,
        remark: body.remark ?? '',
      };
      if (!body.id) {
        await trx
          .insertInto('blade_dept')
          .values({ id: nextId(), tenant_id: auth.tenantId, ...values })
          .execute();
        return;
      }
      const before = byId.get(body.id)!;
      await trx
        .updateTable('blade_dept')
        .set(values)
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', body.id)
        .execute();
      // Moving a dept moves its subtree: every descendant's ancestors start with the new path.
      const oldPrefix = `${before.ancestors},${before.id}`;
      const newPrefix = `${ancestors},${before.id}`;
      if (oldPrefix !== newPrefix) {
        const all = await trx
          .selectFrom('blade_dept')
          .select(['id', 'ancestors'])
          .where('tenant_id', '=', auth.tenantId)
          .execute();
        for (const d of all) {
          if (d.ancestors === oldPrefix || d.ancestors.startsWith(`${oldPrefix},`)) {
            await trx
              .updateTable('blade_dept')
              .set({ ancestors: newPrefix + d.ancestors.slice(oldPrefix.length) })
              .where('tenant_id', '=', auth.tenantId)
              .where('id', '=', d.id)
              .execute();
          }
        }
      }
    });
    return c.json(success());
  });

  // POST /blade-system/dept/remove?ids — soft delete; refused while a dept has children or users.
  router.post('/dept/remove', permit(deps, { codes: ['dept_delete'] }), async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const rows = await visibleDepts(trx, auth);
      const live = new Set(rows.map((d) => d.id));
      if (!ids.every((id) => live.has(id))) throw new NotFoundError();
      const removing = new Set(ids);
      const children = await trx
        .selectFrom('blade_dept')
        .select(['id', 'parent_id'])
        .where('tenant_id', '=', auth.tenantId)
        .where('parent_id', 'in', ids)
        .where('is_deleted', '=', 0)
        .execute();
      if (children.some((d) => !removing.has(d.id))) throw new ServiceError('请先删除子节点!');
      const users = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0)
        .where((eb) =>
          eb(
            eb.fn<string[]>('string_to_array', [eb.ref('dept_id'), eb.val(',')]),
            '&&',
            eb.cast<string[]>(eb.val(`{${ids.join(',')}}`), 'text[]' as never),
          ),
        )
        .limit(1)
        .execute();
      if (users.length) throw new ServiceError('该部门下存在用户，请先移除用户!');
      await trx
        .updateTable('blade_dept')
        .set({ is_deleted: 1 })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute();
    });
    return c.json(success());
  });

  return router;
}
