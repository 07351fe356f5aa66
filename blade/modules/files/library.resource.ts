import { Hono } from 'hono';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { fileCatalogResource } from '../../../lib/contracts/files/catalog';
import { NODE_RULE_MAX } from '../../../lib/contracts/files/rules';
import { sortableColumns, submitSchema, type FieldDef } from '../../../lib/contracts/resource';
import type { BladeEnv, Deps } from '../../core/context';
import { toVO, type CrudHooks } from '../../core/crud';
import { zhText } from '../../core/refusal-keys';
import { ok } from '../../core/envelope';
import { NotFoundError, ServiceError, ValidationError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { contains, fetchPage, toPage } from '../../core/page';
import { permit } from '../../core/permission';
import { blank, idSchema } from '../../../lib/contracts/inputs';
import type { Database } from '../../db/schema';
import { withTenant, type Trx } from '../../db/tenant';
import { requireTenantAdmin } from '../../core/roles';
import { RULE_FIELDS } from './catalog.service';
import { checkRange } from './config.resource';
import { readTextParams } from '../../core/input';
import { listRequest } from './list-request';
import { storedNameInput } from '../../../lib/contracts/files/names';

// The catalogue library's list and submit (fileCatalogResource names them as its own calls): a lazy tree, one level
// per list call, and a submit that places a new node under its parent. Detail and remove are the generic ones.

/** The submit's input by the definition's field rules; `parentId` and `id` by their own (a top node's parent is 0). */
const libraryInput = submitSchema(fileCatalogResource, zhText);
const placement = z.object({
  id: blank(idSchema),
  parentId: blank(z.union([z.literal('0'), idSchema])),
});

const RULE_NAMES = new Set<string>(RULE_FIELDS.map(([, name]) => name));

/**
 * The row's columns of a submit: texts and the sort are replaced every time (blank = the default); a rule only when
 * given (the library node always has its own rules, so a blank one keeps the stored value).
 */
function columnsOf(input: Record<string, unknown>): Updateable<Database['blade_file_catalog']> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fileCatalogResource.fields) as [string, FieldDef][]) {
    if (field.form === false) continue;
    const value = input[name];
    if (!RULE_NAMES.has(name)) out[field.column] = value ?? field.default ?? '';
    else if (value !== undefined) out[field.column] = value;
  }
  // The definition's columns are this table's, with the values its field rules parsed.
  return out as Updateable<Database['blade_file_catalog']>;
}

/** The tenant's live library node, every column. */
function liveNode(trx: Trx, tenantId: string, id: string) {
  return trx
    .selectFrom('blade_file_catalog')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** What the library definition does not say: the tree's fields of a node, and a node with children stays. */
export const fileCatalogHooks: CrudHooks = {
  ownCalls: ['list', 'submit'],
  present: (row) => ({ label: row.catalog_name, hasChildren: false, isLeaf: true }),
  async afterRemove({ trx, auth }, ids) {
    const kids = await trx
      .selectFrom('blade_file_catalog')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0)
      .where('parent_id', 'in', ids)
      .where('id', 'not in', ids)
      .limit(1)
      .execute();
    if (kids.length) throw new ServiceError('请先删除子目录');
  },
};

const nodeVO = (row: Record<string, unknown> & { id: string }, hasChildren = false) => ({
  ...toVO(fileCatalogResource, row, fileCatalogHooks),
  hasChildren,
  isLeaf: !hasChildren,
});

/** Sort names of the library list: the definition's allowlist. */
const CATALOG_SORTABLE = Object.fromEntries(sortableColumns(fileCatalogResource).map((c) => [c, c]));

export function fileCatalogActions(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const def = fileCatalogResource;

  // GET /blade-resource/fileCatalog/list — parentId (default 0: roots), catalogName (contains, all levels), current,
  // size: one level of the library for the lazy configuration tree.
  router.get(def.calls.list.path, permit(deps, def.access.read), async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const { page, orders } = listRequest(input, CATALOG_SORTABLE, 10);
    const parentId = input.parentId?.trim() || '0';
    if (!/^\d{1,19}$/.test(parentId)) throw new ServiceError('parentId:必须是有效的ID');
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const live = trx
        .selectFrom('blade_file_catalog')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      const q = input.catalogName
        ? live.where('catalog_name', 'like', contains(input.catalogName.slice(0, 200)))
        : live.where('parent_id', '=', parentId);
      const { rows, total } = await fetchPage(q, (qb) => qb.selectAll(), page, orders, [
        ...(def.defaultOrder ?? []),
      ]);
      const parents = rows.length
        ? await live
            .select('parent_id')
            .where(
              'parent_id',
              'in',
              rows.map((r) => r.id),
            )
            .groupBy('parent_id')
            .execute()
        : [];
      const withKids = new Set(parents.map((p) => p.parent_id));
      return toPage(
        rows.map((r) => nodeVO(r, withKids.has(r.id))),
        total,
        page,
      );
    });
    return c.json(ok(out));
  });

  // POST /blade-resource/fileCatalog/submit — create or update a library node (parentId fixed once created); answers
  // the node.
  router.post(def.calls.submit.path, requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const params = await readTextParams(c);
    const body = placement.parse(params);
    // The name is cleaned (bidi controls, NFC) before it is trimmed and measured.
    const input = libraryInput.parse({
      ...params,
      catalogName: storedNameInput(params.catalogName),
    }) as Record<string, unknown>;
    if (!input.catalogName) throw new ValidationError('catalogName', '请输入目录名称');
    checkRange('canMultiUpload', input.canMultiUpload, NODE_RULE_MAX.canMultiUpload);
    checkRange('maxFileSize', input.maxFileSize, NODE_RULE_MAX.maxFileSize);
    checkRange('sort', input.sort, NODE_RULE_MAX.sort);
    const parentId = body.parentId ?? '0';
    const row = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const values = { ...columnsOf(input), update_user: auth.userId, update_time: new Date() };
      let id = body.id;
      if (id) {
        const current = await liveNode(trx, auth.tenantId, id);
        if (!current) throw new NotFoundError();
        if (body.parentId !== undefined && body.parentId !== null && body.parentId !== current.parent_id)
          throw new ServiceError('不能移动目录节点');
        await trx
          .updateTable('blade_file_catalog')
          .set(values)
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
      } else {
        let path = '';
        if (parentId !== '0') {
          const parent = await liveNode(trx, auth.tenantId, parentId);
          if (!parent) throw new NotFoundError('上级目录不存在');
          if (parent.node_path.split(',').length >= 20) throw new ServiceError('目录层级不能超过20级');
          path = `${parent.node_path},`;
        }
        id = nextId();
        await trx
          .insertInto('blade_file_catalog')
          .values({
            id,
            tenant_id: auth.tenantId,
            parent_id: parentId,
            node_path: `${path}${id}`,
            create_user: auth.userId,
            create_dept: auth.deptIds[0] ?? null,
            ...values,
            catalog_name: String(input.catalogName),
          })
          .execute();
      }
      return liveNode(trx, auth.tenantId, id);
    });
    return c.json(ok(row ? nodeVO(row) : null));
  });

  return router;
}
