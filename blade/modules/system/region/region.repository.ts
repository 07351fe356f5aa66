import type { Insertable, Updateable } from 'kysely';
import { contains, fetchPage, type PageRequest, type SortOrder } from '../../../core/page';
import type { RegionTable } from '../../../db/schema';
import type { Db } from '../../../db/tenant';

/** blade_region is global reference data (no tenant column, no soft delete). */
export const REGION_SORTABLE = ['code', 'parent_code', 'name', 'level', 'sort'] as const;
/** Children of one region are a bounded set (the largest Chinese county level list is a few hundred). */
const CHILDREN_LIMIT = 2_000;

export interface RegionFilter {
  parentCode?: string | null;
  code?: string | null;
  name?: string | null;
  level?: number | null;
}

function filtered(db: Db, filter: RegionFilter) {
  let q = db.selectFrom('blade_region');
  if (filter.parentCode) q = q.where('parent_code', '=', filter.parentCode);
  if (filter.code) q = q.where('code', 'like', `${filter.code.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
  if (filter.name) q = q.where('name', 'ilike', contains(filter.name));
  if (filter.level !== null && filter.level !== undefined) q = q.where('level', '=', filter.level);
  return q;
}

/** Rows with a hasChildren flag (an EXISTS per row, served by the parent_code index). */
export async function childrenOf(db: Db, parentCode: string, filter: Omit<RegionFilter, 'parentCode'> = {}) {
  return filtered(db, { ...filter, parentCode })
    .selectAll('blade_region')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('blade_region as child')
            .select('child.code')
            .whereRef('child.parent_code', '=', 'blade_region.code'),
        )
        .as('has_children'),
    )
    .orderBy('sort')
    .orderBy('code')
    .limit(CHILDREN_LIMIT)
    .execute();
}

export async function pageRegions(db: Db, filter: RegionFilter, page: PageRequest, orders: SortOrder[]) {
  const base = filtered(db, filter);
  return fetchPage(base, (qb) => qb.selectAll(), page, orders, [{ column: 'code', direction: 'asc' }]);
}

export async function findRegion(db: Db, code: string) {
  return db.selectFrom('blade_region').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function hasChildren(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('blade_region')
    .select('code')
    .where('parent_code', '=', code)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function upsertRegion(db: Db, row: Insertable<RegionTable>) {
  await db
    .insertInto('blade_region')
    .values(row)
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: row.name, sort: row.sort, remark: row.remark }))
    .execute();
}

const NAME_COLUMN = { 1: 'province', 2: 'city', 3: 'district', 4: 'town', 5: 'village' } as const;

/** A renamed region's name is copied into its descendants' level columns (province_name, city_name, …). */
export async function renameInDescendants(db: Db, level: number, code: string, name: string) {
  const prefix = NAME_COLUMN[level as keyof typeof NAME_COLUMN];
  if (!prefix) return;
  await db
    .updateTable('blade_region')
    .set({ [`${prefix}_name`]: name } as Updateable<RegionTable>)
    .where(`${prefix}_code`, '=', code)
    .where('code', '<>', code)
    .execute();
}

export async function deleteRegion(db: Db, code: string): Promise<number> {
  const result = await db.deleteFrom('blade_region').where('code', '=', code).executeTakeFirst();
  return Number(result.numDeletedRows);
}
