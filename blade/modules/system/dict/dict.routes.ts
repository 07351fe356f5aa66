import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { ok, success } from '../../../core/envelope';
import { nextId } from '../../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { buildTree } from '../../../core/tree';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import type { DictRow } from '../../../db/schema';
import { withTenant, type Db } from '../../../db/tenant';
import { demand, permit } from '../../../core/permission';
import { flagSchema, intSchema, parseIds, requireText } from '../param/admin-input';
import {
  childCount,
  DICT_SORTABLE,
  findDict,
  findDictionary,
  findDicts,
  findHeader,
  insertDict,
  itemsOfCodes,
  keyTaken,
  listDicts,
  pageDicts,
  renameCode,
  softDeleteDicts,
  updateDict,
  type DictScope,
} from './dict.repository';

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

type DictVO = ReturnType<typeof toDictVO> & { hasChildren?: boolean; children?: DictVO[] };

/** Nests rows by parent_id and marks each node with hasChildren (the tree tables expand on it). */
function dictTree(rows: DictRow[]): DictVO[] {
  const mark = (nodes: DictVO[]): DictVO[] =>
    nodes.map((n) => ({
      ...n,
      hasChildren: !!n.children?.length,
      ...(n.children && { children: mark(n.children) }),
    }));
  return mark(buildTree(rows.map(toDictVO)) as DictVO[]);
}

export const MSG_SEALED = '已封存的字典不可修改';

const dictionaryQuery = z.object({
  code: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(255, '长度不能超过255'),
});

const filters = {
  code: blank(z.string().max(255, '长度不能超过255')),
  dictValue: blank(z.string().max(255, '长度不能超过255')),
};
const listQuery = pageQuerySchema.extend(filters);
const childQuery = pageQuerySchema.extend({ ...filters, parentId: idSchema });
const detailQuery = z.object({ id: idSchema });

const parentIdSchema = z.union([z.literal('0'), z.literal(0).transform(() => '0' as const), idSchema]);
const submitBody = z.object({
  id: blank(idSchema),
  parentId: blank(parentIdSchema),
  code: blank(z.string().max(255, '长度不能超过255')),
  dictKey: blank(z.union([z.string(), z.number()]).transform((v) => String(v).trim())).pipe(
    z.string().max(255, '长度不能超过255').nullable().optional(),
  ),
  dictValue: blank(z.string().max(255, '长度不能超过255')),
  sort: blank(intSchema),
  remark: blank(z.string().max(255, '长度不能超过255')),
  isSealed: blank(flagSchema),
});
type SubmitBody = z.output<typeof submitBody>;

const CODE_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** Sealed rows, and every row of a sealed header's code, are read-only. */
async function isSealed(db: Db, scope: DictScope, row: DictRow): Promise<boolean> {
  if (row.is_sealed === 1) return true;
  if (row.parent_id === '0') return false;
  return (await findHeader(db, scope, row.code))?.is_sealed === 1;
}

async function submit(db: Db, scope: DictScope, body: SubmitBody): Promise<void> {
  const existing = body.id ? await findDict(db, scope, body.id) : undefined;
  if (body.id && !existing) throw new NotFoundError();
  if (existing && (await isSealed(db, scope, existing))) throw new ServiceError(MSG_SEALED);

  // The parent is chosen on add only (spec §2: code and parent are not editable on edit).
  const parentId = existing ? existing.parent_id : (body.parentId ?? '0');
  const dictValue = requireText(body.dictValue, '请输入字典名称');
  if (body.sort === null || body.sort === undefined) throw new ServiceError('请输入字典排序');
  let code: string;
  let dictKey: string;
  if (parentId === '0') {
    code = requireText(body.code, '请输入字典编号');
    if (!CODE_PATTERN.test(code)) throw new ServiceError('字典编号只能包含字母、数字和 _ . : -');
    dictKey = '-1';
  } else {
    const parent = await findDict(db, scope, parentId);
    if (!parent) throw new ServiceError('上级字典不存在');
    if (!existing && (await isSealed(db, scope, parent))) throw new ServiceError(MSG_SEALED);
    code = parent.code; // an item always carries its header's code
    dictKey = requireText(body.dictKey, '请输入字典键值');
    if (dictKey === '-1') throw new ServiceError('字典键值 -1 保留给字典本身');
  }
  if (await keyTaken(db, scope, code, dictKey, existing?.id)) throw new ServiceError('当前字典键值已存在!');

  const values = {
    parent_id: parentId,
    code,
    dict_key: dictKey,
    dict_value: dictValue,
    sort: body.sort,
    remark: body.remark ?? existing?.remark ?? '',
    is_sealed: body.isSealed ?? existing?.is_sealed ?? 0,
  };
  if (existing) {
    await updateDict(db, scope, existing.id, values);
    if (existing.parent_id === '0' && existing.code !== code)
      await renameCode(db, scope, existing.code, code);
  } else {
    await insertDict(db, scope, nextId(), values);
  }
}

/**
 * The dictionary calls, served for system dictionaries (`/dict`, global: the platform administrator writes, tenant
 * administrators read) and business dictionaries (`/dict-biz`, per tenant: its administrators read and write).
 * `dictionary` and `dictionary-tree` feed select boxes and are open to every signed-in user.
 */
export function dictRouter(deps: Deps, kind: 'dict' | 'dict-biz') {
  const router = new Hono<BladeEnv>();
  const base = `/${kind}`;
  // System dictionaries are platform-wide: only the platform administrator writes them. Business dictionaries are
  // the tenant's: the page's button codes decide (blade/core/permission.ts). Reads need the page's menu code.
  const page = kind === 'dict' ? 'dict' : 'dictbiz';
  const readGuard = permit(deps, { codes: [page] });
  const writeCodes = (action: 'add' | 'edit' | 'delete') =>
    kind === 'dict' ? { role: 'platform' as const } : { codes: [`${page}_${action}`] };
  // Business dictionaries always run inside withTenant (RLS); system dictionary reads need no transaction.
  const run = <T>(
    c: Context<BladeEnv>,
    fn: (db: Db, scope: DictScope) => Promise<T>,
    write = false,
  ): Promise<T> => {
    if (kind === 'dict' && !write) return fn(deps.db, { table: 'blade_dict' });
    if (kind === 'dict') return deps.db.transaction().execute((trx) => fn(trx, { table: 'blade_dict' }));
    const { tenantId } = c.get('auth');
    return withTenant(deps.db, tenantId, (trx) => fn(trx, { table: 'blade_dict_biz', tenantId }));
  };

  // GET dictionary?code — the items of one code, flat (what every select box uses).
  router.get(`${base}/dictionary`, async (c) => {
    const { code } = parseQuery(c, dictionaryQuery);
    const rows = await run(c, (db, scope) => findDictionary(db, code, scope));
    return c.json(ok(rows.map(toDictVO)));
  });

  // GET dictionary-tree?code — the items of one code nested by parent (items below items).
  router.get(`${base}/dictionary-tree`, async (c) => {
    const { code } = parseQuery(c, dictionaryQuery);
    const rows = await run(c, (db, scope) => findDictionary(db, code, scope));
    return c.json(ok(dictTree(rows)));
  });

  // GET list?code&dictValue — every matching row as a tree (not paged, contract §7.5).
  router.get(`${base}/list`, readGuard, async (c) => {
    const query = parseQuery(c, listQuery);
    const orders = sortOrders(DICT_SORTABLE, query);
    const rows = await run(c, (db, scope) => listDicts(db, scope, query, orders));
    return c.json(ok(dictTree(rows)));
  });

  // GET parent-list?code&dictValue&current&size — a page of header rows (the upper/left table of the layouts).
  router.get(`${base}/parent-list`, readGuard, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(DICT_SORTABLE, query);
    const { rows, total } = await run(c, (db, scope) => pageDicts(db, scope, '0', query, page, orders));
    return c.json(ok(toPage(rows.map(toDictVO), total, page)));
  });

  // GET child-list?parentId&code&dictValue&current&size — a page of the rows directly below parentId, each with
  // its own descendants nested in `children`.
  router.get(`${base}/child-list`, readGuard, async (c) => {
    const query = parseQuery(c, childQuery);
    const page = pageRequest(query);
    const orders = sortOrders(DICT_SORTABLE, query);
    const result = await run(c, async (db, scope) => {
      const { rows, total } = await pageDicts(db, scope, query.parentId, query, page, orders);
      const items = await itemsOfCodes(db, scope, [...new Set(rows.map((r) => r.code))]);
      const pageIds = new Set(rows.map((r) => r.id));
      const nested = dictTree([...rows, ...items.filter((r) => !pageIds.has(r.id))]);
      return { records: nested.filter((n) => pageIds.has(n.id)), total };
    });
    return c.json(ok(toPage(result.records, result.total, page)));
  });

  // GET tree — every row as TreeNode (title = dictValue), for choosing a parent. Saber sends ?code=DICT; ignored.
  router.get(`${base}/tree`, readGuard, async (c) => {
    const rows = await run(c, (db, scope) => listDicts(db, scope, {}, []));
    type Node = { id: string; parentId: string; title: string; key: string; value: string; code: string };
    const nodes: Node[] = rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      title: r.dict_value,
      key: r.id,
      value: r.id,
      code: r.code,
    }));
    return c.json(ok(buildTree(nodes)));
  });

  // GET detail?id — DictVO with parentName.
  router.get(`${base}/detail`, readGuard, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const vo = await run(c, async (db, scope) => {
      const row = await findDict(db, scope, id);
      if (!row) throw new NotFoundError();
      const parent = row.parent_id !== '0' ? await findDict(db, scope, row.parent_id) : undefined;
      return { ...toDictVO(row), parentName: parent?.dict_value ?? '顶级' };
    });
    return c.json(ok(vo));
  });

  // POST submit (JSON Dict) — add (no id) or edit; isSealed 0 → 1 seals the row (and, on a header, its items).
  router.post(
    `${base}/submit`,
    permit(deps, kind === 'dict' ? writeCodes('add') : { codes: [`${page}_add`, `${page}_edit`] }),
    async (c) => {
      const body = await parseJson(c, submitBody);
      await demand(deps, c.get('auth'), writeCodes(body.id ? 'edit' : 'add'));
      await run(c, (db, scope) => submit(db, scope, body), true);
      return c.json(success());
    },
  );

  // POST remove?ids — soft delete; refused for sealed rows and for rows that still have children.
  router.post(`${base}/remove`, permit(deps, writeCodes('delete')), async (c) => {
    const ids = await parseIds(c);
    await run(
      c,
      async (db, scope) => {
        const rows = await findDicts(db, scope, ids);
        if (rows.length !== new Set(ids).size) throw new NotFoundError();
        for (const row of rows) if (await isSealed(db, scope, row)) throw new ServiceError(MSG_SEALED);
        if ((await childCount(db, scope, ids)) > 0) throw new ServiceError('请先删除子节点!');
        await softDeleteDicts(db, scope, ids);
      },
      true,
    );
    return c.json(success());
  });

  return router;
}

export function dictRoutes(deps: Deps) {
  return dictRouter(deps, 'dict');
}
