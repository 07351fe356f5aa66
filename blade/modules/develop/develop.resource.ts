import { Hono } from 'hono';
import type { Insertable, Selectable } from 'kysely';
import { z } from 'zod';
import { modelTableList } from '../../../lib/contracts/develop/model.actions';
import { missingRequired, submitSchema, type FieldDef } from '../../../lib/contracts/resource';
import { platformOnly, PROPERTY_NAME, SLUG, SQL_IDENTIFIER } from '../../../lib/contracts/develop/access';
import { modelPrototypeResource } from '../../../lib/contracts/develop/model-prototype';
import { actionRoute } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError, ServiceError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { success } from '../../core/envelope';
import { nextId } from '../../core/ids';
import { permit } from '../../core/permission';
import { idSchema } from '../../../lib/contracts/inputs';
import type { ModelPrototypeTable } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';
import { BASE_COLUMNS, generateModule, kindOf, type GenField, type GenSpec } from './codegen';
import {
  codesUsingModels,
  listTables,
  prototypesOf,
  softDeletePrototypesOf,
  tableColumns,
  type CodeRow,
  type ColumnInfo,
} from './develop.repository';
import { zipFiles } from './zip';

/**
 * What the blade-develop definitions (lib/contracts/develop) do not say: a model reads its fields from its table, a
 * field grid saves all rows at once, and a generator configuration answers its module as a zip.
 */

const ID = /^[1-9]\d{0,18}$/;
const camel = (s: string) => s.replace(/_+([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

async function liveModel(trx: Db, id: string) {
  if (!ID.test(id)) return undefined;
  return trx
    .selectFrom('blade_model')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** Datasources: `password` is answered as '' (write-only), `passwordSet` tells whether one is stored. */
export const datasourceHooks: CrudHooks = {
  present: (row) => ({ passwordSet: row.password !== '' }),
};

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

const created = (auth: AuthUser) => ({
  create_user: auth.userId,
  create_dept: auth.deptIds[0] ?? null,
  update_user: auth.userId,
});

/** Data models are defined over an existing table of blade/'s schema; another table replaces the fields. */
export const modelHooks: CrudHooks = {
  async beforeWrite(ctx, values, id) {
    // A model without a datasource reads blade/'s own schema.
    if (values.datasource_id === '') values.datasource_id = null;
    const datasource = values.datasource_id;
    if (typeof datasource === 'string') {
      const found =
        ID.test(datasource) &&
        (await ctx.trx
          .selectFrom('blade_datasource')
          .select('id')
          .where('id', '=', datasource)
          .where('is_deleted', '=', 0)
          .executeTakeFirst());
      if (!found) throw new KeyedError('develop.model.datasourceMissing');
    }
    const table = values.model_table;
    if (typeof table !== 'string') return;
    if (!SQL_IDENTIFIER.test(table)) throw new KeyedError('develop.model.tableRule');
    if ((await tableColumns(ctx.trx, table)).length === 0) throw new KeyedError('develop.model.tableMissing');
    if (!id) return;
    const stored = await liveModel(ctx.trx, id);
    // Another table: its fields replace the old ones (afterWrite reads them).
    if (stored && stored.model_table !== table) await softDeletePrototypesOf(ctx.trx, [id], ctx.auth.userId);
  },
  // A model without live fields (a new one, or one whose table changed) reads them from its table.
  async afterWrite(ctx, _values, id) {
    if ((await prototypesOf(ctx.trx, id)).length > 0) return;
    const model = await liveModel(ctx.trx, id);
    if (!model) return;
    const columns = await tableColumns(ctx.trx, model.model_table);
    if (columns.length === 0) return;
    await ctx.trx
      .insertInto('blade_model_prototype')
      .values(
        columns.map((col, i) => ({
          ...prototypeFromColumn(id, col, i + 1),
          id: nextId(),
          ...created(ctx.auth),
        })),
      )
      .execute();
  },
  async afterRemove(ctx, ids) {
    if ((await codesUsingModels(ctx.trx, ids)) > 0) throw new KeyedError('develop.model.inUse');
    await softDeletePrototypesOf(ctx.trx, ids, ctx.auth.userId);
  },
};

export const modelActions = (deps: Deps) => actionRoute(deps, modelTableList, ({ trx }) => listTables(trx));

/** Generator configurations: service and module names become folders, the table name a migration's table. */
export const codeHooks: CrudHooks = {
  async beforeWrite(ctx, values, id) {
    if (typeof values.service_name === 'string') {
      const service = values.service_name.replace(/^blade-/, '');
      if (!SLUG.test(service)) throw new KeyedError('develop.code.serviceRule');
      values.service_name = service;
    }
    if (typeof values.module_name === 'string' && !SLUG.test(values.module_name))
      throw new KeyedError('develop.code.moduleRule');
    if (typeof values.pk_name === 'string' && !SQL_IDENTIFIER.test(values.pk_name))
      throw new KeyedError('develop.code.pkRule');
    if (typeof values.model_id === 'string') {
      const model = await liveModel(ctx.trx, values.model_id);
      if (!model) throw new KeyedError('develop.model.missing');
      // A new configuration generates its model's table unless it names another one.
      if (!id && !values.table_name) values.table_name = model.model_table;
    }
    if (typeof values.table_name === 'string' && !SQL_IDENTIFIER.test(values.table_name))
      throw new KeyedError('develop.model.tableRule');
  },
};

/** yyyyMMddTHHmmss of now, the generated migration's prefix. */
function stamp(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}T` +
    `${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`
  );
}

/** The GenSpec of a code configuration: its model's fields (base columns left to the template). */
export async function specOf(trx: Db, code: CodeRow): Promise<GenSpec> {
  const model = code.model_id ? await liveModel(trx, code.model_id) : undefined;
  if (!model) throw new KeyedError('develop.model.missing');
  const fields: GenField[] = (await prototypesOf(trx, model.id))
    .filter((p) => !BASE_COLUMNS.has(p.jdbc_name) && SQL_IDENTIFIER.test(p.jdbc_name))
    .map((p) => ({
      column: p.jdbc_name,
      property: PROPERTY_NAME.test(p.property_name) ? p.property_name : camel(p.jdbc_name),
      kind: kindOf(p.jdbc_type.replace(/\(.*$/, '')),
      length: Math.min(Math.max(Number(/\((\d+)\)/.exec(p.jdbc_type)?.[1] ?? 255), 1), 10_000),
      label: p.comment || p.jdbc_name,
      required: p.is_required === 1,
      inForm: p.is_form === 1,
      inList: p.is_list === 1,
      inQuery: p.is_query === 1,
      queryType: p.query_type === 'like' ? 'like' : 'equal',
      dictCode: p.dict_code,
    }));
  if (fields.length === 0) throw new KeyedError('develop.code.noFields');
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

/** `code/gen-code?id`: the module as a zip download (nothing is written on the server). */
export function codeActions(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  router.get('/blade-develop/code/gen-code', permit(deps, platformOnly('code_gen')), async (c) => {
    const { id } = z.object({ id: idSchema }).parse(c.req.query());
    const spec = await withTenant(deps.db, c.get('auth').tenantId, async (trx) => {
      const code = await trx
        .selectFrom('blade_code')
        .selectAll()
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
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

type PrototypeRow = Selectable<ModelPrototypeTable>;
const prototypeInput = submitSchema(modelPrototypeResource, zhText);
const prototypeFields: [string, FieldDef][] = Object.entries(modelPrototypeResource.fields);

/** A stored field under the definition's names, so an edit that gives some of them keeps the others. */
const storedValues = (row: PrototypeRow) =>
  Object.fromEntries(prototypeFields.map(([name, f]) => [name, row[f.column as keyof PrototypeRow]]));
const addDefaults = () =>
  Object.fromEntries(
    prototypeFields.map(([name, f]) => [name, f.default ?? (f.kind === 'int' || f.kind === 'flag' ? 0 : '')]),
  );
const given = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

/** The values of one field of the grid: its input over the stored field (or the defaults), checked. */
async function prototypeValues(trx: Db, item: unknown, auth: AuthUser) {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    throw new ServiceError('消息不能读取');
  const raw = item as Record<string, unknown>;
  const id = raw.id === undefined || raw.id === null || raw.id === '' ? null : idSchema.parse(raw.id);
  const input = prototypeInput.parse(raw) as Record<string, unknown>;
  const existing = id
    ? await trx
        .selectFrom('blade_model_prototype')
        .selectAll()
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (id && !existing) throw new NotFoundError();
  // A field stays with its model.
  const merged = { ...(existing ? storedValues(existing) : addDefaults()), ...given(input) };
  if (existing) merged.modelId = existing.model_id;
  const missing = missingRequired(modelPrototypeResource, merged, 'add');
  if (missing?.required) throw new KeyedError(missing.required);
  if (!existing && !(await liveModel(trx, String(merged.modelId))))
    throw new KeyedError('develop.model.missing');
  const jdbcName = String(merged.jdbcName);
  if (!SQL_IDENTIFIER.test(jdbcName)) throw new KeyedError('system.develop.jdbcNameRule');
  merged.propertyName ||= camel(jdbcName);
  if (!PROPERTY_NAME.test(String(merged.propertyName)))
    throw new KeyedError('system.develop.propertyNameRule');
  merged.comment ||= jdbcName;
  if (merged.queryType !== 'like' && merged.queryType !== 'equal')
    throw new KeyedError('develop.modelPrototype.queryTypeRule');
  const values = Object.fromEntries(prototypeFields.map(([name, f]) => [f.column, merged[name]]));
  return { id: existing?.id ?? null, values, auth };
}

/**
 * `model-prototype/submit`: one field or an array of them (the field grid saves all rows at once), each an add or a
 * partial edit, all or nothing. It replaces the generic submit (`ownCalls`), which takes one whole row.
 */
export function modelPrototypeActions(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  const { submit } = modelPrototypeResource.calls;
  router.post(submit.path, permit(deps, modelPrototypeResource.access.edit), async (c) => {
    const auth = c.get('auth');
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ServiceError('消息不能读取');
    }
    const items = Array.isArray(raw) ? raw : [raw];
    if (items.length === 0) throw new KeyedError('crud.selectAtLeastOne');
    if (items.length > 500) throw new KeyedError('develop.modelPrototype.tooMany');
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      for (const item of items) {
        const { id, values } = await prototypeValues(trx, item, auth);
        if (id)
          await trx
            .updateTable('blade_model_prototype')
            .set({ ...values, update_user: auth.userId, update_time: new Date() })
            .where('id', '=', id)
            .execute();
        else
          await trx
            .insertInto('blade_model_prototype')
            .values({ ...(values as Insertable<ModelPrototypeTable>), id: nextId(), ...created(auth) })
            .execute();
      }
    });
    return c.json(success());
  });
  return router;
}

export const modelPrototypeHooks: CrudHooks = { ownCalls: ['submit'] };
