import type { Kysely, SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import { ValidationError } from './errors';
import { zhText } from './refusal-keys';

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 10;

export interface PageRequest {
  current: number;
  size: number;
  offset: number;
}

/** current >= 1; size clamped to 1..500 (default 10). */
export function pageRequest(query: { current?: number | null; size?: number | null }): PageRequest {
  const current = Math.max(1, query.current ?? 1);
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, query.size ?? DEFAULT_PAGE_SIZE));
  return { current, size, offset: (current - 1) * size };
}

export function toPage<T>(records: T[], total: number, page: PageRequest): Page<T> {
  return { records, total, size: page.size, current: page.current, pages: Math.ceil(total / page.size) };
}

const snake = (s: string) => s.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export type SortOrder = { column: string; direction: 'asc' | 'desc' };

/**
 * ascs/descs → ORDER BY terms through a per-endpoint allowlist of column names (snake_case; camelCase accepted).
 * Anything else is refused, never spliced (CVE-2020-16165 and friends).
 */
export function sortOrders(
  allowed: readonly string[],
  query: { ascs?: string | null; descs?: string | null },
): SortOrder[] {
  const orders: SortOrder[] = [];
  for (const [field, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    for (const raw of (query[field] ?? '').split(',')) {
      const name = raw.trim();
      if (!name) continue;
      const column = snake(name);
      if (!allowed.includes(column))
        throw new ValidationError(
          field,
          zhText('common.refusal.sortUnsupported', { name: name.slice(0, 64) }),
        );
      orders.push({ column, direction });
    }
  }
  return orders;
}

export function applySort<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  orders: SortOrder[],
): SelectQueryBuilder<DB, TB, O> {
  return orders.reduce((q, o) => q.orderBy(sql.ref(o.column), o.direction), qb);
}

/** LIKE pattern for a user-supplied fragment, with the wildcards in it taken literally. */
export function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The ids of a table's rows whose column contains `fragment` (case-insensitive), from the suffix index of fields
 * searched by `fragment` (migration 20261127T150000): "contains F" is "some suffix starts with F", a range of a btree
 * over a C-collated column. Only leakproof comparisons touch the column, so the index serves it under row-level
 * security, where `ilike` could only scan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any executor of the portal's database
export function fragmentMatches(db: Kysely<any>, tenantId: string, source: string, fragment: string) {
  const from = sql<string>`lower(${fragment}) collate "C"`;
  // U+10FFFF sorts after every character in the C collation: the end of the range of suffixes starting with F.
  const to = sql<string>`(lower(${fragment}) || chr(1114111)) collate "C"`;
  return db
    .selectFrom('blade_fragment_index')
    .select('row_id')
    .where('tenant_id', '=', tenantId)
    .where('source', '=', source)
    .where('suffix', '>=', from)
    .where('suffix', '<', to);
}

/**
 * One page of a filtered query: the rows (sorted by the caller's allowlisted orders, else `defaultOrder`) and the
 * total, from the same WHERE clause so that the two can never disagree. `base` carries the filters and no selection;
 * `select` adds the columns (selectAll, joins' columns, computed fields).
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (qb: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  orders: SortOrder[],
  defaultOrder: SortOrder[] = [{ column: 'id', direction: 'asc' }],
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    applySort(select(base), orders.length ? orders : defaultOrder)
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { total: string }).total) };
}
