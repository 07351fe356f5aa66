/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

const TABLES = [
  'blade_user',
  'blade_role',
  'blade_dept',
  'blade_post',
  'blade_role_menu',
  'blade_top_menu',
  'blade_top_menu_setting',
  'blade_dict_biz',
  'blade_auth_session',
  'blade_refresh_token',
  'blade_login_failure',
];

// FORCE makes the policy bind the table owner too; superusers still bypass it, which is why requests also
// SET LOCAL ROLE blade_app (see db/tenant.ts). An unset app.tenant_id reads as NULL or '' and matches nothing.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    const t = sql.table(table);
    await sql`alter table ${t} enable row level security`.execute(db);
    await sql`alter table ${t} force row level security`.execute(db);
    await sql`create policy tenant_isolation on ${t}
      using (tenant_id = current_setting('app.tenant_id', true))
      with check (tenant_id = current_setting('app.tenant_id', true))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    const t = sql.table(table);
    await sql`drop policy if exists tenant_isolation on ${t}`.execute(db);
    await sql`alter table ${t} no force row level security`.execute(db);
    await sql`alter table ${t} disable row level security`.execute(db);
  }
}
