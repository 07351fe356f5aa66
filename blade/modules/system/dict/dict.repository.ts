import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import { applySort, contains, fetchPage, type PageRequest, type SortOrder } from '../../../core/page';
import type { Database, DictRow, DictTable } from '../../../db/schema';
import type { Db } from '../../../db/tenant';

/**
 * System dictionaries (blade_dict, global) and business dictionaries (blade_dict_biz, one set per tenant) share one
 * shape, so one repository serves both: the scope names the table and, for business dictionaries, the tenant.
 * Header rows have parent_id 0 and dict_key '-1'; items hang below a header (or below another item).
 */
export type DictScope = { table: 'blade_dict' } | { table: 'blade_dict_biz'; tenantId: string };

export const DICT_SORTABLE = ['id', 'code', 'dict_key', 'dict_value', 'sort', 'parent_id'] as const;
/** Trees are not paged (contract §7.5); this bounds what one call may read. */
export const DICT_TREE_LIMIT = 5_000;

export interface DictFilter {
  code?: string | null;
  dictValue?: string | null;
}

// Both tables have the blade_dict columns (blade_dict_biz adds tenant_id), so queries are typed against blade_dict.
function live(db: Db, scope: DictScope): SelectQueryBuilder<Database, 'blade_dict', object> {
  let q = db.selectFrom(scope.table as 'blade_dict').where('is_deleted', '=', 0);
  if (scope.table === 'blade_dict_biz') q = q.where(sql<boolean>`tenant_id = ${scope.tenantId}`);
  return q;
}

function filtered(db: Db, scope: DictScope, filter: DictFilter) {
  let q = live(db, scope);
  if (filter.code) q = q.where('code', 'ilike', contains(filter.code));
  if (filter.dictValue) q = q.where('dict_value', 'ilike', contains(filter.dictValue));
  return q;
}

const DEFAULT_ORDER: SortOrder[] = [
  { column: 'sort', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];

export async function listDicts(
  db: Db,
  scope: DictScope,
  filter: DictFilter,
  orders: SortOrder[],
): Promise<DictRow[]> {
  return applySort(filtered(db, scope, filter).selectAll(), orders.length ? orders : DEFAULT_ORDER)
    .limit(DICT_TREE_LIMIT)
    .execute();
}

/** A page of rows under one parent (parent '0' = the header rows). */
export async function pageDicts(
  db: Db,
  scope: DictScope,
  parentId: string,
  filter: DictFilter,
  page: PageRequest,
  orders: SortOrder[],
): Promise<{ rows: DictRow[]; total: number }> {
  const base = filtered(db, scope, filter).where('parent_id', '=', parentId);
  return fetchPage(base, (qb) => qb.selectAll(), page, orders, DEFAULT_ORDER);
}

/** Every live item (not header) of the given codes, for nesting below page rows. */
export async function itemsOfCodes(db: Db, scope: DictScope, codes: string[]): Promise<DictRow[]> {
  if (codes.length === 0) return [];
  return live(db, scope)
    .selectAll()
    .where('code', 'in', codes)
    .where('parent_id', '<>', '0')
    .orderBy('sort')
    .orderBy('id')
    .limit(DICT_TREE_LIMIT)
    .execute();
}

/** The items of one code: its child rows, never the header row (parent_id 0, dict_key -1). */
export async function findDictionary(db: Db, code: string, scope: DictScope = { table: 'blade_dict' }) {
  return live(db, scope)
    .selectAll()
    .where('code', '=', code)
    .where('parent_id', '<>', '0')
    .where('dict_key', '<>', '-1')
    .orderBy('sort')
    .orderBy('id')
    .limit(DICT_TREE_LIMIT)
    .execute();
}

export async function findDict(db: Db, scope: DictScope, id: string): Promise<DictRow | undefined> {
  return live(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findDicts(db: Db, scope: DictScope, ids: string[]): Promise<DictRow[]> {
  if (ids.length === 0) return [];
  return live(db, scope).selectAll().where('id', 'in', ids).execute();
}

export async function keyTaken(
  db: Db,
  scope: DictScope,
  code: string,
  dictKey: string,
  exceptId?: string,
): Promise<boolean> {
  let q = live(db, scope).select('id').where('code', '=', code).where('dict_key', '=', dictKey);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Live rows below the given ones that are not themselves among them. */
export async function childCount(db: Db, scope: DictScope, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await live(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findHeader(db: Db, scope: DictScope, code: string): Promise<DictRow | undefined> {
  return live(db, scope).selectAll().where('code', '=', code).where('parent_id', '=', '0').executeTakeFirst();
}

export type DictValues = Omit<Insertable<DictTable>, 'id' | 'is_deleted'>;

export async function insertDict(db: Db, scope: DictScope, id: string, values: DictValues): Promise<void> {
  const row: Insertable<DictTable> = { id, ...values };
  if (scope.table === 'blade_dict_biz') Object.assign(row, { tenant_id: scope.tenantId });
  await db
    .insertInto(scope.table as 'blade_dict')
    .values(row)
    .execute();
}

export async function updateDict(db: Db, scope: DictScope, id: string, values: Partial<DictValues>) {
  let q = db
    .updateTable(scope.table as 'blade_dict')
    .set(values)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (scope.table === 'blade_dict_biz') q = q.where(sql<boolean>`tenant_id = ${scope.tenantId}`);
  await q.execute();
}

/** Renames the code of every row below a header when the header's code changes (items share their header's code). */
export async function renameCode(db: Db, scope: DictScope, from: string, to: string): Promise<void> {
  let q = db
    .updateTable(scope.table as 'blade_dict')
    .set({ code: to })
    .where('code', '=', from)
    .where('is_deleted', '=', 0);
  if (scope.table === 'blade_dict_biz') q = q.where(sql<boolean>`tenant_id = ${scope.tenantId}`);
  await q.execute();
}

export async function softDeleteDicts(db: Db, scope: DictScope, ids: string[]): Promise<number> {
  let q = db
    .updateTable(scope.table as 'blade_dict')
    .set({ is_deleted: 1 })
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0);
  if (scope.table === 'blade_dict_biz') q = q.where(sql<boolean>`tenant_id = ${scope.tenantId}`);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
