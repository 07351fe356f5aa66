import { sql, type SqlBool } from 'kysely';
import type { Deps } from '../../../core/context';
import { type AnyDb, type CrudContext, type CrudHooks } from '../../../core/crud';
import { KeyedError } from '../../../core/errors';
import { clearPermissionCaches, normaliseScopePath } from '../../../core/permission';
import { blank, idSchema } from '../../../../lib/contracts/inputs';

const DATA_SCOPE_TYPES: Record<number, string> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
};
const API_SCOPE_TYPES: Record<number, string> = { 1: '系统接口', 2: '业务接口' };
const DEPT_IDS = /^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/;

/** The scope's menu must be a live one. */
async function checkMenu(ctx: CrudContext, menuId: unknown) {
  const menu = await ctx.trx
    .selectFrom('blade_menu')
    .select('id')
    // Compared as the definition's rule parsed it (a required id text; values are Record<string, unknown>).
    .where('id', '=', menuId as string)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!menu) throw new KeyedError('system.scope.menuMissing');
}

/** A value the edit leaves out is the stored one. */
async function stored(ctx: CrudContext, table: string, id: string | null, column: string) {
  if (!id) return undefined;
  // The table is named at run time: the query is untyped.
  const untyped: AnyDb = ctx.trx;
  const row = (await untyped.selectFrom(table).select(column).where('id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  return row?.[column];
}

/** Both kinds: the list's `menuId` filter (an id), the type's name in the answers, grants read again after a write. */
const shared = (types: Record<number, string>): CrudHooks => ({
  present: (row) => ({ scopeTypeName: types[Number(row.scope_type)] ?? '' }),
  async listCondition(_ctx, params) {
    const menuId = blank(idSchema).parse(params.menuId);
    return menuId ? sql<SqlBool>`menu_id = ${menuId}` : undefined;
  },
  afterCommit: (deps: Deps) => clearPermissionCaches(deps),
});

export const dataScopeHooks: CrudHooks = {
  ...shared(DATA_SCOPE_TYPES),
  async beforeWrite(ctx, values, id) {
    await checkMenu(ctx, values.menu_id);
    const type = Number(values.scope_type ?? (await stored(ctx, 'blade_scope_data', id, 'scope_type')));
    if (!(type in DATA_SCOPE_TYPES)) throw new KeyedError('system.scope.typeUnsupported');
    const depts = String(
      values.scope_value ?? (await stored(ctx, 'blade_scope_data', id, 'scope_value')) ?? '',
    );
    if (type === 5 && !DEPT_IDS.test(depts)) throw new KeyedError('system.scope.deptsRequired');
  },
};

export const apiScopeHooks: CrudHooks = {
  ...shared(API_SCOPE_TYPES),
  async beforeWrite(ctx, values, id) {
    await checkMenu(ctx, values.menu_id);
    const path = normaliseScopePath(String(values.scope_path ?? ''));
    if (path === '/' || !/^\/[A-Za-z0-9/_.*-]+$/.test(path)) throw new KeyedError('system.scope.pathInvalid');
    values.scope_path = path;
    const type = Number(values.scope_type ?? (await stored(ctx, 'blade_scope_api', id, 'scope_type')));
    if (!(type in API_SCOPE_TYPES)) throw new KeyedError('system.scope.apiTypeUnsupported');
  },
};
