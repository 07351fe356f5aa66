import type { Db } from '../../../db/tenant';
import type { ParamRow } from '../../../db/schema';
import { applySort, contains, type PageRequest, type SortOrder } from '../../../core/page';

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
  const [rows, count] = await Promise.all([
    applySort(base.selectAll(), orders.length ? orders : [{ column: 'id', direction: 'asc' }])
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
