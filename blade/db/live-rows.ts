import type { Selectable } from 'kysely';
import type { Database } from './schema';
import type { Db } from './tenant';

/** Tenant-owned, soft-deleted tables whose rows are shown in their `sort` order (ties by id). */
type SortedTenantTable = 'blade_dept' | 'blade_role' | 'blade_top_menu' | 'blade_post';

/**
 * A tenant's live rows of a sorted table in display order; with `ids`, only those rows (an empty list: none, without
 * a query).
 */
export async function liveSortedRows<T extends SortedTenantTable>(
  db: Db,
  table: T,
  tenantId: string,
  ids?: readonly string[],
): Promise<Selectable<Database[T]>[]> {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom(table as SortedTenantTable)
    .selectAll()
    .where('tenant_id', '=', tenantId);
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.where('is_deleted', '=', 0).orderBy('sort').orderBy('id').execute();
  // The generic T names one of the tables; Kysely types a union table's rows as the union's common columns.
  return rows as Selectable<Database[T]>[];
}
