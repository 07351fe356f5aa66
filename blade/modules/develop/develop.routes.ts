import { Hono, type Context } from 'hono';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../core/page';
import { blank, idSchema, parseJson, parseQuery } from '../../core/validation';
import { auditFields } from '../../core/vo';
import type { ModelPrototypeTable } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { permit } from '../../core/permission';
import { flagSchema, intSchema, parseIds, requireText } from '../system/param/admin-input';
import { BASE_COLUMNS, generateModule, kindOf, type GenField } from './codegen';
import {
  codesUsingModels,
  countRows,
  findRow,
  LIKE_FILTERS,
  listTables,
  modelCodeTaken,
  pageRows,
  prototypesOf,
  softDeletePrototypesOf,
  softDeleteRows,
  SORTABLE,
  tableColumns,
  type CodeRow,
  type ColumnInfo,
  type DatasourceRow,
  type DevelopTable,
  type ModelRow,
  type PrototypeRow,
} from './develop.repository';
import { zipFiles } from './zip';

/** The password never leaves the server (contract §10 #13): `password` is '' and `passwordSet` tells. */
export function toDatasourceVO(row: DatasourceRow) {
  return {
    ...auditFields(row),
    name: row.name,
    driverClass: row.driver_class,
    url: row.url,
    username: row.username,
    password: '',
    passwordSet: row.password !== '',
    remark: row.remark,
  };
}

export function toModelVO(row: ModelRow) {
  return {
    ...auditFields(row),
    datasourceId: row.datasource_id ?? '',
    modelName: row.model_name,
    modelCode: row.model_code,
    modelTable: row.model_table,
    modelClass: row.model_class,
    modelRemark: row.model_remark,
  };
}

export function toPrototypeVO(row: PrototypeRow) {
  return {
    ...auditFields(row),
    modelId: row.model_id,
    jdbcName: row.jdbc_name,
    jdbcType: row.jdbc_type,
    comment: row.comment,
    propertyType: row.property_type,
    propertyName: row.property_name,
    isForm: row.is_form,
    isRow: row.is_row,
    componentType: row.component_type,
    dictCode: row.dict_code,
    isRequired: row.is_required,
    isList: row.is_list,
    isQuery: row.is_query,
    queryType: row.query_type,
    sort: row.sort,
  };
}

export function toCodeVO(row: CodeRow) {
  return {
    ...auditFields(row),
    modelId: row.model_id ?? '',
    serviceName: row.service_name,
    codeName: row.code_name,
    packageName: row.module_name,
    tableName: row.table_name,
    pkName: row.pk_name,
    isTenant: row.is_tenant,
    remark: row.remark,
  };
}

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;
const PROPERTY = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const SLUG = /^[a-z][a-z0-9-]{0,40}$/;

const camel = (s: string) => s.replace(/_+([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

const COMPONENT: Record<ReturnType<typeof kindOf>, string> = {
  string: 'input',
  text: 'textarea',
  integer: 'number',
  bigint: 'input',
  decimal: 'input',
  boolean: 'switch',
  datetime: 'datetime',
};
const PROPERTY_TYPE: Record<ReturnType<typeof kindOf>, string> = {
  string: 'string',
  text: 'string',
  integer: 'number',
  bigint: 'string',
  decimal: 'string',
  boolean: 'boolean',
  datetime: 'string',
};

/** A model field drafted from a column: base columns are kept but neither shown nor edited. */
export function prototypeFromColumn(
  modelId: string,
  column: ColumnInfo,
  sort: number,
): Omit<Insertable<ModelPrototypeTable>, 'id'> {
  const kind = kindOf(column.dataType);
  const base = BASE_COLUMNS.has(column.name);
  const isText = kind === 'string' || kind === 'text';
  return {
    model_id: modelId,
    jdbc_name: column.name,
    jdbc_type: column.length ? `${column.dataType}(${column.length})` : column.dataType,
    comment: (column.comment || column.name).slice(0, 255),
    property_type: PROPERTY_TYPE[kind],
    property_name: camel(column.name),
    is_form: base ? 0 : 1,
    is_row: 0,
    component_type: COMPONENT[kind],
    dict_code: '',
    is_required: !base && !column.nullable && !column.hasDefault ? 1 : 0,
    is_list: base ? 0 : 1,
    is_query: !base && isText ? 1 : 0,
    query_type: isText ? 'like' : 'equal',
    sort,
  };
}

const listQueries = {
  blade_datasource: pageQuerySchema.extend({ name: text(100) }),
  blade_model: pageQuerySchema.extend({ modelName: text(50), modelCode: text(50), modelTable: text(64) }),
  blade_model_prototype: pageQuerySchema.extend({ modelId: blank(idSchema), jdbcName: text(64) }),
  blade_code: pageQuerySchema.extend({ codeName: text(64), packageName: text(64), tableName: text(64) }),
};
const idQuery = z.object({ id: idSchema });

const datasourceBody = z.object({
  id: blank(idSchema),
  name: text(100),
  driverClass: text(100),
  url: text(500),
  username: text(45),
  password: text(500),
  remark: text(255),
});
const modelBody = z.object({
  id: blank(idSchema),
  datasourceId: blank(idSchema),
  modelName: text(50),
  modelCode: text(50),
  modelTable: text(64),
  modelClass: text(64),
  modelRemark: text(500),
});
const prototypeBody = z.object({
  id: blank(idSchema),
  modelId: blank(idSchema),
  jdbcName: text(64),
  jdbcType: text(64),
  comment: text(255),
  propertyType: text(64),
  propertyName: text(64),
  isForm: blank(flagSchema),
  isRow: blank(flagSchema),
  componentType: text(32),
  dictCode: text(64),
  isRequired: blank(flagSchema),
  isList: blank(flagSchema),
  isQuery: blank(flagSchema),
  queryType: blank(z.enum(['like', 'equal'], { error: 'queryType 只能是 like 或 equal' })),
  sort: blank(intSchema),
});
const codeBody = z.object({
  id: blank(idSchema),
  modelId: blank(idSchema),
  serviceName: text(64),
  codeName: text(64),
  packageName: text(64),
  tableName: text(64),
  pkName: text(32),
  isTenant: blank(flagSchema),
  remark: text(255),
});

/** yyyyMMddTHHmmss of now, the generated migration's prefix. */
function stamp(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}T` +
    `${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`
  );
}

/** The GenSpec of a code configuration: its model's fields (base columns left to the template). */
async function specOf(db: Db, code: CodeRow) {
  if (!code.model_id) throw new ServiceError('请选择数据模型');
  const model = await findRow(db, 'blade_model', code.model_id);
  if (!model) throw new ServiceError('数据模型不存在');
  const fields: GenField[] = (await prototypesOf(db, model.id))
    .filter((p) => !BASE_COLUMNS.has(p.jdbc_name) && IDENT.test(p.jdbc_name))
    .map((p) => {
      const kind = kindOf(p.jdbc_type.replace(/\(.*$/, ''));
      const length = Number(/\((\d+)\)/.exec(p.jdbc_type)?.[1] ?? 255);
      return {
        column: p.jdbc_name,
        property: PROPERTY.test(p.property_name) ? p.property_name : camel(p.jdbc_name),
        kind,
        length: Math.min(Math.max(length, 1), 10_000),
        label: p.comment || p.jdbc_name,
        required: p.is_required === 1,
        inForm: p.is_form === 1,
        inList: p.is_list === 1,
        inQuery: p.is_query === 1,
        queryType: p.query_type === 'like' ? 'like' : 'equal',
        dictCode: p.dict_code,
      };
    });
  if (fields.length === 0) throw new ServiceError('数据模型没有可生成的字段');
  return {
    service: code.service_name.replace(/^blade-/, ''),
    module: code.module_name,
    title: code.code_name,
    table: code.table_name,
    tenant: code.is_tenant === 1,
    fields,
    stamp: stamp(),
  };
}

/**
 * blade-develop: datasources, data models (read from existing tables), model fields, and code generator
 * configurations whose gen-code answers a zip of a module skeleton. Platform administrator only.
 */
export function developRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  router.use('*', permit(deps, { role: 'platform' }));
  const tx = <T>(fn: (trx: Db) => Promise<T>) => deps.db.transaction().execute(fn);

  const crud = <T extends DevelopTable, V>(path: string, table: T, toVO: (row: never) => V) => {
    const vo = toVO as (row: unknown) => V;
    router.get(`/${path}/list`, async (c) => {
      const query = parseQuery(c, listQueries[table]) as Record<string, string | null | undefined> &
        z.output<typeof pageQuerySchema>;
      const page = pageRequest(query);
      const orders = sortOrders(SORTABLE[table], query);
      const likes = Object.entries(LIKE_FILTERS[table] as Record<string, string>)
        .filter(([field]) => query[field])
        .map(([field, column]) => [column, String(query[field])] as [string, string]);
      const { rows, total } = await tx((trx) =>
        pageRows(trx, table, { likes, modelId: query.modelId }, page, orders),
      );
      return c.json(ok(toPage(rows.map(vo), total, page)));
    });
    router.get(`/${path}/detail`, async (c) => {
      const { id } = parseQuery(c, idQuery);
      const row = await findRow(deps.db, table, id);
      if (!row) throw new NotFoundError();
      return c.json(ok(vo(row)));
    });
    router.post(`/${path}/remove`, async (c) => {
      const ids = [...new Set(await parseIds(c))];
      const userId = c.get('auth').userId;
      await tx(async (trx) => {
        if ((await countRows(trx, table, ids)) !== ids.length) throw new NotFoundError();
        if (table === 'blade_model') {
          if ((await codesUsingModels(trx, ids)) > 0)
            throw new ServiceError('请先删除使用该模型的代码生成配置');
          await softDeletePrototypesOf(trx, ids, userId);
        }
        await softDeleteRows(trx, table, ids, userId);
      });
      return c.json(success());
    });
  };

  crud('datasource', 'blade_datasource', toDatasourceVO);
  crud('model', 'blade_model', toModelVO);
  crud('model-prototype', 'blade_model_prototype', toPrototypeVO);
  crud('code', 'blade_code', toCodeVO);

  const audit = (c: Context<BladeEnv>, creating: boolean) => {
    const auth = c.get('auth');
    return creating
      ? { create_user: auth.userId, create_dept: auth.deptIds[0] ?? null, update_user: auth.userId }
      : { update_user: auth.userId, update_time: new Date() };
  };

  // POST /datasource/submit — a named connection record; an empty password keeps the stored one.
  router.post('/datasource/submit', async (c) => {
    const body = await parseJson(c, datasourceBody);
    const values = {
      name: requireText(body.name, '请输入数据源名称'),
      driver_class: body.driverClass ?? 'org.postgresql.Driver',
      url: requireText(body.url, '请输入连接地址'),
      username: body.username ?? '',
      remark: body.remark ?? '',
    };
    await tx(async (trx) => {
      if (body.id) {
        if (!(await findRow(trx, 'blade_datasource', body.id))) throw new NotFoundError();
        await trx
          .updateTable('blade_datasource')
          .set({ ...values, ...(body.password && { password: body.password }), ...audit(c, false) })
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_datasource')
          .values({ ...values, id: nextId(), password: body.password ?? '', ...audit(c, true) })
          .execute();
      }
    });
    return c.json(success());
  });

  // GET /model/table-list — the tables a model can be defined from (information_schema of blade/'s schema).
  router.get('/model/table-list', async (c) => c.json(ok(await listTables(deps.db))));

  // POST /model/submit — a data model over an existing table; on creation its fields are read from the table.
  router.post('/model/submit', async (c) => {
    const body = await parseJson(c, modelBody);
    const modelTable = requireText(body.modelTable, '请输入物理表名');
    if (!IDENT.test(modelTable)) throw new ServiceError('物理表名只能包含小写字母、数字和下划线');
    const values = {
      datasource_id: body.datasourceId ?? null,
      model_name: requireText(body.modelName, '请输入模型名称'),
      model_code: requireText(body.modelCode, '请输入模型编号'),
      model_table: modelTable,
      model_class: body.modelClass ?? '',
      model_remark: body.modelRemark ?? '',
    };
    await tx(async (trx) => {
      if (values.datasource_id && !(await findRow(trx, 'blade_datasource', values.datasource_id)))
        throw new ServiceError('数据源不存在');
      if (await modelCodeTaken(trx, values.model_code, body.id ?? undefined))
        throw new ServiceError('当前模型编号已存在!');
      const columns = await tableColumns(trx, modelTable);
      if (columns.length === 0) throw new ServiceError('物理表不存在');
      if (body.id) {
        const existing = await findRow(trx, 'blade_model', body.id);
        if (!existing) throw new NotFoundError();
        await trx
          .updateTable('blade_model')
          .set({ ...values, ...audit(c, false) })
          .where('id', '=', body.id)
          .execute();
        if (existing.model_table === modelTable) return;
        // Another table: its fields replace the old ones.
        await softDeletePrototypesOf(trx, [body.id], c.get('auth').userId);
      }
      const id = body.id ?? nextId();
      if (!body.id)
        await trx
          .insertInto('blade_model')
          .values({ ...values, id, ...audit(c, true) })
          .execute();
      await trx
        .insertInto('blade_model_prototype')
        .values(
          columns.map((col, i) => ({
            ...prototypeFromColumn(id, col, i + 1),
            id: nextId(),
            ...audit(c, true),
          })),
        )
        .execute();
    });
    return c.json(success());
  });

  // POST /model-prototype/submit — one field or an array of fields (the field grid saves all rows at once).
  router.post('/model-prototype/submit', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ServiceError('消息不能读取');
    }
    const items = z
      .array(prototypeBody)
      .max(500, '字段过多')
      .parse(Array.isArray(raw) ? raw : [raw]);
    if (items.length === 0) throw new ServiceError('请至少选择一条数据');
    await tx(async (trx) => {
      for (const item of items) {
        const existing = item.id ? await findRow(trx, 'blade_model_prototype', item.id) : undefined;
        if (item.id && !existing) throw new NotFoundError();
        const modelId = existing?.model_id ?? item.modelId;
        if (!modelId) throw new ServiceError('请选择数据模型');
        if (!existing && !(await findRow(trx, 'blade_model', modelId)))
          throw new ServiceError('数据模型不存在');
        const jdbcName = requireText(item.jdbcName ?? existing?.jdbc_name, '请输入字段名');
        if (!IDENT.test(jdbcName)) throw new ServiceError('字段名只能包含小写字母、数字和下划线');
        const propertyName = item.propertyName ?? existing?.property_name ?? camel(jdbcName);
        if (!PROPERTY.test(propertyName)) throw new ServiceError('属性名只能包含字母、数字和下划线');
        const values = {
          model_id: modelId,
          jdbc_name: jdbcName,
          jdbc_type: item.jdbcType ?? existing?.jdbc_type ?? 'character varying(255)',
          comment: item.comment ?? existing?.comment ?? jdbcName,
          property_type: item.propertyType ?? existing?.property_type ?? 'string',
          property_name: propertyName,
          is_form: item.isForm ?? existing?.is_form ?? 1,
          is_row: item.isRow ?? existing?.is_row ?? 0,
          component_type: item.componentType ?? existing?.component_type ?? 'input',
          dict_code: item.dictCode ?? existing?.dict_code ?? '',
          is_required: item.isRequired ?? existing?.is_required ?? 0,
          is_list: item.isList ?? existing?.is_list ?? 1,
          is_query: item.isQuery ?? existing?.is_query ?? 0,
          query_type: item.queryType ?? existing?.query_type ?? 'equal',
          sort: item.sort ?? existing?.sort ?? 0,
        };
        if (existing)
          await trx
            .updateTable('blade_model_prototype')
            .set({ ...values, ...audit(c, false) })
            .where('id', '=', existing.id)
            .execute();
        else
          await trx
            .insertInto('blade_model_prototype')
            .values({ ...values, id: nextId(), ...audit(c, true) })
            .execute();
      }
    });
    return c.json(success());
  });

  // POST /code/submit — a generator configuration: which model, which service folder (serviceName) and module
  // (packageName, kebab-case: the folder and file names of the generated module, BladeX's package_name).
  router.post('/code/submit', async (c) => {
    const body = await parseJson(c, codeBody);
    const modelId = body.modelId;
    if (!modelId) throw new ServiceError('请选择数据模型');
    const serviceName = requireText(body.serviceName, '请输入服务名称').replace(/^blade-/, '');
    const moduleName = requireText(body.packageName, '请输入模块标识');
    if (!SLUG.test(serviceName)) throw new ServiceError('服务名称只能包含小写字母、数字和 -');
    if (!SLUG.test(moduleName)) throw new ServiceError('模块标识只能包含小写字母、数字和 -');
    const pkName = body.pkName ?? 'id';
    if (!IDENT.test(pkName)) throw new ServiceError('主键名只能包含小写字母、数字和下划线');
    await tx(async (trx) => {
      const model = await findRow(trx, 'blade_model', modelId);
      if (!model) throw new ServiceError('数据模型不存在');
      const tableName = body.tableName ?? model.model_table;
      if (!IDENT.test(tableName)) throw new ServiceError('物理表名只能包含小写字母、数字和下划线');
      const values = {
        model_id: modelId,
        service_name: serviceName,
        code_name: requireText(body.codeName, '请输入模块名称'),
        module_name: moduleName,
        table_name: tableName,
        pk_name: pkName,
        is_tenant: body.isTenant ?? 1,
        remark: body.remark ?? '',
      };
      if (body.id) {
        if (!(await findRow(trx, 'blade_code', body.id))) throw new NotFoundError();
        await trx
          .updateTable('blade_code')
          .set({ ...values, ...audit(c, false) })
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_code')
          .values({ ...values, id: nextId(), ...audit(c, true) })
          .execute();
      }
    });
    return c.json(success());
  });

  // GET /code/gen-code?id — the module skeleton as a zip download (nothing is written on the server).
  router.get('/code/gen-code', async (c) => {
    const { id } = parseQuery(c, idQuery);
    const spec = await tx(async (trx) => {
      const code = await findRow(trx, 'blade_code', id);
      if (!code) throw new NotFoundError();
      return specOf(trx, code);
    });
    const zip = zipFiles(generateModule(spec));
    return c.body(new Uint8Array(zip), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${spec.module}.zip"; filename*=UTF-8''${encodeURIComponent(`${spec.module}.zip`)}`,
      'Content-Length': String(zip.length),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  });

  return router;
}
