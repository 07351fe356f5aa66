import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { isTenantAdmin } from './roles';
import type { Db } from '../db/tenant';
import type { AuthUser } from './context';

/** blade_scope_data.scope_type (dict `data_scope_type`). */
export const DATA_SCOPE_TYPE = { all: 1, own: 2, ownDept: 3, ownDeptAndChildren: 4, custom: 5 } as const;

/**
 * What a caller may see of one resource: everything, or rows of some depts and/or rows they own.
 * `depts` and `owner` are alternatives (a row matching either is visible).
 */
export type DataScope = { all: true } | { all: false; depts: string[]; owner: string | null };

/**
 * Resolves the caller's data scope over a resource (blade_scope_data.resource_code, e.g. `user`), inside the
 * caller's tenant transaction. Rules:
 * - tenant administrators (alias `admin`) and the platform administrator see everything;
 * - a role set holding no data scope for the resource is not restricted (scopes are opt-in restrictions, as in Blade);
 * - several held scopes add up (a row visible through any of them is visible); `all` (1) wins;
 * - 2 own records, 3 the caller's depts, 4 those and every dept below them, 5 the depts listed in scope_value.
 * blade_scope_data's scope_column/scope_field are informational here: the columns a rule applies to are fixed by the
 * calling module in code, never read from the database or the request.
 */
export async function resolveDataScope(trx: Db, auth: AuthUser, resourceCode: string): Promise<DataScope> {
  if (isTenantAdmin(auth) || auth.roleIds.length === 0) return { all: true };
  const rules = await trx
    .selectFrom('blade_role_scope as rs')
    .innerJoin('blade_scope_data as sd', 'sd.id', 'rs.scope_id')
    .select(['sd.scope_type', 'sd.scope_value'])
    .where('rs.tenant_id', '=', auth.tenantId)
    .where('rs.role_id', 'in', auth.roleIds)
    .where('rs.scope_category', '=', 1)
    .where('sd.resource_code', '=', resourceCode)
    .where('sd.is_deleted', '=', 0)
    .execute();
  if (rules.length === 0 || rules.some((r) => r.scope_type === DATA_SCOPE_TYPE.all)) return { all: true };

  const depts = new Set<string>();
  let owner: string | null = null;
  let withChildren = false;
  for (const rule of rules) {
    if (rule.scope_type === DATA_SCOPE_TYPE.own) owner = auth.userId;
    else if (rule.scope_type === DATA_SCOPE_TYPE.ownDept) auth.deptIds.forEach((d) => depts.add(d));
    else if (rule.scope_type === DATA_SCOPE_TYPE.ownDeptAndChildren) withChildren = true;
    else if (rule.scope_type === DATA_SCOPE_TYPE.custom)
      for (const id of rule.scope_value.split(','))
        if (/^[1-9]\d{0,18}$/.test(id.trim())) depts.add(id.trim());
  }
  if (withChildren) {
    for (const id of await deptsWithChildren(trx, auth.tenantId, auth.deptIds)) depts.add(id);
  }
  return { all: false, depts: [...depts], owner };
}

/** The given depts and every live dept below them (ancestors lists hold the path from the root). */
export async function deptsWithChildren(
  trx: Db,
  tenantId: string,
  roots: readonly string[],
): Promise<string[]> {
  if (roots.length === 0) return [];
  const rows = await trx
    .selectFrom('blade_dept')
    .select(['id', 'ancestors'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const rootSet = new Set(roots);
  return rows
    .filter((r) => rootSet.has(r.id) || r.ancestors.split(',').some((a) => rootSet.has(a)))
    .map((r) => r.id);
}

/** Where the rows of a resource keep their dept and owner. Column names come from code only. */
export interface DataScopeColumns {
  /** A dept id column; `list: true` when it holds comma-joined ids (blade_user.dept_id). */
  dept?: { column: string; list?: boolean };
  /** The owner's user id (usually create_user). */
  owner?: string;
}

/**
 * The where-condition of a data scope: `qb.where((eb) => dataScopeCondition(eb, scope, columns))`.
 * A scope whose rules name no column the resource has matches nothing (restricted, never widened).
 */
export function dataScopeCondition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: DataScope,
  columns: DataScopeColumns,
): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`true`;
  const parts: Expression<SqlBool>[] = [];
  if (columns.dept && scope.depts.length > 0) {
    const ref = sql.ref(columns.dept.column);
    const ids = sql.join(scope.depts.map((d) => sql`${d}`));
    parts.push(
      columns.dept.list
        ? sql<SqlBool>`string_to_array(${ref}, ',') && array[${ids}]::text[]`
        : sql<SqlBool>`${ref} in (${ids})`,
    );
  }
  if (columns.owner && scope.owner) parts.push(sql<SqlBool>`${sql.ref(columns.owner)} = ${scope.owner}`);
  if (parts.length === 0) return sql<SqlBool>`false`;
  return eb.or(parts);
}
