import { sql, type Selectable } from 'kysely';
import { contains, fetchPage, type PageRequest, type SortOrder } from '../../core/page';
import type { CodeTable, DatasourceTable, Database, ModelPrototypeTable, ModelTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

/** The code generator's tables are platform data (no tenant column): the platform administrator's only. */
export type DevelopTable = 'blade_datasource' | 'blade_model' | 'blade_model_prototype' | 'blade_code';
export type DatasourceRow = Selectable<DatasourceTable>;
export type ModelRow = Selectable<ModelTable>;
export type PrototypeRow = Selectable<ModelPrototypeTable>;
export type CodeRow = Selectable<CodeTable>;
type RowOf<T extends DevelopTable> = Selectable<Database[T]>;

export const SORTABLE = {
  blade_datasource: ['id', 'name', 'create_time', 'update_time'],
  blade_model: ['id', 'model_name', 'model_code', 'model_table', 'create_time', 'update_time'],
  blade_model_prototype: ['id', 'sort', 'jdbc_name', 'property_name'],
  blade_code: ['id', 'code_name', 'module_name', 'service_name', 'table_name', 'create_time', 'update_time'],
} as const satisfies Record<DevelopTable, readonly string[]>;

/** LIKE filters per table: request field → column. Only these reach SQL, and only as bound values. */
export const LIKE_FILTERS = {
  blade_datasource: { name: 'name' },
  blade_model: { modelName: 'model_name', modelCode: 'model_code', modelTable: 'model_table' },
  blade_model_prototype: { jdbcName: 'jdbc_name' },
  blade_code: { codeName: 'code_name', packageName: 'module_name', tableName: 'table_name' },
} as const satisfies Record<DevelopTable, Record<string, string>>;

// The four tables share the audit columns; queries are typed against one of them and cast back per table.
const live = (db: Db, table: DevelopTable) =>
  db.selectFrom(table as 'blade_code').where('is_deleted', '=', 0);

export async function pageRows<T extends DevelopTable>(
  db: Db,
  table: T,
  filter: { likes: Array<[string, string]>; modelId?: string | null },
  page: PageRequest,
  orders: SortOrder[],
): Promise<{ rows: RowOf<T>[]; total: number }> {
  let base = live(db, table);
  for (const [column, value] of filter.likes) base = base.where(sql.ref(column), 'ilike', contains(value));
  if (filter.modelId) base = base.where(sql.ref('model_id'), '=', filter.modelId);
  const fallback: SortOrder[] =
    table === 'blade_model_prototype'
      ? [
          { column: 'sort', direction: 'asc' },
          { column: 'id', direction: 'asc' },
        ]
      : [{ column: 'id', direction: 'desc' }];
  const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders, fallback);
  return { rows: rows as unknown as RowOf<T>[], total };
}

export async function findRow<T extends DevelopTable>(
  db: Db,
  table: T,
  id: string,
): Promise<RowOf<T> | undefined> {
  const row = await live(db, table).selectAll().where('id', '=', id).executeTakeFirst();
  return row as unknown as RowOf<T> | undefined;
}

export async function countRows(db: Db, table: DevelopTable, ids: string[]): Promise<number> {
  const row = await live(db, table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function softDeleteRows(
  db: Db,
  table: DevelopTable,
  ids: string[],
  userId: string,
): Promise<void> {
  await db
    .updateTable(table as 'blade_code')
    .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function prototypesOf(db: Db, modelId: string): Promise<PrototypeRow[]> {
  return db
    .selectFrom('blade_model_prototype')
    .selectAll()
    .where('model_id', '=', modelId)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function softDeletePrototypesOf(db: Db, modelIds: string[], userId: string): Promise<void> {
  await db
    .updateTable('blade_model_prototype')
    .set({ is_deleted: 1, update_user: userId, update_time: new Date() })
    .where('model_id', 'in', modelIds)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function codesUsingModels(db: Db, modelIds: string[]): Promise<number> {
  const row = await db
    .selectFrom('blade_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('model_id', 'in', modelIds)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function modelCodeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('blade_model')
    .select('id')
    .where('model_code', '=', code)
    .where('is_deleted', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export interface TableInfo {
  tableName: string;
  comment: string;
}

/** Base tables of the schema blade/ runs in (the one its migrations created). */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const { rows } = await sql<{ table_name: string; comment: string | null }>`
    select t.table_name, obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class') as comment
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by t.table_name`.execute(db);
  return rows.map((r) => ({ tableName: r.table_name, comment: r.comment ?? '' }));
}

export interface ColumnInfo {
  name: string;
  dataType: string;
  length: number | null;
  nullable: boolean;
  hasDefault: boolean;
  comment: string;
}

/** The columns of one table of the current schema, in their order; [] when the table does not exist. */
export async function tableColumns(db: Db, table: string): Promise<ColumnInfo[]> {
  const { rows } = await sql<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    is_nullable: string;
    column_default: string | null;
    comment: string | null;
  }>`
    select c.column_name, c.data_type, c.character_maximum_length, c.is_nullable, c.column_default,
      col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position) as comment
    from information_schema.columns c
    where c.table_schema = current_schema() and c.table_name = ${table}
    order by c.ordinal_position`.execute(db);
  return rows.map((r) => ({
    name: r.column_name,
    dataType: r.data_type,
    length: r.character_maximum_length === null ? null : Number(r.character_maximum_length),
    nullable: r.is_nullable === 'YES',
    hasDefault: r.column_default !== null,
    comment: r.comment ?? '',
  }));
}
