import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { ok, success } from '../../../core/envelope';
import { NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { contains, fetchPage, pageQuerySchema, pageRequest, sortOrders, toPage } from '../../../core/page';
import { permit } from '../../../core/permission';
import { createdBy, idsParam, updatedBy } from '../../../core/permission-input';
import { blank, idSchema, parseJson, parseQuery } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { ClientTable } from '../../../db/schema';
import { hashSecret } from '../../auth/password';
import { intSchema } from '../param/admin-input';
import type { Selectable } from 'kysely';

type ClientRow = Selectable<ClientTable>;
const CLIENT_SORTABLE = ['id', 'client_id', 'create_time', 'update_time'] as const;
const GRANT_TYPES = new Set(['captcha', 'password', 'refresh_token', 'authorization_code', 'social', 'sms']);

/** AuthClient without its secret: the hash stays on the server and the secret is never stored. */
export function toClientVO(row: ClientRow) {
  return {
    ...auditFields(row),
    clientId: row.client_id,
    clientSecret: '',
    resourceIds: row.resource_ids,
    scope: row.scope,
    authorizedGrantTypes: row.authorized_grant_types,
    webServerRedirectUri: row.web_server_redirect_uri,
    authorities: row.authorities,
    accessTokenValidity: row.access_token_validity,
    refreshTokenValidity: row.refresh_token_validity,
    additionalInformation: row.additional_information,
    autoapprove: row.autoapprove,
  };
}

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const listQuery = pageQuerySchema.extend({ clientId: text(48) });
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  clientId: blank(z.string().regex(/^[A-Za-z0-9_.-]{1,48}$/, '只能包含字母、数字、点、下划线和短横线')),
  /** Required on add; on edit a blank secret keeps the old one. */
  clientSecret: blank(z.string().min(16, '长度不能少于16').max(256, '长度不能超过256')),
  resourceIds: text(256),
  scope: text(256),
  authorizedGrantTypes: text(256),
  webServerRedirectUri: text(256),
  authorities: text(256),
  accessTokenValidity: blank(intSchema),
  refreshTokenValidity: blank(intSchema),
  additionalInformation: text(4096),
  autoapprove: text(256),
});

async function findClientRow(deps: Deps, id: string) {
  return deps.db
    .selectFrom('blade_client')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** OAuth clients (contract §7.9): platform administrator only; secrets stored as argon2id and never returned. */
export function clientRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const platform = permit(deps, { role: 'platform' });

  // GET /blade-system/client/list — page; filter clientId (contains).
  router.get('/client/list', platform, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(CLIENT_SORTABLE, query);
    let base = deps.db.selectFrom('blade_client').where('is_deleted', '=', 0);
    if (query.clientId) base = base.where('client_id', 'ilike', contains(query.clientId));
    const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders);
    return c.json(ok(toPage(rows.map(toClientVO), total, page)));
  });

  // GET /blade-system/client/detail?id
  router.get('/client/detail', platform, async (c) => {
    const row = await findClientRow(deps, parseQuery(c, detailQuery).id);
    if (!row) throw new NotFoundError();
    return c.json(ok(toClientVO(row)));
  });

  // POST /blade-system/client/submit — add (secret required) or edit (blank secret = unchanged).
  router.post('/client/submit', platform, async (c) => {
    const body = await parseJson(c, submitBody);
    const auth = c.get('auth');
    const clientId = body.clientId?.trim();
    if (!clientId) throw new ServiceError('请输入客户端id');
    if (!body.id && !body.clientSecret) throw new ServiceError('请输入客户端密钥');
    const grantTypes = (body.authorizedGrantTypes ?? 'captcha,refresh_token')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!grantTypes.every((g) => GRANT_TYPES.has(g))) throw new ServiceError('不支持的授权类型');
    const values = {
      client_id: clientId,
      resource_ids: body.resourceIds ?? '',
      scope: body.scope || 'all',
      authorized_grant_types: grantTypes.join(','),
      web_server_redirect_uri: body.webServerRedirectUri ?? '',
      authorities: body.authorities ?? '',
      access_token_validity: body.accessTokenValidity ?? 3600,
      refresh_token_validity: body.refreshTokenValidity ?? 604800,
      additional_information: body.additionalInformation ?? '',
      autoapprove: body.autoapprove ?? '',
      ...(body.clientSecret ? { client_secret: await hashSecret(body.clientSecret) } : {}),
    };
    if (values.access_token_validity < 60 || values.refresh_token_validity < values.access_token_validity)
      throw new ServiceError('令牌有效期不正确');
    await deps.db.transaction().execute(async (trx) => {
      if (body.id && !(await findClientRow({ ...deps, db: trx }, body.id))) throw new NotFoundError();
      let taken = trx
        .selectFrom('blade_client')
        .select('id')
        .where('client_id', '=', clientId)
        .where('is_deleted', '=', 0);
      if (body.id) taken = taken.where('id', '<>', body.id);
      if (await taken.executeTakeFirst()) throw new ServiceError('当前客户端id已存在!');
      if (body.id) {
        await trx
          .updateTable('blade_client')
          .set({ ...values, ...updatedBy(auth) })
          .where('id', '=', body.id)
          .execute();
      } else {
        await trx
          .insertInto('blade_client')
          .values({ id: nextId(), client_secret: values.client_secret!, ...values, ...createdBy(auth) })
          .execute();
      }
    });
    // Verified credentials are remembered for minutes; a changed secret must stop working now.
    deps.caches.clients.clear();
    return c.json(success());
  });

  // POST /blade-system/client/remove?ids — the client the caller is logged in through cannot be removed.
  router.post('/client/remove', platform, async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await deps.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('blade_client')
        .select(['id', 'client_id'])
        .where('id', 'in', ids)
        .where('is_deleted', '=', 0)
        .execute();
      if (rows.length !== ids.length) throw new NotFoundError();
      if (rows.some((r) => r.client_id === auth.clientId))
        throw new ServiceError('不能删除当前使用的客户端!');
      await trx
        .updateTable('blade_client')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('id', 'in', ids)
        .execute();
    });
    deps.caches.clients.clear();
    return c.json(success());
  });

  return router;
}
