import { isIP } from 'node:net';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
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
import { isPlatformAdmin } from '../auth/roles';
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

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

/**
 * blade/ itself connects to this address (files are stored there), so a tenant administrator may not aim it at the
 * server's own network (SSRF); the platform administrator, who runs that network, may (an in-house MinIO).
 * Names are not resolved here: literal addresses and localhost are what this catches.
 */
export function endpointProblem(value: string, auth: AuthUser): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '资源地址必须是 http(s) 地址';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '资源地址必须是 http(s) 地址';
  if (url.username || url.password) return '资源地址不能包含账号密码';
  if (isPlatformAdmin(auth)) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const internal =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (isIP(host) === 4 && PRIVATE_V4.some((re) => re.test(host))) ||
    (isIP(host) === 6 && (host === '::1' || host === '::' || /^(fc|fd|fe8|fe9|fea|feb|::ffff:)/.test(host)));
  return internal ? '资源地址不能指向内部网络' : undefined;
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
  router.post('/oss/submit', async (c) => {
    const auth = c.get('auth');
    const body = await parseJson(c, submitBody);
    await demand(deps, auth, { codes: [body.id ? 'oss_edit' : 'oss_add'] });
    const category = body.category ?? 1;
    if (!(category in OSS_CATEGORIES)) throw new ServiceError('请选择正确的分类');
    const ossCode = requireText(body.ossCode, '请输入资源编号');
    const endpoint = requireText(body.endpoint, '请输入资源地址');
    const problem =
      endpointProblem(endpoint, auth) ??
      (body.transformEndpoint && endpointProblem(body.transformEndpoint, auth));
    if (problem) throw new ServiceError(problem);
    const values = {
      category,
      oss_code: ossCode,
      endpoint,
      transform_endpoint: body.transformEndpoint ?? '',
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
