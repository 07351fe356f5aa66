import { Hono } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ActionDef } from '../../../../lib/contracts/action';
import {
  regionDetail,
  regionLazyTree,
  regionList,
  regionRemove,
  regionSelect,
  regionSubmit,
} from '../../../../lib/contracts/system/region.actions';
import { actionRouter } from '../../../core/action';
import type { BladeEnv, Deps } from '../../../core/context';
import { KeyedError, NotFoundError } from '../../../core/errors';
import { pageRequest, sortOrders, toPage } from '../../../core/page';
import type { RegionTable } from '../../../db/schema';
import { REGION_ROOT } from '../../../db/seed-regions';
import type { Db } from '../../../db/tenant';
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

/**
 * Regions (contract §7.11): global reference data, keyed by code, removed for good. Every signed-in user reads them
 * (address pickers); only the platform administrator changes them, since a change applies to every tenant. The code
 * is the key of every call (detail?code, submit adds or edits by code, remove?id=<code>), so the calls are actions
 * rather than the id-keyed CRUD router.
 */

type RegionRow = Selectable<RegionTable>;

function toRegionVO(row: RegionRow) {
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

const LEVEL_COLUMNS = ['province', 'city', 'district', 'town', 'village'] as const;

async function submit(trx: Db, input: z.output<typeof regionSubmit.input>): Promise<void> {
  const code = input.code;
  const parentCode = input.parentCode || REGION_ROOT.code;
  const name = input.name?.trim();
  if (!code) throw new KeyedError('system.region.codeRequired');
  if (!name) throw new KeyedError('system.region.nameRequired');
  if (!/^\d{2,12}$/.test(code)) throw new KeyedError('system.region.codeInvalid');
  if (code === parentCode) throw new KeyedError('system.region.parentSelf');
  const parent = await findRegion(trx, parentCode);
  if (!parent) throw new KeyedError('system.region.parentMissing');
  if (parent.level >= LEVEL_COLUMNS.length) throw new KeyedError('system.region.tooDeep');
  if (parentCode !== REGION_ROOT.code && !code.startsWith(parentCode))
    throw new KeyedError('system.region.codePrefix');
  const existing = await findRegion(trx, code);
  if (existing && existing.parent_code !== parentCode) throw new KeyedError('system.region.parentFixed');
  const level = parent.level + 1;
  const own = LEVEL_COLUMNS[level - 1];
  await upsertRegion(trx, {
    code,
    parent_code: parentCode,
    ancestors: parent.ancestors === '0' ? parentCode : `${parent.ancestors},${parentCode}`,
    name,
    level,
    sort: input.sort ?? existing?.sort ?? 0,
    remark: input.remark ?? existing?.remark ?? '',
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
  });
  if (existing && existing.name !== name) await renameInDescendants(trx, level, code, name);
}

export function regionActions(deps: Deps): Hono<BladeEnv> {
  const actions = actionRouter(deps);
  // Region reads need only the transaction and the input.
  const serve = <I extends z.ZodType>(
    def: ActionDef<I>,
    handler: (trx: Db, input: z.output<I>) => Promise<unknown>,
  ) => actions.serve(def, ({ trx, input }) => handler(trx, input));
  serve(regionLazyTree, async (trx, input) =>
    (await childrenOf(trx, input.parentCode ?? REGION_ROOT.code, input)).map((r) => ({
      id: r.code,
      key: r.code,
      value: r.code,
      parentId: r.parent_code,
      title: r.name,
      level: r.level,
      hasChildren: Boolean(r.has_children),
    })),
  );
  serve(regionSelect, async (trx, input) =>
    (await childrenOf(trx, input.code ?? REGION_ROOT.code)).map((r) => ({
      ...toRegionVO(r),
      hasChildren: Boolean(r.has_children),
    })),
  );
  serve(regionList, async (trx, input) => {
    const page = pageRequest(input);
    const { rows, total } = await pageRegions(trx, input, page, sortOrders(REGION_SORTABLE, input));
    return toPage(rows.map(toRegionVO), total, page);
  });
  serve(regionDetail, async (trx, input) => {
    const row = await findRegion(trx, input.code);
    if (!row) throw new NotFoundError();
    const parent = await findRegion(trx, row.parent_code);
    return { ...toRegionVO(row), parentName: parent?.name ?? '' };
  });
  serve(regionSubmit, submit);
  serve(regionRemove, async (trx, input) => {
    if (!(await findRegion(trx, input.id))) throw new NotFoundError();
    if (await hasChildren(trx, input.id)) throw new KeyedError('system.region.hasChildren');
    await deleteRegion(trx, input.id);
  });
  return actions.router;
}
