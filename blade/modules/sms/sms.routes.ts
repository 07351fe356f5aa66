import { Hono, type Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError, ValidationError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { pageQuerySchema, pageRequest, sortOrders, toPage } from '../../core/page';
import { auditFields } from '../../core/vo';
import { blank, idSchema, parseJson, parseQuery, queryInt } from '../../core/validation';
import type { SmsTable } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { demand, permit } from '../../core/permission';
import { intSchema, parseIds, requireText } from '../system/param/admin-input';
import { maskPhone, smsProviders } from './sms.providers';
import {
  countSms,
  enableSms,
  findSms,
  findSmsForSending,
  insertSms,
  insertSmsLog,
  pageSms,
  SMS_CATEGORIES,
  SMS_ENABLED,
  SMS_SORTABLE,
  smsCodeTaken,
  softDeleteSms,
  updateSms,
} from './sms.repository';

/** The secret key never leaves the server: `secretKey` is always '' and `secretKeySet` says whether one is stored. */
export function toSmsVO(row: Selectable<SmsTable>) {
  return {
    ...auditFields(row),
    tenantId: row.tenant_id,
    category: row.category,
    categoryName: SMS_CATEGORIES[row.category as keyof typeof SMS_CATEGORIES] ?? '',
    smsCode: row.sms_code,
    templateId: row.template_id,
    accessKey: row.access_key,
    secretKey: '',
    secretKeySet: row.secret_key !== '',
    regionId: row.region_id,
    signName: row.sign_name,
    remark: row.remark,
    statusName: row.status === SMS_ENABLED ? '启用' : '关闭',
  };
}

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));

const listQuery = pageQuerySchema.extend({ smsCode: text(32), category: queryInt, status: queryInt });
const idQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  category: blank(intSchema),
  smsCode: text(32),
  templateId: text(64),
  accessKey: text(255),
  secretKey: text(255),
  regionId: text(255),
  signName: text(64),
  remark: text(255),
});

export const MAX_PHONES = 100;
const PHONE = /^1\d{10}$/;
const sendInput = z.object({
  code: text(32),
  phones: z.string({ error: '请输入手机号' }).max(2000, '手机号过多'),
  params: blank(z.string().max(2000, '参数过长')),
});

/** code, phones and params from the query string (the spec's form) or a urlencoded / JSON body. */
async function readSendInput(c: Context<BladeEnv>) {
  const fields: Record<string, unknown> = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) Object.assign(fields, await c.req.json());
    else if (type.includes('form')) Object.assign(fields, await c.req.parseBody());
  } catch {
    throw new ValidationError('', '消息不能读取');
  }
  const input = sendInput.parse(fields);
  const phones = [
    ...new Set(
      input.phones
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (phones.length === 0) throw new ServiceError('请输入手机号');
  if (phones.length > MAX_PHONES) throw new ServiceError(`一次最多发送${MAX_PHONES}个手机号`);
  const bad = phones.find((p) => !PHONE.test(p));
  if (bad) throw new ServiceError(`手机号格式不正确: ${maskPhone(bad)}`);
  let params: Record<string, string> = {};
  if (input.params) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.params);
    } catch {
      throw new ServiceError('params 必须是 JSON 对象');
    }
    const shape = z.record(z.string().regex(/^\w{1,64}$/), z.union([z.string(), z.number()]));
    const result = shape.safeParse(parsed);
    if (!result.success) throw new ServiceError('params 必须是 JSON 对象');
    params = Object.fromEntries(Object.entries(result.data).map(([k, v]) => [k, String(v)]));
  }
  return { code: input.code, phones, params };
}

/** SMS configuration of the caller's tenant and the send call (tenant administrators; RLS-backed). */
export function smsRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const providers = smsProviders(deps.log);

  // GET /blade-resource/sms/list?smsCode&category&status&current&size
  router.get('/sms/list', permit(deps, { codes: ['sms'] }), async (c) => {
    const auth = c.get('auth');
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(SMS_SORTABLE, query);
    const { rows, total } = await withTenant(deps.db, auth.tenantId, (trx) =>
      pageSms(trx, auth.tenantId, query, page, orders),
    );
    return c.json(ok(toPage(rows.map(toSmsVO), total, page)));
  });

  // GET /blade-resource/sms/detail?id
  router.get('/sms/detail', permit(deps, { codes: ['sms'] }), async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, idQuery);
    const row = await withTenant(deps.db, auth.tenantId, (trx) => findSms(trx, auth.tenantId, id));
    if (!row) throw new NotFoundError();
    return c.json(ok(toSmsVO(row)));
  });

  // POST /blade-resource/sms/submit — add (disabled until enabled) or edit; an empty secretKey keeps the stored one.
  router.post('/sms/submit', permit(deps, { codes: ['sms_add', 'sms_edit'] }), async (c) => {
    const auth = c.get('auth');
    const body = await parseJson(c, submitBody);
    await demand(deps, auth, { codes: [body.id ? 'sms_edit' : 'sms_add'] });
    const category = body.category ?? 1;
    if (!(category in SMS_CATEGORIES)) throw new ServiceError('请选择正确的分类');
    const smsCode = requireText(body.smsCode, '请输入资源编号');
    const values = {
      category,
      sms_code: smsCode,
      template_id: requireText(body.templateId, '请输入模版ID'),
      access_key: requireText(body.accessKey, '请输入accessKey'),
      region_id: body.regionId ?? '',
      sign_name: body.signName ?? '',
      remark: body.remark ?? '',
      update_user: auth.userId,
    };
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (body.id && !(await findSms(trx, auth.tenantId, body.id))) throw new NotFoundError();
      if (await smsCodeTaken(trx, auth.tenantId, smsCode, body.id ?? undefined))
        throw new ServiceError('当前资源编号已存在!');
      if (body.id) {
        await updateSms(trx, auth.tenantId, body.id, {
          ...values,
          ...(body.secretKey && { secret_key: body.secretKey }),
        });
      } else {
        await insertSms(trx, auth.tenantId, nextId(), {
          ...values,
          secret_key: requireText(body.secretKey, '请输入secretKey'),
          create_user: auth.userId,
          create_dept: auth.deptIds[0] ?? null,
        });
      }
    });
    return c.json(success());
  });

  // POST /blade-resource/sms/remove?ids
  router.post('/sms/remove', permit(deps, { codes: ['sms_delete'] }), async (c) => {
    const auth = c.get('auth');
    const ids = [...new Set(await parseIds(c))];
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await countSms(trx, auth.tenantId, ids)) !== ids.length) throw new NotFoundError();
      await softDeleteSms(trx, auth.tenantId, ids, auth.userId);
    });
    return c.json(success());
  });

  // POST /blade-resource/sms/enable?id — this configuration becomes the tenant's sender; the previous one turns off.
  router.post('/sms/enable', permit(deps, { codes: ['sms_enable'] }), async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, idQuery);
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      if (!(await findSms(trx, auth.tenantId, id))) throw new NotFoundError();
      await enableSms(trx, auth.tenantId, id, auth.userId);
    });
    return c.json(success());
  });

  // POST /blade-resource/sms/endpoint/send-message?code&phones&params — sends through the configuration with that
  // code (or the enabled one when code is empty) and records the send. params is a JSON object of template values.
  router.post('/sms/endpoint/send-message', permit(deps, { codes: ['sms_send'] }), async (c) => {
    const auth = c.get('auth');
    const input = await readSendInput(c);
    const config = await withTenant(deps.db, auth.tenantId, (trx) =>
      findSmsForSending(trx, auth.tenantId, input.code),
    );
    if (!config) throw new ServiceError(input.code ? '未找到该短信配置' : '请先启用一个短信配置');
    const provider = providers.forCategory(config.category);
    let result;
    try {
      result = await provider.send(config, {
        templateId: config.template_id,
        signName: config.sign_name,
        phones: input.phones,
        params: input.params,
      });
    } catch (err) {
      deps.log(
        `[blade] sms provider ${provider.name} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      result = { success: false, message: '短信服务调用失败' };
    }
    await withTenant(deps.db, auth.tenantId, (trx) =>
      insertSmsLog(trx, {
        id: nextId(),
        tenant_id: auth.tenantId,
        sms_id: config.id,
        sms_code: config.sms_code,
        provider: provider.name,
        phones: input.phones.map(maskPhone).join(','),
        phone_count: input.phones.length,
        param_keys: Object.keys(input.params).join(',').slice(0, 500),
        success: result.success ? 1 : 0,
        message: result.message.slice(0, 500),
        create_user: auth.userId,
      }),
    );
    if (!result.success) throw new ServiceError(result.message);
    return c.json(success());
  });

  return router;
}
