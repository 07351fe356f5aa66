import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { contains, pageRequest, toPage } from '../../core/page';
import { blank, idListSchema, idSchema } from '../../core/validation';
import { auditFields } from '../../core/vo';
import { withTenant } from '../../db/tenant';
import { requireTenantAdmin } from '../auth/roles';
import { RULE_FIELDS } from './catalog.service';
import { readInput } from './input';

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

const pageQuery = (input: Record<string, string>) =>
  pageRequest({
    current: /^\d{1,9}$/.test(input.current ?? '') ? Number(input.current) : 1,
    size: /^\d{1,9}$/.test(input.size ?? '') ? Number(input.size) : 10,
  });

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
  catalogName: z
    .string({ error: '请输入目录名称' })
    .trim()
    .min(1, '请输入目录名称')
    .max(200, '长度不能超过200'),
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
    const page = pageQuery(input);
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let q = trx
        .selectFrom('blade_file_function')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      if (input.functionCode) q = q.where('function_code', 'like', contains(input.functionCode.slice(0, 64)));
      if (input.functionName)
        q = q.where('function_name', 'like', contains(input.functionName.slice(0, 100)));
      const n = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('function_code')
        .limit(page.size)
        .offset(page.offset)
        .execute();
      return toPage(
        rows.map((r) => ({ ...auditFields(r), ...functionVO(r) })),
        Number(n.n),
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
      trx
        .selectFrom('blade_file_function')
        .selectAll()
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
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
      const clash = await trx
        .selectFrom('blade_file_function')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('function_code', '=', body.functionCode)
        .where('is_deleted', '=', 0)
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
      if (body.id) {
        const r = await trx
          .updateTable('blade_file_function')
          .set(values)
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (r.numUpdatedRows === 0n) throw new NotFoundError();
      } else {
        await trx
          .insertInto('blade_file_function')
          .values({ id: nextId(), tenant_id: auth.tenantId, create_user: auth.userId, ...values })
          .execute();
      }
    });
    return c.json(success());
  });

  // POST /blade-resource/fileFunction/remove?ids
  router.post('/blade-resource/fileFunction/remove', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = idListSchema.parse((await readInput(c)).ids);
    const r = await withTenant(deps.db, auth.tenantId, (trx) =>
      trx
        .updateTable('blade_file_function')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (r.numUpdatedRows === 0n) throw new NotFoundError();
    return c.json(success());
  });

  // ---- fileCatalog (the library) ----
  type CatalogRow = Awaited<ReturnType<typeof loadCatalog>>;
  async function loadCatalog(tenantId: string, id: string) {
    return withTenant(deps.db, tenantId, (trx) =>
      trx
        .selectFrom('blade_file_catalog')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
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
    const page = pageQuery(input);
    const parentId = input.parentId?.trim() || '0';
    if (!/^\d{1,19}$/.test(parentId)) throw new ServiceError('parentId:必须是有效的ID');
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let q = trx
        .selectFrom('blade_file_catalog')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      q = input.catalogName
        ? q.where('catalog_name', 'like', contains(input.catalogName.slice(0, 200)))
        : q.where('parent_id', '=', parentId);
      const n = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('sort')
        .orderBy('id')
        .limit(page.size)
        .offset(page.offset)
        .execute();
      const parents = rows.length
        ? await trx
            .selectFrom('blade_file_catalog')
            .select('parent_id')
            .where('tenant_id', '=', auth.tenantId)
            .where(
              'parent_id',
              'in',
              rows.map((r) => r.id),
            )
            .where('is_deleted', '=', 0)
            .groupBy('parent_id')
            .execute()
        : [];
      const withKids = new Set(parents.map((p) => p.parent_id));
      return toPage(
        rows.map((r) => catalogVO(r, withKids.has(r.id))),
        Number(n.n),
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
        const current = await trx
          .selectFrom('blade_file_catalog')
          .select('parent_id')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
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
        const parent = await trx
          .selectFrom('blade_file_catalog')
          .select('node_path')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', parentId)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
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
      const kids = await trx
        .selectFrom('blade_file_catalog')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .where('is_deleted', '=', 0)
        .limit(1)
        .execute();
      if (kids.length) throw new ServiceError('请先删除子目录');
      const r = await trx
        .updateTable('blade_file_catalog')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (r.numUpdatedRows === 0n) throw new NotFoundError();
    });
    return c.json(success());
  });

  // ---- filePreset ----
  // GET /blade-resource/filePreset/list — functionCode, current, size: the function's preset nodes with the
  // library node's name and the overriding rules ('' = inherited).
  router.get('/blade-resource/filePreset/list', async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const page = pageQuery(input);
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let q = trx
        .selectFrom('blade_file_preset as p')
        .innerJoin('blade_file_catalog as c', 'c.id', 'p.file_catalog_id')
        .where('p.tenant_id', '=', auth.tenantId)
        .where('p.is_deleted', '=', 0);
      if (input.functionCode) q = q.where('p.function_code', '=', input.functionCode.slice(0, 64));
      const n = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll('p')
        .select('c.catalog_name')
        .orderBy('p.function_code')
        .orderBy('p.sort')
        .orderBy('p.id')
        .limit(page.size)
        .offset(page.offset)
        .execute();
      return toPage(
        rows.map((r) => ({
          ...auditFields(r),
          functionCode: r.function_code,
          fileCatalogId: r.file_catalog_id,
          catalogName: r.catalog_name,
          sort: r.sort,
          ...rulesOfRow(r),
        })),
        Number(n.n),
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
      trx
        .selectFrom('blade_file_preset')
        .selectAll()
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
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
      const catalog = await trx
        .selectFrom('blade_file_catalog')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', body.fileCatalogId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!catalog) throw new NotFoundError('目录不存在');
      const clash = await trx
        .selectFrom('blade_file_preset')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('function_code', '=', body.functionCode)
        .where('file_catalog_id', '=', body.fileCatalogId)
        .where('is_deleted', '=', 0)
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
      if (body.id) {
        const r = await trx
          .updateTable('blade_file_preset')
          .set(values)
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (r.numUpdatedRows === 0n) throw new NotFoundError();
      } else {
        await trx
          .insertInto('blade_file_preset')
          .values({ id: nextId(), tenant_id: auth.tenantId, create_user: auth.userId, ...values })
          .execute();
      }
    });
    return c.json(success());
  });

  // POST /blade-resource/filePreset/remove?ids
  router.post('/blade-resource/filePreset/remove', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = idListSchema.parse((await readInput(c)).ids);
    const r = await withTenant(deps.db, auth.tenantId, (trx) =>
      trx
        .updateTable('blade_file_preset')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (r.numUpdatedRows === 0n) throw new NotFoundError();
    return c.json(success());
  });

  return router;
}
