import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { deptResource } from '../../../../lib/contracts/system/dept';
import {
  deptLazyList,
  deptLazyTree,
  deptLevelQuery,
  deptTree,
} from '../../../../lib/contracts/system/dept.actions';
import { actionRouter } from '../../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../../core/context';
import { toVO, type CrudHooks } from '../../../core/crud';
import { KeyedError } from '../../../core/errors';
import { sortOrders } from '../../../core/page';
import { treeNode } from '../../../core/permission-input';
import { buildTree } from '../../../core/tree';
import type { DeptRow } from '../../../db/schema';
import type { Db } from '../../../db/tenant';
import { visibleDepts } from './dept.repository';

/**
 * What the dept definition does not say: a dept's ancestors follow its parent (and its subtree follows it), the full
 * name defaults to the name, and a dept with children or users stays.
 */
export const deptHooks: CrudHooks = {
  present: (row) => ({ tenantId: row.tenant_id }),
  async beforeWrite({ trx, auth }, values, id) {
    // A form without a parent puts the dept at the top, as Blade's does.
    values.parent_id ??= '0';
    if (!values.full_name) values.full_name = values.dept_name;
    const byId = new Map((await visibleDepts(trx, auth)).map((d) => [d.id, d]));
    let ancestors = '0';
    const parentId = String(values.parent_id);
    if (parentId !== '0') {
      if (parentId === id) throw new KeyedError('system.dept.parentSelf');
      const parent = byId.get(parentId);
      if (!parent) throw new KeyedError('system.dept.parentMissing');
      if (id && parent.ancestors.split(',').includes(id))
        throw new KeyedError('system.dept.parentDescendant');
      ancestors = `${parent.ancestors},${parent.id}`;
    }
    values.ancestors = ancestors;
    const before = id ? byId.get(id) : undefined;
    if (before) await moveSubtree(trx, auth.tenantId, before, ancestors);
  },
  async afterRemove({ trx, auth }, ids) {
    const removing = new Set(ids);
    const children = await trx
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('parent_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    if (children.some((d) => !removing.has(d.id as string)))
      throw new KeyedError('system.dept.childrenFirst');
    // A user's depts are a comma-joined list: any of them among the removed ones keeps the removal from happening.
    const users = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0)
      .where(
        sql<boolean>`string_to_array(dept_id, ',') && array[${sql.join(ids.map((id) => sql`${id}`))}]::text[]`,
      )
      .limit(1)
      .execute();
    if (users.length) throw new KeyedError('system.dept.hasUsers');
  },
};

/** Moving a dept moves its subtree: every descendant's ancestors start with the new path. */
async function moveSubtree(trx: Db, tenantId: string, dept: DeptRow, ancestors: string): Promise<void> {
  const oldPrefix = `${dept.ancestors},${dept.id}`;
  const newPrefix = `${ancestors},${dept.id}`;
  if (oldPrefix === newPrefix) return;
  const all = await trx
    .selectFrom('blade_dept')
    .select(['id', 'ancestors'])
    .where('tenant_id', '=', tenantId)
    .execute();
  for (const d of all) {
    if (d.ancestors === oldPrefix || d.ancestors.startsWith(`${oldPrefix},`)) {
      await trx
        .updateTable('blade_dept')
        .set({ ancestors: newPrefix + d.ancestors.slice(oldPrefix.length) })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', d.id)
        .execute();
    }
  }
}

const DEPT_SORTABLE = ['id', 'sort', 'dept_name', 'full_name'] as const;
/** The visible depts (sorted by the query's allowlisted orders) and those matching its name filters. */
async function filtered(trx: Db, auth: AuthUser, query: z.output<typeof deptLevelQuery>) {
  const rows = await visibleDepts(trx, auth);
  const has = (v: string, part?: string | null) => !part || v.toLowerCase().includes(part.toLowerCase());
  let matching = rows.filter((d) => has(d.dept_name, query.deptName) && has(d.full_name, query.fullName));
  for (const o of [...sortOrders(DEPT_SORTABLE, query)].reverse()) {
    const key = o.column as keyof DeptRow;
    matching = [...matching].sort((a, b) => {
      const cmp =
        typeof a[key] === 'number'
          ? (a[key] as number) - (b[key] as number)
          : String(a[key]).localeCompare(String(b[key]));
      return o.direction === 'asc' ? cmp : -cmp;
    });
  }
  return { rows, matching };
}

export function deptActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  // ?parentId — one level (default the roots; with a name filter every match) as DeptVO with hasChildren.
  serve(deptLazyList, async ({ trx, auth, input }) => {
    const { rows, matching } = await filtered(trx, auth, input);
    const names = new Map(rows.map((d) => [d.id, d.dept_name]));
    const parents = new Set(rows.map((d) => d.parent_id));
    const parentId = input.parentId ?? (input.deptName || input.fullName ? undefined : '0');
    return matching
      .filter((d) => parentId === undefined || d.parent_id === parentId)
      .map((d) => ({
        ...toVO(deptResource, { ...d }, deptHooks),
        parentName: names.get(d.parent_id) ?? '',
        hasChildren: parents.has(d.id),
      }));
  });

  // TreeNode[] of the visible depts.
  serve(deptTree, async ({ trx, auth, input }) => {
    const { rows } = await filtered(trx, auth, input);
    return buildTree(rows.map((d) => treeNode(d.id, d.parent_id, d.dept_name)));
  });

  // ?parentId — one level of TreeNodes with hasChildren; a scoped caller's topmost visible depts count as roots.
  serve(deptLazyTree, async ({ trx, auth, input }) => {
    const { rows } = await filtered(trx, auth, input);
    const parents = new Set(rows.map((d) => d.parent_id));
    const ids = new Set(rows.map((d) => d.id));
    const parentId = input.parentId ?? '0';
    return rows
      .filter((d) => d.parent_id === parentId || (parentId === '0' && !ids.has(d.parent_id)))
      .map((d) => treeNode(d.id, d.parent_id, d.dept_name, parents.has(d.id)));
  });

  return router;
}
