import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { contains, fetchPage, toPage } from '../../core/page';
import { blank, idListSchema, idSchema } from '../../core/validation';
import { auditFields } from '../../core/vo';
import { withTenant } from '../../db/tenant';
import { requireTenantAdmin } from '../auth/roles';
import { RULE_FIELDS } from './catalog.service';
import { readInput } from './input';
import { storedNameInput } from './names';
import { listRequest, liveRow, liveRows, sameColumns, saveRow, softDelete } from './rows';

// File configuration (/system/fileConfiguration_detail): functions, the catalogue library and the presets that give
// a function's records their trees. Reads for every user of the tenant, writes for its administrators.

const flag = z.coerce.number().int().min(0, '必须为0或1').max(1, '必须为0或1');
const count = (max: number) =>
  z.coerce.number().int('必须为整数').min(0, '不能小于0').max(max, `不能大于${max}`);

const ruleSchema = {
  canAddAppNode: flag,
  canUpload: flag,
  mustUpload: flag,
  canCover: flag,
  canDownload: flag,
  canView: flag,
  canDel: flag,
  canMultiUpload: count(1000),
  maxFileSize: count(500),
  needStamped: flag,
};
type RuleInput = { [K in keyof typeof ruleSchema]?: number | null };

/** Sortable columns of the three lists (ascs/descs); anything else is refused. */
const FUNCTION_SORTABLE = sameColumns(
  'function_code',
  'function_name',
  'use_position',
  'create_time',
  'update_time',
);
const CATALOG_SORTABLE = sameColumns('sort', 'catalog_name', 'catalog_code', 'create_time', 'update_time');
const PRESET_SORTABLE = {
  function_code: 'p.function_code',
  sort: 'p.sort',
  create_time: 'p.create_time',
  update_time: 'p.update_time',
};

const functionSchema = z.object({
  id: blank(idSchema),
  functionCode: z
    .string({ error: '请输入功能编码' })
    .trim()
    .min(1, '请输入功能编码')
    .max(64, '长度不能超过64'),
  functionName: z
    .string({ error: '请输入功能名称' })
    .trim()
    .min(1, '请输入功能名称')
    .max(100, '长度不能超过100'),
  usePosition: blank(z.string().max(200, '长度不能超过200')),
  is_hidden: blank(flag),
  isHidden: blank(flag),
});

const catalogSchema = z.object({
  id: blank(idSchema),
  parentId: blank(z.union([z.literal('0'), z.literal(0), idSchema])),
  catalogName: z.preprocess(
    storedNameInput,
    z.string({ error: '请输入目录名称' }).trim().min(1, '请输入目录名称').max(200, '长度不能超过200'),
  ),
  catalogCode: blank(z.string().max(64, '长度不能超过64')),
  fileType: blank(z.string().max(32, '长度不能超过32')),
  fileNodeProp: blank(z.string().max(32, '长度不能超过32')),
  fileNodeType: blank(z.string().max(32, '长度不能超过32')),
  sort: blank(count(1_000_000)),
  remark: blank(z.string().max(500, '长度不能超过500')),
  ...Object.fromEntries(Object.entries(ruleSchema).map(([k, v]) => [k, blank(v)])),
});

const presetSchema = z.object({
  id: blank(idSchema),
  functionCode: z
    .string({ error: '请输入功能编码' })
    .trim()
    .min(1, '请输入功能编码')
    .max(64, '长度不能超过64'),
  fileCatalogId: idSchema,
  sort: blank(count(1_000_000)),
  ...Object.fromEntries(Object.entries(ruleSchema).map(([k, v]) => [k, blank(v)])),
});

function rulesToColumns(input: RuleInput, keepNull: boolean) {
  const out: Record<string, number | null> = {};
  for (const [column, field] of RULE_FIELDS) {
    const v = input[field];
    if (v !== undefined && (v !== null || keepNull)) out[column] = v;
  }
  return out;
}

function rulesOfRow(row: Record<string, unknown>) {
  return Object.fromEntries(RULE_FIELDS.map(([column, field]) => [field, row[column] ?? '']));
}

export function configRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // ---- fileFunction ----
  const functionVO = (r: {
    id: string;
    function_code: string;
    function_name: string;
    use_position: string;
    is_hidden: number;
  }) => ({
    id: r.id,
    functionCode: r.function_code,
    functionName: r.function_name,
    usePosition: r.use_position,
    is_hidden: r.is_hidden,
    isHidden: r.is_hidden,
  });

  // GET /blade-resource/fileFunction/list — current, size, functionCode, functionName (contains).
  router.get('/blade-resource/fileFunction/list', async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const { page, orders } = listRequest(input, FUNCTION_SORTABLE, 10);
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let q = liveRows(trx, 'blade_file_function', auth.tenantId);
      if (input.functionCode) q = q.where('function_code', 'like', contains(input.functionCode.slice(0, 64)));
      if (input.functionName)
        q = q.where('function_name', 'like', contains(input.functionName.slice(0, 100)));
      const { rows, total } = await fetchPage(q, (qb) => qb.selectAll(), page, orders, [
        { column: 'function_code', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ]);
      return toPage(
        rows.map((r) => ({ ...auditFields(r), ...functionVO(r) })),
        total,
        page,
      );
    });
    return c.json(ok(out));
  });

  // GET /blade-resource/fileFunction/detail?id
  router.get('/blade-resource/fileFunction/detail', async (c) => {
    const auth = c.get('auth');
    const id = idSchema.parse(c.req.query('id'));
    const row = await withTenant(deps.db, auth.tenantId, (trx) =>
      liveRow(trx, 'blade_file_function', auth.tenantId, id).executeTakeFirst(),
    );
    if (!row) throw new NotFoundError();
    return c.json(ok({ ...auditFields(row), ...functionVO(row) }));
  });

  // POST /blade-resource/fileFunction/submit — create or update {id?, functionCode, functionName, usePosition, is_hidden}.
  router.post('/blade-resource/fileFunction/submit', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const body = functionSchema.parse(await readInput(c));
    const hidden = body.is_hidden ?? body.isHidden ?? 0;
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const clash = await liveRows(trx, 'blade_file_function', auth.tenantId)
        .select('id')
        .where('function_code', '=', body.functionCode)
        .executeTakeFirst();
      if (clash && clash.id !== body.id) throw new ServiceError('功能编码已存在');
      const values = {
        function_code: body.functionCode,
        function_name: body.functionName,
        use_position: body.usePosition ?? '',
        is_hidden: hidden,
        update_user: auth.userId,
        update_time: new Date(),
      };
      await saveRow(trx, 'blade_file_function', auth, body.id, values);
    });
    return c.json(success());
  });

  // POST /blade-resource/fileFunction/remove?ids
  router.post('/blade-resource/fileFunction/remove', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = idListSchema.parse((await readInput(c)).ids);
    await withTenant(deps.db, auth.tenantId, (trx) => softDelete(trx, 'blade_file_function', auth, ids));
    return c.json(success());
  });

  // ---- fileCatalog (the library) ----
  type CatalogRow = Awaited<ReturnType<typeof loadCatalog>>;
  async function loadCatalog(tenantId: string, id: string) {
    return withTenant(deps.db, tenantId, (trx) =>
      liveRow(trx, 'blade_file_catalog', tenantId, id).executeTakeFirst(),
    );
  }
  const catalogVO = (r: NonNullable<CatalogRow>, hasChildren = false) => ({
    ...auditFields(r),
    parentId: r.parent_id,
    nodePath: r.node_path,
    catalogName: r.catalog_name,
    label: r.catalog_name,
    catalogCode: r.catalog_code,
    fileType: r.file_type,
    fileNodeProp: r.file_node_prop,
    fileNodeType: r.file_node_type,
    sort: r.sort,
    remark: r.remark,
    ...rulesOfRow(r),
    hasChildren,
    isLeaf: !hasChildren,
  });

  // GET /blade-resource/fileCatalog/list — parentId (default 0: roots), catalogName (contains), current, size: one
  // level of the library for the lazy configuration tree.
  router.get('/blade-resource/fileCatalog/list', async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const { page, orders } = listRequest(input, CATALOG_SORTABLE, 10);
    const parentId = input.parentId?.trim() || '0';
    if (!/^\d{1,19}$/.test(parentId)) throw new ServiceError('parentId:必须是有效的ID');
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let q = liveRows(trx, 'blade_file_catalog', auth.tenantId);
      q = input.catalogName
        ? q.where('catalog_name', 'like', contains(input.catalogName.slice(0, 200)))
        : q.where('parent_id', '=', parentId);
      const { rows, total } = await fetchPage(q, (qb) => qb.selectAll(), page, orders, [
        { column: 'sort', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ]);
      const parents = rows.length
        ? await liveRows(trx, 'blade_file_catalog', auth.tenantId)
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
        rows.map((r) => catalogVO(r, withKids.has(r.id))),
        total,
        page,
      );
    });
    return c.json(ok(out));
  });

  // GET /blade-resource/fileCatalog/detail?id
  router.get('/blade-resource/fileCatalog/detail', async (c) => {
    const auth = c.get('auth');
    const row = await loadCatalog(auth.tenantId, idSchema.parse(c.req.query('id')));
    if (!row) throw new NotFoundError();
    return c.json(ok(catalogVO(row)));
  });

  // POST /blade-resource/fileCatalog/submit — create or update a library node (parentId fixed once created).
  router.post('/blade-resource/fileCatalog/submit', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const body = catalogSchema.parse(await readInput(c)) as z.infer<typeof catalogSchema> & RuleInput;
    const parentId = body.parentId ? String(body.parentId) : '0';
    const id = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const values = {
        catalog_name: body.catalogName,
        catalog_code: body.catalogCode ?? '',
        file_type: body.fileType ?? '',
        file_node_prop: body.fileNodeProp ?? '',
        file_node_type: body.fileNodeType ?? '',
        sort: body.sort ?? 0,
        remark: body.remark ?? '',
        ...rulesToColumns(body, false),
        update_user: auth.userId,
        update_time: new Date(),
      };
      if (body.id) {
        const current = await liveRow(trx, 'blade_file_catalog', auth.tenantId, body.id).executeTakeFirst();
        if (!current) throw new NotFoundError();
        if (
          body.parentId !== undefined &&
          body.parentId !== null &&
          String(body.parentId) !== current.parent_id
        )
          throw new ServiceError('不能移动目录节点');
        await trx
          .updateTable('blade_file_catalog')
          .set(values)
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .execute();
        return body.id;
      }
      let path = '';
      if (parentId !== '0') {
        const parent = await liveRow(trx, 'blade_file_catalog', auth.tenantId, parentId).executeTakeFirst();
        if (!parent) throw new NotFoundError('上级目录不存在');
        if (parent.node_path.split(',').length >= 20) throw new ServiceError('目录层级不能超过20级');
        path = `${parent.node_path},`;
      }
      const newId = nextId();
      await trx
        .insertInto('blade_file_catalog')
        .values({
          id: newId,
          tenant_id: auth.tenantId,
          parent_id: parentId,
          node_path: `${path}${newId}`,
          create_user: auth.userId,
          ...values,
        })
        .execute();
      return newId;
    });
    const row = await loadCatalog(auth.tenantId, id);
    return c.json(ok(row ? catalogVO(row) : null));
  });

  // POST /blade-resource/fileCatalog/remove?ids — only nodes without children.
  router.post('/blade-resource/fileCatalog/remove', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = idListSchema.parse((await readInput(c)).ids);
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const kids = await liveRows(trx, 'blade_file_catalog', auth.tenantId)
        .select('id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .limit(1)
        .execute();
      if (kids.length) throw new ServiceError('请先删除子目录');
      await softDelete(trx, 'blade_file_catalog', auth, ids);
    });
    return c.json(success());
  });

  // ---- filePreset ----
  // GET /blade-resource/filePreset/list — functionCode, current, size: the function's preset nodes with the
  // library node's name and the overriding rules ('' = inherited).
  router.get('/blade-resource/filePreset/list', async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const { page, orders } = listRequest(input, PRESET_SORTABLE, 10);
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
        [
          { column: 'p.function_code', direction: 'asc' },
          { column: 'p.sort', direction: 'asc' },
          { column: 'p.id', direction: 'asc' },
        ],
      );
      return toPage(
        rows.map((r) => ({
          ...auditFields(r),
          functionCode: r.function_code,
          fileCatalogId: r.file_catalog_id,
          catalogName: r.catalog_name,
          sort: r.sort,
          ...rulesOfRow(r),
        })),
        total,
        page,
      );
    });
    return c.json(ok(out));
  });

  // GET /blade-resource/filePreset/detail?id
  router.get('/blade-resource/filePreset/detail', async (c) => {
    const auth = c.get('auth');
    const id = idSchema.parse(c.req.query('id'));
    const row = await withTenant(deps.db, auth.tenantId, (trx) =>
      liveRow(trx, 'blade_file_preset', auth.tenantId, id).executeTakeFirst(),
    );
    if (!row) throw new NotFoundError();
    return c.json(
      ok({
        ...auditFields(row),
        functionCode: row.function_code,
        fileCatalogId: row.file_catalog_id,
        sort: row.sort,
        ...rulesOfRow(row),
      }),
    );
  });

  // POST /blade-resource/filePreset/submit — {id?, functionCode, fileCatalogId, sort, rule overrides ('' inherits)}.
  router.post('/blade-resource/filePreset/submit', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const body = presetSchema.parse(await readInput(c)) as z.infer<typeof presetSchema> & RuleInput;
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const catalog = await liveRow(
        trx,
        'blade_file_catalog',
        auth.tenantId,
        body.fileCatalogId,
      ).executeTakeFirst();
      if (!catalog) throw new NotFoundError('目录不存在');
      const clash = await liveRows(trx, 'blade_file_preset', auth.tenantId)
        .select('id')
        .where('function_code', '=', body.functionCode)
        .where('file_catalog_id', '=', body.fileCatalogId)
        .executeTakeFirst();
      if (clash && clash.id !== body.id) throw new ServiceError('该功能已包含此目录');
      const values = {
        function_code: body.functionCode,
        file_catalog_id: body.fileCatalogId,
        sort: body.sort ?? 0,
        ...rulesToColumns(body, true),
        update_user: auth.userId,
        update_time: new Date(),
      };
      await saveRow(trx, 'blade_file_preset', auth, body.id, values);
    });
    return c.json(success());
  });

  // POST /blade-resource/filePreset/remove?ids
  router.post('/blade-resource/filePreset/remove', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = idListSchema.parse((await readInput(c)).ids);
    await withTenant(deps.db, auth.tenantId, (trx) => softDelete(trx, 'blade_file_preset', auth, ids));
    return c.json(success());
  });

  return router;
}
