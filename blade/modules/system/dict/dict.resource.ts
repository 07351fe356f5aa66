import { Hono } from 'hono';
import { z } from 'zod';
import { sortableColumns } from '../../../../lib/contracts/resource';
import { dictBizResource, dictResource } from '../../../../lib/contracts/system/dict';
import {
  dictActions,
  dictBizActions,
  dictListInput,
  type DictActions,
} from '../../../../lib/contracts/system/dict.actions';
import { actionRouter } from '../../../core/action';
import type { BladeEnv, Deps } from '../../../core/context';
import { liveRows, toVO, type AnyDb, type CrudContext, type CrudHooks } from '../../../core/crud';
import { KeyedError } from '../../../core/errors';
import { applySort, contains, fetchPage, pageRequest, sortOrders, toPage } from '../../../core/page';
import { buildTree } from '../../../core/tree';
import type { DictRow } from '../../../db/schema';

/**
 * What the dictionary definitions (lib/contracts/system/dict.ts) do not say, for blade_dict and blade_dict_biz alike:
 * a header needs a code, an item a key and takes its header's code; the parent is chosen on add only; a sealed row,
 * and every item of a sealed header, is neither changed nor removed nor given new items. And the calls that are not
 * CRUD: the whole tree, the rows below one header, the parent picker and the select boxes' items.
 */

/** Both definitions: the same fields on two tables. */
type Dict = typeof dictResource;

/** Trees are not paged (contract §7.5); this bounds what one call may read. */
const TREE_LIMIT = 5_000;
const CODE_PATTERN = /^[A-Za-z0-9_.:-]+$/;
const HEADER_KEY = '-1';

const live = (ctx: CrudContext, def: Dict) => liveRows(ctx.trx, def, ctx.auth);

/** The transaction for queries of `def.table`: one of two tables, named at run time, so untyped. */
const untyped = (ctx: CrudContext): AnyDb => ctx.trx;

async function findRow(ctx: CrudContext, def: Dict, id: string): Promise<DictRow | undefined> {
  return (await live(ctx, def)).selectAll().$castTo<DictRow>().where('id', '=', id).executeTakeFirst();
}

/** Sealed rows, and every row of a sealed header's code, are read-only. */
async function sealed(ctx: CrudContext, def: Dict, row: DictRow): Promise<boolean> {
  if (row.is_sealed === 1) return true;
  if (row.parent_id === '0') return false;
  const header = await (
    await live(ctx, def)
  )
    .select('is_sealed')
    .where('code', '=', row.code)
    .where('parent_id', '=', '0')
    .executeTakeFirst();
  return header?.is_sealed === 1;
}

function dictHooks(def: Dict): CrudHooks {
  return {
    // The resource's grid is the header rows; the rows below a header are `child-list`.
    listWhere: { parent_id: '0' },
    async presentDetail(ctx, row) {
      const parent = row.parent_id !== '0' ? await findRow(ctx, def, String(row.parent_id)) : undefined;
      return { parentName: parent?.dict_value ?? '顶级' };
    },
    async beforeWrite(ctx, values, id) {
      const existing = id ? await findRow(ctx, def, id) : undefined;
      if (existing && (await sealed(ctx, def, existing))) throw new KeyedError('system.dict.sealedRefused');
      // The parent is chosen on add only (spec §2: code and parent are not editable on edit).
      const parentId = existing ? existing.parent_id : String(values.parent_id ?? '0');
      let code: string;
      let dictKey: string;
      if (parentId === '0') {
        code = String(values.code ?? '');
        if (!code) throw new KeyedError('system.dict.codeRequired');
        if (!CODE_PATTERN.test(code)) throw new KeyedError('system.dict.codeInvalid');
        dictKey = HEADER_KEY;
      } else {
        const parent = await findRow(ctx, def, parentId);
        if (!parent) throw new KeyedError('system.dict.parentMissing');
        if (!existing && (await sealed(ctx, def, parent))) throw new KeyedError('system.dict.sealedRefused');
        code = parent.code; // an item always carries its header's code
        dictKey = String(values.dict_key ?? '');
        if (!dictKey) throw new KeyedError('system.dict.keyRequired');
        if (dictKey === HEADER_KEY) throw new KeyedError('system.dict.keyReserved');
      }
      Object.assign(values, { parent_id: parentId, code, dict_key: dictKey });
      // A header's new code goes to its items, which carry it; a key clash under the new code rolls this back.
      if (existing?.parent_id === '0' && existing.code !== code)
        await untyped(ctx)
          .updateTable(def.table)
          .set({ code })
          .where('id', 'in', (await live(ctx, def)).select('id').where('code', '=', existing.code))
          .execute();
    },
    // The rows are already marked removed in this transaction: a refusal here rolls the whole batch back.
    async afterRemove(ctx, ids) {
      let removed = untyped(ctx).selectFrom(def.table).selectAll().$castTo<DictRow>().where('id', 'in', ids);
      if (def.ownership === 'tenant') removed = removed.where('tenant_id', '=', ctx.auth.tenantId);
      for (const row of await removed.execute())
        if (await sealed(ctx, def, row)) throw new KeyedError('system.dict.sealedRefused');
      const child = await (
        await live(ctx, def)
      )
        .select('id')
        .where('parent_id', 'in', ids)
        .executeTakeFirst();
      if (child) throw new KeyedError('system.dict.hasChildren');
    },
  };
}

type DictVO = ReturnType<typeof toVO> & {
  id: string;
  parentId: string;
  hasChildren?: boolean;
  children?: DictVO[];
};

const vo = (def: Dict, row: DictRow) => toVO(def, row as unknown as Parameters<typeof toVO>[1]) as DictVO;

/** Nests rows by parent_id and marks each node with hasChildren (the tree tables expand on it). */
function dictTree(def: Dict, rows: DictRow[]): DictVO[] {
  const mark = (nodes: DictVO[]): DictVO[] =>
    nodes.map((n) => ({
      ...n,
      hasChildren: !!n.children?.length,
      ...(n.children && { children: mark(n.children) }),
    }));
  return mark(buildTree(rows.map((r) => vo(def, r))) as DictVO[]);
}

/** The items (not headers) of the given codes, in the dictionaries' order. */
async function itemsOf(ctx: CrudContext, def: Dict, codes: string[]): Promise<DictRow[]> {
  if (codes.length === 0) return [];
  return (await live(ctx, def))
    .selectAll()
    .$castTo<DictRow>()
    .where('code', 'in', codes)
    .where('parent_id', '<>', '0')
    .where('dict_key', '<>', HEADER_KEY)
    .orderBy('sort')
    .orderBy('id')
    .limit(TREE_LIMIT)
    .execute();
}

/** Live rows matching the list filters (fragments of the code and the name). */
async function matching(ctx: CrudContext, def: Dict, filter: z.output<typeof dictListInput>) {
  let q = await live(ctx, def);
  if (filter.code) q = q.where('code', 'ilike', contains(filter.code));
  if (filter.dictValue) q = q.where('dict_value', 'ilike', contains(filter.dictValue));
  return q;
}

function dictActionRoutes(def: Dict, actions: DictActions) {
  const sortable = sortableColumns(def);
  const defaultOrder = [...(def.defaultOrder ?? [])];
  return (deps: Deps): Hono<BladeEnv> => {
    const { router, serve } = actionRouter(deps);
    serve(actions.dictionary, async (ctx) =>
      (await itemsOf(ctx, def, [ctx.input.code])).map((r) => vo(def, r)),
    );
    serve(actions.dictionaryTree, async (ctx) => dictTree(def, await itemsOf(ctx, def, [ctx.input.code])));
    serve(actions.list, async (ctx) => {
      const orders = sortOrders(sortable, ctx.input);
      const rows = await applySort(
        (await matching(ctx, def, ctx.input)).selectAll().$castTo<DictRow>(),
        orders.length ? orders : defaultOrder,
      )
        .limit(TREE_LIMIT)
        .execute();
      return dictTree(def, rows);
    });
    serve(actions.childList, async (ctx) => {
      const page = pageRequest(ctx.input);
      const orders = sortOrders(sortable, ctx.input);
      const base = (await matching(ctx, def, ctx.input)).where('parent_id', '=', ctx.input.parentId);
      const { rows, total } = await fetchPage(
        base,
        (qb) => qb.selectAll().$castTo<DictRow>(),
        page,
        orders,
        defaultOrder,
      );
      const pageIds = new Set(rows.map((r) => r.id));
      const items = await itemsOf(ctx, def, [...new Set(rows.map((r) => r.code))]);
      const nested = dictTree(def, [...rows, ...items.filter((r) => !pageIds.has(r.id))]);
      return toPage(
        nested.filter((n) => pageIds.has(n.id)),
        total,
        page,
      );
    });
    serve(actions.tree, async (ctx) => {
      const rows = await applySort((await live(ctx, def)).selectAll().$castTo<DictRow>(), defaultOrder)
        .limit(TREE_LIMIT)
        .execute();
      return buildTree(
        rows.map((r) => ({
          id: r.id,
          parentId: r.parent_id,
          title: r.dict_value,
          key: r.id,
          value: r.id,
          code: r.code,
        })),
      );
    });
    return router;
  };
}

export const systemDictHooks = dictHooks(dictResource);
export const bizDictHooks = dictHooks(dictBizResource);
export const systemDictActions = dictActionRoutes(dictResource, dictActions);
export const bizDictActions = dictActionRoutes(dictBizResource, dictBizActions);
