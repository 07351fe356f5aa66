/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from './lib/v1';

// A fragment search that an index serves under row-level security (fields with `search: 'fragment'`). PostgreSQL
// puts a condition into an index scan of a table under a policy only when its operator is leakproof; `ilike` and
// pg_trgm's operators are not, so '%4990%' on contract_code scanned the tenant's 100,000 contracts. Text comparisons
// are leakproof: every suffix of the lower-cased value is kept here, and "contains F" is "some suffix starts with F",
// a btree range (suffix >= F and suffix < F || U+10FFFF) on a C-collated column. A trigger keeps the suffixes with
// the row, in the writer's transaction; the source names table and column.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table blade_fragment_index (
    tenant_id varchar(12) not null,
    source varchar(96) not null,
    row_id bigint not null,
    suffix text collate "C" not null
  )`.execute(db);
  await sql`create index blade_fragment_index_search on blade_fragment_index (tenant_id, source, suffix)`.execute(
    db,
  );
  await sql`create index blade_fragment_index_row on blade_fragment_index (source, row_id)`.execute(db);
  await enableTenantRls(db, 'blade_fragment_index');
  // TG_ARGV[0] is the column; the source is "table.column". The old suffixes go on any change of the column.
  await sql`create function blade_fragment_index_sync() returns trigger language plpgsql as $$
    declare
      src text := tg_table_name || '.' || tg_argv[0];
      old_value text;
      new_value text;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        execute format('select lower(($1).%I::text)', tg_argv[0]) using old into old_value;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        execute format('select lower(($1).%I::text)', tg_argv[0]) using new into new_value;
      end if;
      if tg_op = 'UPDATE' and old_value is not distinct from new_value then
        return new;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        delete from blade_fragment_index where source = src and row_id = old.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and coalesce(new_value, '') <> '' then
        insert into blade_fragment_index (tenant_id, source, row_id, suffix)
        select new.tenant_id, src, new.id, substr(new_value, i)
        from generate_series(1, char_length(new_value)) as i;
      end if;
      return null;
    end
  $$`.execute(db);
  await indexColumn(db, 'business_contract', 'contract_code');
}

/** The trigger on one column and the suffixes of its rows so far. */
async function indexColumn(db: Kysely<any>, table: string, column: string): Promise<void> {
  const t = sql.table(table);
  await sql`create trigger ${sql.raw(`${table}_${column}_fragments`)}
    after insert or update of ${sql.ref(column)} or delete on ${t}
    for each row execute function blade_fragment_index_sync(${sql.lit(column)})`.execute(db);
  // Per tenant, under its context: the rows are under row-level security (a migration may run as a non-superuser).
  const tenants = (await db.selectFrom('blade_tenant').select('tenant_id').execute()) as Array<{
    tenant_id: string;
  }>;
  for (const { tenant_id: tenantId } of tenants) {
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(db);
    await sql`insert into blade_fragment_index (tenant_id, source, row_id, suffix)
      select r.tenant_id, ${`${table}.${column}`}, r.id, substr(lower(r.${sql.ref(column)}), i)
      from ${t} r, generate_series(1, char_length(r.${sql.ref(column)})) as i
      where r.tenant_id = ${tenantId} and coalesce(r.${sql.ref(column)}, '') <> ''`.execute(db);
  }
  await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists business_contract_contract_code_fragments on business_contract`.execute(
    db,
  );
  await sql`drop function if exists blade_fragment_index_sync()`.execute(db);
  await sql`drop table if exists blade_fragment_index`.execute(db);
}
