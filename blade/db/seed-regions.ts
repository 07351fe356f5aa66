import { sql, type Insertable } from 'kysely';
import type { RegionTable } from './schema';
import { REGIONS_CN } from './seed-data/regions-cn';
import type { Db } from './tenant';

export const REGION_ROOT = { code: '00', name: '中华人民共和国' };
const SEED_LOCK = 7_351_002;
const EMPTY_ROW = {
  ancestors: '',
  province_code: '',
  province_name: '',
  city_code: '',
  city_name: '',
  district_code: '',
  district_name: '',
  town_code: '',
  town_name: '',
  village_code: '',
  village_name: '',
  sort: 0,
  remark: '',
};

/**
 * The shipped divisions (province → city → county) as blade_region rows, with the level-specific code/name columns
 * and ancestors filled in as region/submit would. The parent of a code is the code without its last two digits.
 */
export function regionRows(): Insertable<RegionTable>[] {
  const byCode = new Map<string, Insertable<RegionTable>>();
  const root: Insertable<RegionTable> = {
    code: REGION_ROOT.code,
    parent_code: '0',
    ancestors: '0',
    name: REGION_ROOT.name,
    level: 0,
    sort: 1,
  };
  byCode.set(root.code, root);
  const siblings = new Map<string, number>();
  for (const line of REGIONS_CN.split('\n')) {
    if (!line) continue;
    const [code, name] = line.split('\t');
    const parentCode = code.length === 2 ? REGION_ROOT.code : code.slice(0, -2);
    const parent = byCode.get(parentCode);
    if (!parent) throw new Error(`[blade] region ${code} has no parent ${parentCode}`);
    const level = parent.level + 1;
    const sort = (siblings.get(parentCode) ?? 0) + 1;
    siblings.set(parentCode, sort);
    const row: Insertable<RegionTable> = {
      code,
      parent_code: parentCode,
      ancestors: parent.ancestors === '0' ? parentCode : `${parent.ancestors},${parentCode}`,
      name,
      level,
      sort,
      province_code: level === 1 ? code : parent.province_code,
      province_name: level === 1 ? name : parent.province_name,
      city_code: level === 2 ? code : level > 2 ? parent.city_code : '',
      city_name: level === 2 ? name : level > 2 ? parent.city_name : '',
      district_code: level === 3 ? code : '',
      district_name: level === 3 ? name : '',
    };
    byCode.set(code, row);
  }
  return [...byCode.values()];
}

/**
 * Fills blade_region on a database that has no regions yet (first start, or an upgrade from before regions existed).
 * Idempotent and safe when several processes start together. Answers how many rows it wrote and how long it took
 * (silent: start-up output is kept to what an operator must see).
 */
export async function seedRegionsIfEmpty(db: Db): Promise<{ seeded: number; ms: number }> {
  const started = performance.now();
  const seeded = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await trx.selectFrom('blade_region').select('code').limit(1).executeTakeFirst()) return 0;
    const rows = regionRows().map((r) => ({ ...EMPTY_ROW, ...r }));
    // One statement with one JSON parameter: binding 17 x 3,352 parameters made PGlite take 2-5x as long. Every
    // column is spelled out because json_populate_recordset does not apply column defaults.
    await sql`
      insert into blade_region
      select * from json_populate_recordset(null::blade_region, ${JSON.stringify(rows)}::json)
      on conflict (code) do nothing`.execute(trx);
    return rows.length;
  });
  return { seeded, ms: Math.round(performance.now() - started) };
}
