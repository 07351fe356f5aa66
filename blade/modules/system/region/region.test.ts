import { regionRows, seedRegionsIfEmpty } from '../../../db/seed-regions';
import type { Harness } from '../../../testing/harness';
import { setUpTenantB } from '../../tenant-b.test-helpers';

let h: Harness;
let admin: string;
let tenantAdmin: string;

setUpTenantB({}, (setup) => ({ h, admin, tenantAdmin } = setup));

const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const names = (rows: Array<{ name?: string; title?: string }>) => rows.map((r) => r.name ?? r.title);

describe('region seed', () => {
  it('ships every province, city and county with derived level columns', () => {
    const rows = regionRows();
    const byLevel = [0, 1, 2, 3].map((level) => rows.filter((r) => r.level === level).length);
    expect(byLevel[0]).toBe(1);
    expect(byLevel[1]).toBe(31);
    expect(byLevel[2]).toBeGreaterThan(330);
    expect(byLevel[3]).toBeGreaterThan(2_900);
    expect(rows.find((r) => r.code === '320505')).toMatchObject({
      name: '虎丘区',
      parent_code: '3205',
      ancestors: '00,32,3205',
      level: 3,
      province_code: '32',
      province_name: '江苏省',
      city_code: '3205',
      city_name: '苏州市',
      district_code: '320505',
      district_name: '虎丘区',
    });
  });

  it('seeds an empty table once, quickly', async () => {
    await h.blade.db.deleteFrom('blade_region').execute();
    const started = performance.now();
    const result = await seedRegionsIfEmpty(h.blade.db);
    const ms = performance.now() - started;
    expect(result.seeded).toBe(regionRows().length);
    expect(result.ms).toBeLessThanOrEqual(Math.ceil(ms));
    // Measured at 300-600 ms on PGlite and PostgreSQL on a busy machine; the bound leaves room for a loaded CI.
    expect(ms).toBeLessThan(5_000);
    expect((await seedRegionsIfEmpty(h.blade.db)).seeded).toBe(0);
    const { n } = await h.blade.db
      .selectFrom('blade_region')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(regionRows().length);
  });
});

describe('region calls', () => {
  it('cascades province → city → district through select', async () => {
    const provinces = (await call('/blade-system/region/select', tenantAdmin)).data;
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toMatchObject({
      code: '11',
      name: '北京市',
      parentCode: '00',
      level: 1,
      hasChildren: true,
    });
    const cities = (await call('/blade-system/region/select?code=32', tenantAdmin)).data;
    expect(names(cities)).toContain('苏州市');
    const districts = (await call('/blade-system/region/select?code=3205', tenantAdmin)).data;
    expect(names(districts)).toEqual(expect.arrayContaining(['姑苏区', '虎丘区', '吴中区']));
    expect(districts[0].hasChildren).toBe(false);
    expect((await call('/blade-system/region/select?code=99', tenantAdmin)).data).toEqual([]);
    expect((await call('/blade-system/region/select?code=1%27', tenantAdmin)).status).toBe(400);
  });

  it('answers the lazy tree as TreeNodes, filtered by name', async () => {
    const root = (await call('/blade-system/region/lazy-tree?parentCode=00', tenantAdmin)).data;
    expect(root[0]).toEqual({
      id: '11',
      key: '11',
      value: '11',
      parentId: '00',
      title: '北京市',
      level: 1,
      hasChildren: true,
    });
    const found = (
      await call(`/blade-system/region/lazy-tree?parentCode=32&name=${encodeURIComponent('苏')}`, tenantAdmin)
    ).data;
    expect(names(found)).toEqual(['苏州市']);
  });

  it('pages, filters and sorts the list through its allowlist', async () => {
    const page = (await call('/blade-system/region/list?level=1&size=10&current=2', tenantAdmin)).data;
    expect(page).toMatchObject({ total: 31, size: 10, current: 2, pages: 4 });
    const prefixed = (await call('/blade-system/region/list?code=3205&size=1000', tenantAdmin)).data;
    expect(prefixed.size).toBe(500);
    expect(prefixed.records.every((r: { code: string }) => r.code.startsWith('3205'))).toBe(true);
    const desc = (await call('/blade-system/region/list?level=1&descs=code&size=1', tenantAdmin)).data;
    expect(desc.records[0].code).toBe('65');
    expect((await call('/blade-system/region/list?ascs=name%3Bdrop', tenantAdmin)).status).toBe(400);
    expect((await call('/blade-system/region/list?ascs=remark', tenantAdmin)).status).toBe(400);
  });

  it('gives detail with the parent name', async () => {
    expect((await call('/blade-system/region/detail?code=320505', tenantAdmin)).data).toMatchObject({
      code: '320505',
      parentName: '苏州市',
      cityName: '苏州市',
    });
    expect((await call('/blade-system/region/detail?code=999999', tenantAdmin)).status).toBe(404);
  });

  it('lets the platform administrator add, rename and remove a town; derived columns follow', async () => {
    const submit = (body: unknown, token = admin) => call('/blade-system/region/submit', token, body);
    expect(await submit({ parentCode: '320505', name: '枫桥街道' })).toMatchObject({
      status: 400,
      msg: '请输入区划编号',
    });
    expect(await submit({ code: '320505001', parentCode: '320505' })).toMatchObject({
      msg: '请输入区划名称',
    });
    expect(await submit({ code: '320506001', parentCode: '320505', name: 'x' })).toMatchObject({
      msg: '区划编号必须以上级区划编号开头',
    });
    expect(await submit({ code: '320505001', parentCode: '777', name: 'x' })).toMatchObject({
      msg: '上级区划不存在',
    });
    expect((await submit({ code: '320505001', parentCode: '320505', name: '枫桥街道', sort: 1 })).code).toBe(
      200,
    );
    expect((await call('/blade-system/region/detail?code=320505001', admin)).data).toMatchObject({
      level: 4,
      ancestors: '00,32,3205,320505',
      districtName: '虎丘区',
      townCode: '320505001',
      townName: '枫桥街道',
      parentName: '虎丘区',
    });
    expect((await submit({ code: '320505', parentCode: '3205', name: '虎丘新区', sort: 1 })).code).toBe(200);
    expect((await call('/blade-system/region/detail?code=320505001', admin)).data.districtName).toBe(
      '虎丘新区',
    );
    expect(await submit({ code: '320505001', parentCode: '3205', name: 'x' })).toMatchObject({
      msg: '不可更改上级区划',
    });

    const remove = (code: string, token = admin) =>
      h.authed(`/blade-system/region/remove?id=${code}`, { token, method: 'POST' });
    expect(await (await remove('320505')).json()).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    expect((await remove('320505001', tenantAdmin)).status).toBe(403);
    expect((await remove('320505001')).status).toBe(200);
    expect((await remove('320505001')).status).toBe(404);
    expect((await call('/blade-system/region/select?code=320505', admin)).data).toEqual([]);
  });

  it('keeps region writes away from tenant administrators', async () => {
    const res = await call('/blade-system/region/submit', tenantAdmin, {
      code: '320505002',
      parentCode: '320505',
      name: 'x',
    });
    expect(res).toMatchObject({ status: 403, code: 403 });
  });
});
