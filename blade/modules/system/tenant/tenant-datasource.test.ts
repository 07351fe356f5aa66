import { sql } from 'kysely';
import { nextId } from '../../../core/ids';
import * as migration from '../../../db/migrations/20261125T170600-tenant-datasource';
import { adminToken, harnessPerFile, type Harness } from '../../../testing/harness';

// Issue 12, "no pretend success": one database serves every tenant, so a tenant datasource cannot be saved — the
// call refuses with its reason, and nothing about it is stored (no column keeps it, no menu button offers it).

let h: Harness;
let platform: string;
let tenant: { id: string; tenantId: string };
let datasourceId: string;

const REFUSAL = '所有租户共用一个数据库，不支持为租户配置数据源';

harnessPerFile(async (made) => {
  h = made;
  platform = await adminToken(h);
  const created = await h.call('/blade-system/tenant/submit', platform, { tenantName: '数据源公司' });
  expect(created.code).toBe(200);
  tenant = (await h.call(`/blade-system/tenant/list?tenantId=${created.data.tenantId}`, platform)).data
    .records[0];
  const ds = await h.call('/blade-develop/datasource/submit', platform, {
    name: '租户库',
    url: 'jdbc:postgresql://db:5432/tenant',
    username: 'tenant',
    password: 'tenant-secret-1',
  });
  expect(ds.code).toBe(200);
  datasourceId = (await h.call('/blade-develop/datasource/list', platform)).data.records[0].id;
});

describe('tenant/datasource', () => {
  it.each([
    ['an existing datasource', () => `tenantId=${tenant.tenantId}&datasourceId=${datasourceId}`],
    ['a blank one', () => `tenantId=${tenant.tenantId}&datasourceId=`],
    ['no parameters', () => ''],
  ])('refuses %s with 400 and the reason, zh text and key', async (_, query) => {
    const res = await h.authed(`/blade-system/tenant/datasource?${query()}`, {
      token: platform,
      method: 'POST',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: REFUSAL,
      errorCode: 'system.tenant.datasourceUnsupported',
    });
  });

  it('refuses a JSON body alike', async () => {
    const res = await h.call('/blade-system/tenant/datasource', platform, {
      tenantId: tenant.tenantId,
      datasourceId,
    });
    expect(res).toMatchObject({ status: 400, msg: REFUSAL });
  });

  it('stores nothing: the tenant answers no datasource and no column could keep one', async () => {
    const detail = await h.call(`/blade-system/tenant/detail?id=${tenant.id}`, platform);
    expect(detail.data.datasourceId).toBe('');
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'blade_tenant' and column_name = 'datasource_id'`.execute(h.blade.db);
    expect(rows).toEqual([]);
  });

  it('offers no 数据源配置 button to grant', async () => {
    const button = await h.blade.db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'tenant_datasource')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    expect(button).toBeUndefined();
  });

  it('the migration clears a database that stored datasources, and retires the button', async () => {
    const db = h.blade.db;
    // The state before the migration: a recorded datasource and the seeded 数据源配置 button.
    await migration.down(db);
    await sql`update blade_tenant set datasource_id = ${datasourceId} where id = ${tenant.id}`.execute(db);
    const parent = (await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'tenant')
      .executeTakeFirst())!;
    await db
      .insertInto('blade_menu')
      .values({
        id: nextId(),
        parent_id: parent.id,
        code: 'tenant_datasource',
        name: '数据源配置',
        category: 2,
      })
      .execute();
    await migration.up(db);
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'blade_tenant' and column_name = 'datasource_id'`.execute(db);
    expect(rows).toEqual([]);
    const live = await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'tenant_datasource')
      .where('is_deleted', '=', 0)
      .execute();
    expect(live).toEqual([]);
    expect((await h.call(`/blade-system/tenant/detail?id=${tenant.id}`, platform)).data.datasourceId).toBe(
      '',
    );
  });
});
