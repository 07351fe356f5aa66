import { Hono } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { blank, parseJson, parseQuery, queryInt } from '../../../core/validation';
import type { RegionTable } from '../../../db/schema';
import { REGION_ROOT } from '../../../db/seed-regions';
import { permit } from '../../../core/permission';
import { intSchema, requireText } from '../param/admin-input';
import {
  childrenOf,
  deleteRegion,
  findRegion,
  hasChildren,
  pageRegions,
  REGION_SORTABLE,
  renameInDescendants,
  upsertRegion,
} from './region.repository';

type RegionRow = Selectable<RegionTable>;

export function toRegionVO(row: RegionRow) {
  return {
    code: row.code,
    parentCode: row.parent_code,
    ancestors: row.ancestors,
    name: row.name,
    provinceCode: row.province_code,
    provinceName: row.province_name,
    cityCode: row.city_code,
    cityName: row.city_name,
    districtCode: row.district_code,
    districtName: row.district_name,
    townCode: row.town_code,
    townName: row.town_name,
    villageCode: row.village_code,
    villageName: row.village_name,
    level: row.level,
    sort: row.sort,
    remark: row.remark,
  };
}

const codeText = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, '区划编号必须是1到12位数字');
const listQuery = pageQuerySchema.extend({
  parentCode: blank(codeText),
  code: blank(codeText),
  name: blank(z.string().max(32, '长度不能超过32')),
  level: queryInt,
});
const lazyQuery = z.object({
  parentCode: blank(codeText),
  code: blank(codeText),
  name: blank(z.string().max(32, '长度不能超过32')),
});
const selectQuery = z.object({ code: blank(codeText) });
const detailQuery = z.object({ code: codeText });
const removeQuery = z.object({ id: codeText });
const submitBody = z.object({
  code: blank(z.union([z.string(), z.number()]).transform((v) => String(v).trim())),
  parentCode: blank(z.union([z.string(), z.number()]).transform((v) => String(v).trim())),
  name: blank(z.string().max(32, '长度不能超过32')),
  sort: blank(intSchema),
  remark: blank(z.string().max(255, '长度不能超过255')),
});

const LEVEL_COLUMNS = ['province', 'city', 'district', 'town', 'village'] as const;

/**
 * Regions (contract §7.11): global reference data. Every signed-in user reads them (address pickers); only the
 * platform administrator changes them, since a change applies to every tenant.
 */
export function regionRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const platformOnly = permit(deps, { role: 'platform' });

  // GET /region/lazy-tree?parentCode=00&code&name — TreeNode[] of the children of parentCode.
  router.get('/region/lazy-tree', async (c) => {
    const query = parseQuery(c, lazyQuery);
    const parentCode = query.parentCode ?? REGION_ROOT.code;
    const rows = await childrenOf(deps.db, parentCode, query);
    return c.json(
      ok(
        rows.map((r) => ({
          id: r.code,
          key: r.code,
          value: r.code,
          parentId: r.parent_code,
          title: r.name,
          level: r.level,
          hasChildren: Boolean(r.has_children),
        })),
      ),
    );
  });

  // GET /region/select?code=00 — the regions directly below code (cascading selects: label name, value code).
  router.get('/region/select', async (c) => {
    const { code } = parseQuery(c, selectQuery);
    const rows = await childrenOf(deps.db, code ?? REGION_ROOT.code);
    return c.json(ok(rows.map((r) => ({ ...toRegionVO(r), hasChildren: Boolean(r.has_children) }))));
  });

  // GET /region/list?parentCode&code(prefix)&name&level&current&size — a page of regions.
  router.get('/region/list', async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const { rows, total } = await pageRegions(deps.db, query, page, sortOrders(REGION_SORTABLE, query));
    return c.json(ok(toPage(rows.map(toRegionVO), total, page)));
  });

  // GET /region/detail?code — RegionVO with parentName.
  router.get('/region/detail', async (c) => {
    const { code } = parseQuery(c, detailQuery);
    const row = await findRegion(deps.db, code);
    if (!row) throw new NotFoundError();
    const parent = await findRegion(deps.db, row.parent_code);
    return c.json(ok({ ...toRegionVO(row), parentName: parent?.name ?? '' }));
  });

  // POST /region/submit — upsert by code below parentCode; level, ancestors and the level columns are derived.
  router.post('/region/submit', platformOnly, async (c) => {
    const body = await parseJson(c, submitBody);
    const code = requireText(body.code, '请输入区划编号');
    const parentCode = body.parentCode || REGION_ROOT.code;
    const name = requireText(body.name, '请输入区划名称');
    if (!/^\d{2,12}$/.test(code)) throw new ServiceError('区划编号必须是2到12位数字');
    if (code === parentCode) throw new ServiceError('父节点不可选择自身!');
    await deps.db.transaction().execute(async (trx) => {
      const parent = await findRegion(trx, parentCode);
      if (!parent) throw new ServiceError('上级区划不存在');
      if (parent.level >= LEVEL_COLUMNS.length) throw new ServiceError('区划层级不能超过村级');
      if (parentCode !== REGION_ROOT.code && !code.startsWith(parentCode))
        throw new ServiceError('区划编号必须以上级区划编号开头');
      const existing = await findRegion(trx, code);
      if (existing && existing.parent_code !== parentCode) throw new ServiceError('不可更改上级区划');
      const level = parent.level + 1;
      const own = LEVEL_COLUMNS[level - 1];
      const row = {
        code,
        parent_code: parentCode,
        ancestors: parent.ancestors === '0' ? parentCode : `${parent.ancestors},${parentCode}`,
        name,
        level,
        sort: body.sort ?? existing?.sort ?? 0,
        remark: body.remark ?? existing?.remark ?? '',
        province_code: parent.province_code,
        province_name: parent.province_name,
        city_code: parent.city_code,
        city_name: parent.city_name,
        district_code: parent.district_code,
        district_name: parent.district_name,
        town_code: parent.town_code,
        town_name: parent.town_name,
        [`${own}_code`]: code,
        [`${own}_name`]: name,
      };
      await upsertRegion(trx, row);
      if (existing && existing.name !== name) await renameInDescendants(trx, level, code, name);
    });
    return c.json(success());
  });

  // POST /region/remove?id=<code> — one region; refused while it has children.
  router.post('/region/remove', platformOnly, async (c) => {
    const { id } = parseQuery(c, removeQuery);
    await deps.db.transaction().execute(async (trx) => {
      if (!(await findRegion(trx, id))) throw new NotFoundError();
      if (await hasChildren(trx, id)) throw new ServiceError('请先删除子节点!');
      await deleteRegion(trx, id);
    });
    return c.json(success());
  });

  return router;
}
