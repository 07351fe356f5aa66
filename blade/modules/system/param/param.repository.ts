import type { Db } from '../../../db/tenant';
import type { ParamRow } from '../../../db/schema';
import { contains, fetchPage, type PageRequest, type SortOrder } from '../../../core/page';

export const PARAM_SORTABLE = ['id', 'param_name', 'param_key', 'create_time', 'update_time'] as const;

export interface ParamFilter {
  paramName?: string | null;
  paramKey?: string | null;
}

/** blade_param is global (platform) data: no tenant column. */
export async function pageParams(
  db: Db,
  filter: ParamFilter,
  page: PageRequest,
  orders: SortOrder[],
): Promise<{ rows: ParamRow[]; total: number }> {
  let base = db.selectFrom('blade_param').where('is_deleted', '=', 0);
  if (filter.paramName) base = base.where('param_name', 'ilike', contains(filter.paramName));
  if (filter.paramKey) base = base.where('param_key', 'ilike', contains(filter.paramKey));
  return fetchPage(base, (qb) => qb.selectAll(), page, orders);
}

export async function findParam(db: Db, id: string): Promise<ParamRow | undefined> {
  return db
    .selectFrom('blade_param')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function paramKeyTaken(db: Db, key: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('blade_param').select('id').where('param_key', '=', key).where('is_deleted', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export interface ParamValues {
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string;
}

export async function insertParam(
  db: Db,
  id: string,
  values: ParamValues,
  userId: string,
  deptId: string | null,
) {
  await db
    .insertInto('blade_param')
    .values({ id, ...values, create_user: userId, create_dept: deptId, update_user: userId })
    .execute();
}

export async function updateParam(db: Db, id: string, values: ParamValues, userId: string) {
  await db
    .updateTable('blade_param')
    .set({ ...values, update_user: userId, update_time: new Date() })
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function softDeleteParams(db: Db, ids: string[], userId: string): Promise<number> {
  const result = await db
    .updateTable('blade_param')
    .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Live parameter rows among ids (to refuse a remove that names unknown ids). */
export async function countParams(db: Db, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('blade_param')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
