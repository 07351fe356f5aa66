import { sql, type Selectable } from 'kysely';
import type { CodeTable, ModelPrototypeTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

/** The code generator's tables are platform data (no tenant column): the platform administrator's only. */
export type PrototypeRow = Selectable<ModelPrototypeTable>;
export type CodeRow = Selectable<CodeTable>;

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

export interface TableInfo {
  tableName: string;
  comment: string;
}

/**
 * Base tables of the schema blade/ runs in. Read from pg_catalog, which shows every table whatever the caller's
 * grants (information_schema shows only those the request role blade_app may use).
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const { rows } = await sql<{ table_name: string; comment: string | null }>`
    select c.relname as table_name, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by c.relname`.execute(db);
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
    full_type: string;
    not_null: boolean;
    has_default: boolean;
    comment: string | null;
  }>`
    select a.attname as column_name, format_type(a.atttypid, a.atttypmod) as full_type, a.attnotnull as not_null,
      a.atthasdef as has_default, col_description(c.oid, a.attnum) as comment
    from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relname = ${table} and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return rows.map((r) => {
    // format_type writes `character varying(80)`: the type as information_schema names it, and a text's length.
    const text = /^(character varying|character)\((\d+)\)$/.exec(r.full_type);
    return {
      name: r.column_name,
      dataType: r.full_type.replace(/\(.*?\)/, '').trim(),
      length: text ? Number(text[2]) : null,
      nullable: !r.not_null,
      hasDefault: r.has_default,
      comment: r.comment ?? '',
    };
  });
}
