import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../core/page';
import { auditFields } from '../../core/vo';
import { blank, idSchema, parseJson, parseQuery, queryInt } from '../../core/validation';
import type { OssTable } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { Selectable } from 'kysely';
import { demand, permit } from '../../core/permission';
import { intSchema, parseIds, requireText } from '../system/param/admin-input';
import {
  countOss,
  enableOss,
  findOss,
  insertOss,
  OSS_CATEGORIES,
  OSS_ENABLED,
  OSS_SORTABLE,
  ossCodeTaken,
  pageOss,
  softDeleteOss,
  updateOss,
} from './oss.repository';

/** The secret key never leaves the server: `secretKey` is always '' and `secretKeySet` says whether one is stored. */
export function toOssVO(row: Selectable<OssTable>) {
  return {
    ...auditFields(row),
    tenantId: row.tenant_id,
    category: row.category,
    categoryName: OSS_CATEGORIES[row.category as keyof typeof OSS_CATEGORIES] ?? '',
    ossCode: row.oss_code,
    endpoint: row.endpoint,
    transformEndpoint: row.transform_endpoint,
    accessKey: row.access_key,
    secretKey: '',
    secretKeySet: row.secret_key !== '',
    bucketName: row.bucket_name,
    appId: row.app_id,
    region: row.region,
    remark: row.remark,
    statusName: row.status === OSS_ENABLED ? '启用' : '关闭',
  };
}

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));

const listQuery = pageQuerySchema.extend({
  ossCode: text(32),
  category: queryInt,
  status: queryInt,
});
const idQuery = z.object({ id: idSchema });

const submitBody = z.object({
  id: blank(idSchema),
  category: blank(intSchema),
  ossCode: text(32),
  endpoint: text(255),
  transformEndpoint: text(255),
  accessKey: text(255),
  secretKey: text(255),
  bucketName: text(255),
  appId: text(255),
  region: text(255),
  remark: text(255),
});

/** Object storage configuration of the caller's tenant (tenant administrators; RLS-backed). */
export function ossRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-resource/oss/list?ossCode&category&status&current&size — page of the tenant's configurations.
  router.get('/oss/list', permit(deps, { codes: ['oss'] }), async (c) => {
    const auth = c.get('auth');
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(OSS_SORTABLE, query);
    const { rows, total } = await withTenant(deps.db, auth.tenantId, (trx) =>
      pageOss(trx, auth.tenantId, query, page, orders),
    );
    return c.json(ok(toPage(rows.map(toOssVO), total, page)));
  });

  // GET /blade-resource/oss/detail?id
  router.get('/oss/detail', permit(deps, { codes: ['oss'] }), async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, idQuery);
    const row = await withTenant(deps.db, auth.tenantId, (trx) => findOss(trx, auth.tenantId, id));
    if (!row) throw new NotFoundError();
    return c.json(ok(toOssVO(row)));
  });

  // POST /blade-resource/oss/submit — add (disabled until enabled) or edit; an empty secretKey keeps the stored one.
  router.post('/oss/submit', permit(deps, { codes: ['oss_add', 'oss_edit'] }), async (c) => {
    const auth = c.get('auth');
    const body = await parseJson(c, submitBody);
    await demand(deps, auth, { codes: [body.id ? 'oss_edit' : 'oss_add'] });
    const category = body.category ?? 1;
    if (!(category in OSS_CATEGORIES)) throw new ServiceError('请选择正确的分类');
    const ossCode = requireText(body.ossCode, '请输入资源编号');
    // blade/ connects to these for the tenant: one rule, for everyone, decides where (core/outbound.ts).
    const endpoint = await deps.outbound.accept(requireText(body.endpoint, '请输入资源地址'), '资源地址');
    const transformEndpoint = body.transformEndpoint
      ? await deps.outbound.accept(body.transformEndpoint, '外网地址')
      : '';
    const values = {
      category,
      oss_code: ossCode,
      endpoint,
      transform_endpoint: transformEndpoint,
      access_key: requireText(body.accessKey, '请输入accessKey'),
      bucket_name: requireText(body.bucketName, '请输入空间名'),
      app_id: body.appId ?? '',
      region: body.region ?? '',
      remark: body.remark ?? '',
      update_user: auth.userId,
    };
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (body.id && !(await findOss(trx, auth.tenantId, body.id))) throw new NotFoundError();
      if (await ossCodeTaken(trx, auth.tenantId, ossCode, body.id ?? undefined))
        throw new ServiceError('当前资源编号已存在!');
      if (body.id) {
        await updateOss(trx, auth.tenantId, body.id, {
          ...values,
          ...(body.secretKey && { secret_key: body.secretKey }),
        });
      } else {
        const secret = requireText(body.secretKey, '请输入secretKey');
        await insertOss(trx, auth.tenantId, nextId(), {
          ...values,
          secret_key: secret,
          create_user: auth.userId,
          create_dept: auth.deptIds[0] ?? null,
        });
      }
    });
    return c.json(success());
  });

  // POST /blade-resource/oss/remove?ids
  router.post('/oss/remove', permit(deps, { codes: ['oss_delete'] }), async (c) => {
    const auth = c.get('auth');
    const ids = [...new Set(await parseIds(c))];
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await countOss(trx, auth.tenantId, ids)) !== ids.length) throw new NotFoundError();
      await softDeleteOss(trx, auth.tenantId, ids, auth.userId);
    });
    return c.json(success());
  });

  // POST /blade-resource/oss/enable?id — this configuration becomes the tenant's storage; the previous one turns off.
  router.post('/oss/enable', permit(deps, { codes: ['oss_enable'] }), async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, idQuery);
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (!(await findOss(trx, auth.tenantId, id))) throw new NotFoundError();
      await enableOss(trx, auth.tenantId, id, auth.userId);
    });
    return c.json(success());
  });

  return router;
}
