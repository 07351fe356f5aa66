import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok } from '../../../core/envelope';
import { parseQuery } from '../../../core/validation';
import type { DictRow } from '../../../db/schema';
import { findDictionary } from './dict.repository';

export function toDictVO(row: DictRow) {
  return {
    id: row.id,
    parentId: row.parent_id,
    code: row.code,
    dictKey: row.dict_key,
    dictValue: row.dict_value,
    sort: row.sort,
    remark: row.remark,
    isSealed: row.is_sealed,
    isDeleted: row.is_deleted,
  };
}

const dictionaryQuery = z.object({
  code: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(255, '长度不能超过255'),
});

export function dictRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-system/dict/dictionary?code — the items of one system dictionary (every select box uses it).
  router.get('/dict/dictionary', async (c) => {
    const { code } = parseQuery(c, dictionaryQuery);
    const rows = await findDictionary(deps.db, code);
    return c.json(ok(rows.map(toDictVO)));
  });

  return router;
}
