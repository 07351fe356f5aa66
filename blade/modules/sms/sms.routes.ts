import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { SmsSendAnswer } from '../../../lib/contracts/system/sms';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { KeyedError, ServiceError } from '../../core/errors';
import { readParams } from '../../core/input';
import { permit } from '../../core/permission';
import { blank, PHONE_PATTERN } from '../../../lib/contracts/inputs';
import { smsSender } from './sms.deliver';
import { LOGGED_NOT_SENT, maskPhone } from './sms.providers';

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));

export const MAX_PHONES = 100;
const sendInput = z.object({
  code: text(32),
  phones: z.string({ error: '请输入手机号' }).max(2000, '手机号过多'),
  params: blank(z.string().max(2000, '参数过长')),
});

/** code, phones and params from the query string (the spec's form) or a urlencoded / JSON body. */
async function readSendInput(c: Context<BladeEnv>) {
  const input = sendInput.parse(await readParams(c));
  const phones = [
    ...new Set(
      input.phones
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (phones.length === 0) throw new ServiceError('请输入手机号');
  if (phones.length > MAX_PHONES)
    throw new KeyedError('common.refusal.smsTooManyPhones', { max: MAX_PHONES });
  const bad = phones.find((p) => !PHONE_PATTERN.test(p));
  if (bad) throw new KeyedError('common.refusal.phoneInvalid', { phone: maskPhone(bad) });
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

/** The send call (the configuration's CRUD and enable are the definition's: sms.resource.ts). */
export function smsRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const send = smsSender(deps);

  // POST /blade-resource/sms/endpoint/send-message?code&phones&params — sends through the configuration with that
  // code (or the enabled one when code is empty). params is a JSON object of template values.
  router.post('/sms/endpoint/send-message', permit(deps, { codes: ['sms_send'] }), async (c) => {
    const auth = c.get('auth');
    const input = await readSendInput(c);
    const result = await send(auth.tenantId, input, auth.userId);
    if (result.outcome === 'failed') throw new ServiceError(result.message);
    const answer: SmsSendAnswer = { outcome: result.outcome, provider: result.provider };
    return c.json(ok(answer, result.outcome === 'logged' ? LOGGED_NOT_SENT : '发送成功!'));
  });

  return router;
}
