import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { SmsSendAnswer } from '../../../lib/contracts/system/sms';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/crud';
import { ok } from '../../core/envelope';
import { ServiceError, ValidationError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { permit } from '../../core/permission';
import { blank } from '../../../lib/contracts/inputs';
import { withTenant } from '../../db/tenant';
import { LOGGED_NOT_SENT, maskPhone, smsProviders, type SmsResult } from './sms.providers';
import { findSmsForSending, insertSmsLog } from './sms.repository';
import { usableCategory } from './sms.resource';

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));

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

/**
 * The send call (the configuration's CRUD and enable are the definition's: sms.resource.ts). The vendor is called
 * outside any transaction, and every attempt is recorded in blade_sms_log with what really happened before the caller
 * hears it: sent, logged (the development channel, nothing sent) or the vendor's refusal.
 */
export function smsRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const providers = smsProviders(deps.outbound, deps.log);

  // POST /blade-resource/sms/endpoint/send-message?code&phones&params — sends through the configuration with that
  // code (or the enabled one when code is empty). params is a JSON object of template values.
  router.post('/sms/endpoint/send-message', permit(deps, { codes: ['sms_send'] }), async (c) => {
    const auth = c.get('auth');
    const input = await readSendInput(c);
    const config = await withTenant(deps.db, auth.tenantId, (trx) =>
      findSmsForSending(trx, auth.tenantId, input.code),
    );
    if (!config) throw new ServiceError(input.code ? '未找到该短信配置' : '请先启用一个短信配置');
    usableCategory(config.category);
    const provider = providers.forCategory(config.category);
    if (!provider) throw new KeyedError('system.sms.categoryInvalid');
    let result: SmsResult;
    try {
      result = await provider.send(config, {
        templateId: config.template_id,
        signName: config.sign_name,
        phones: input.phones,
        params: input.params,
      });
    } catch (err) {
      // A refused endpoint says why (OutboundRefused); anything else (timeouts, resets) stays in the server log.
      deps.log(
        `[blade] sms provider ${provider.name} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      result = { outcome: 'failed', message: err instanceof ServiceError ? err.message : '短信服务调用失败' };
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
        success: result.outcome === 'failed' ? 0 : 1,
        outcome: result.outcome,
        message: result.message.slice(0, 500),
        create_user: auth.userId,
      }),
    );
    if (result.outcome === 'failed') throw new ServiceError(result.message);
    const answer: SmsSendAnswer = { outcome: result.outcome, provider: provider.name };
    return c.json(ok(answer, result.outcome === 'logged' ? LOGGED_NOT_SENT : '发送成功!'));
  });

  return router;
}
