import { sql } from 'kysely';
import type { Db } from './tenant';

/**
 * Roles are cluster-wide on PostgreSQL, so this runs on every start (a restored database may land on a cluster that
 * lacks the role) and tolerates another database creating the role at the same moment.
 */
export async function ensureAppRole(db: Db): Promise<void> {
  await sql`
    do $$
    begin
      if not exists (select 1 from pg_roles where rolname = 'blade_app') then
        begin
          create role blade_app nologin;
        exception when duplicate_object or unique_violation then null;
        end;
      end if;
      if not pg_has_role(current_user, 'blade_app', 'MEMBER') then
        execute format('grant blade_app to %I', current_user);
      end if;
    end
    $$`.execute(db);
}

/** DML on every blade and business table; idempotent, so tables added by later migrations are covered without extra steps. */
export async function grantAppRole(db: Db): Promise<void> {
  await sql`
    do $$
    declare t record;
    begin
      for t in select tablename from pg_tables where schemaname = current_schema() and (tablename like 'blade\_%' or tablename like 'business\_%') loop
        execute format('grant select, insert, update, delete on table %I to blade_app', t.tablename);
      end loop;
    end
    $$`.execute(db);
}
