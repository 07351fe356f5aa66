import { Hono } from 'hono';
import { fileFunctionResource } from '../../../lib/contracts/files/function';
import { filePresetResource, PRESET_OVERRIDES } from '../../../lib/contracts/files/preset';
import { NODE_RULE_MAX } from '../../../lib/contracts/files/rules';
import { fieldSchema, sortableColumns } from '../../../lib/contracts/resource';
import type { BladeEnv, Deps } from '../../core/context';
import { toVO, zhText, type CrudHooks } from '../../core/crud';
import { ok } from '../../core/envelope';
import { NotFoundError, ValidationError } from '../../core/errors';
import { fetchPage, pageRequest, sortOrders, toPage } from '../../core/page';
import { pageQuerySchema } from '../../../lib/contracts/inputs';
import { permit } from '../../core/permission';
import { withTenant } from '../../db/tenant';

// File configuration (/system/fileConfiguration_detail) served from its definitions: what the definitions do not say.

const hiddenFlag = fieldSchema(fileFunctionResource.fields.isHidden, zhText);

/** Functions: clients (BladeX's) also send and read the hidden flag as `is_hidden`; sent, it wins over `isHidden`. */
export const fileFunctionHooks: CrudHooks = {
  present: (row) => ({ is_hidden: row.is_hidden }),
  async beforeWrite({ params }, values) {
    const alias = params?.is_hidden;
    if (alias === undefined || alias === null || alias === '') return;
    const parsed = hiddenFlag.safeParse(alias);
    if (!parsed.success) throw new ValidationError('is_hidden', parsed.error.issues[0].message);
    values.is_hidden = parsed.data;
  },
};

/** The range checks the definition's integer fields cannot state, with the texts blade/ has always answered. */
export function checkRange(name: string, value: unknown, max: number): void {
  if (typeof value !== 'number') return;
  if (value < 0) throw new ValidationError(name, '不能小于0');
  if (value > max) throw new ValidationError(name, `不能大于${max}`);
}

/**
 * Presets: the library node must exist; a blank override means "inherit the node's rule" (null), also on add where
 * the generic submit would store 0; an absent one on edit keeps what is stored.
 */
export const filePresetHooks: CrudHooks = {
  ownCalls: ['list'],
  async beforeWrite({ trx, auth, params }, values, id) {
    for (const name of PRESET_OVERRIDES) {
      const raw = params?.[name];
      const blank = raw === undefined ? id === null : raw === '' || raw === null;
      if (blank) values[filePresetResource.fields[name].column] = null;
    }
    checkRange('canMultiUpload', values.can_multi_upload, NODE_RULE_MAX.canMultiUpload);
    checkRange('maxFileSize', values.max_file_size, NODE_RULE_MAX.maxFileSize);
    checkRange('sort', values.sort, NODE_RULE_MAX.sort);
    if (values.file_catalog_id === undefined) return;
    const node = await trx
      .selectFrom('blade_file_catalog')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', values.file_catalog_id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!node) throw new NotFoundError('目录不存在');
  },
};

/** Sort names of the preset list (the definition's allowlist) → the joined query's columns. */
const PRESET_SORTABLE = sortableColumns(filePresetResource);

/**
 * GET filePreset/list — functionCode (exact), current, size, ascs/descs: the presets with the library node's name
 * (`catalogName`) and the overriding rules ('' = inherited). Its own route: the answer joins the library.
 */
export function filePresetActions(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  const def = filePresetResource;
  router.get(def.calls.list.path, permit(deps, def.access.list ?? def.access.read), async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const query = pageQuerySchema.parse(input);
    const page = pageRequest(query);
    const orders = sortOrders(PRESET_SORTABLE, query).map((o) => ({ ...o, column: `p.${o.column}` }));
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let q = trx
        .selectFrom('blade_file_preset as p')
        .innerJoin('blade_file_catalog as c', 'c.id', 'p.file_catalog_id')
        .where('p.tenant_id', '=', auth.tenantId)
        .where('p.is_deleted', '=', 0);
      if (input.functionCode) q = q.where('p.function_code', '=', input.functionCode.slice(0, 64));
      const { rows, total } = await fetchPage(
        q,
        (qb) => qb.selectAll('p').select('c.catalog_name'),
        page,
        orders,
        (def.defaultOrder ?? []).map((o) => ({ ...o, column: `p.${o.column}` })),
      );
      return toPage(
        rows.map((r) => ({ ...toVO(def, r, filePresetHooks), catalogName: r.catalog_name })),
        total,
        page,
      );
    });
    return c.json(ok(out));
  });
  return router;
}
