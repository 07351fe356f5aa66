import { sql } from 'kysely';
import { TENANT_TABLES } from './schema';
import { withTenant } from './tenant';
import { addTenant } from '../testing/fixtures';
import { harnessPerFile, PLATFORM, type Harness } from '../testing/harness';

let h: Harness;
harnessPerFile(async (made) => {
  h = made;
  await addTenant(h.blade.db, { tenantId: '200001', tenantName: 'B 公司', adminPassword: 'B-admin-pass-1' });
});

const countUsers = (tenantId?: string) =>
  h.blade.db.transaction().execute(async (trx) => {
    if (tenantId) await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
    await sql`set local role blade_app`.execute(trx);
    const rows = await trx.selectFrom('blade_user').select(['tenant_id']).execute();
    return rows.map((r) => r.tenant_id);
  });

describe('row-level security', () => {
  it('shows no rows as blade_app without a tenant context', async () => {
    expect(await countUsers()).toEqual([]);
  });

  it('shows only the context tenant rows, even without a WHERE on tenant_id', async () => {
    expect(await countUsers(PLATFORM)).toEqual([PLATFORM]);
    expect(await countUsers('200001')).toEqual(['200001']);
  });

  it('refuses writing a row of another tenant', async () => {
    await expect(
      withTenant(h.blade.db, PLATFORM, (trx) =>
        trx
          .insertInto('blade_role')
          .values({ id: '42', tenant_id: '200001', role_name: 'x', role_alias: 'x' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('cannot update or delete another tenant rows', async () => {
    const touched = await withTenant(h.blade.db, PLATFORM, async (trx) => {
      const updated = await trx
        .updateTable('blade_user')
        .set({ real_name: 'x' })
        .where('tenant_id', '=', '200001')
        .executeTakeFirst();
      const deleted = await trx.deleteFrom('blade_user').where('tenant_id', '=', '200001').executeTakeFirst();
      return [updated.numUpdatedRows, deleted.numDeletedRows];
    });
    expect(touched).toEqual([0n, 0n]);
  });

  it('forces row-level security on every table that has a tenant_id column', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
      from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relkind = 'r' and a.attname = 'tenant_id' and (c.relname like 'blade\\_%' or c.relname like 'business\\_%') and c.relname <> 'blade_tenant'
      order by c.relname`.execute(h.blade.db);
    expect(rows.map((r) => r.relname)).toEqual([...TENANT_TABLES].sort());
    expect(rows.every((r) => r.relrowsecurity && r.relforcerowsecurity)).toBe(true);
  });

  it('runs requests under a role that cannot bypass row-level security', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>`
      select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = 'blade_app'`.execute(
      h.blade.db,
    );
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcanlogin: false }]);
  });
});
