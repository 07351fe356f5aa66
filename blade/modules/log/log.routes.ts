import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { parseJson } from '../../core/validation';
import { withTenant } from '../../db/tenant';
import { MESSAGE_CATEGORY, sendGrouped, tenantAdminIds } from '../message/message.repository';
import { CLIENT_ERROR_LIMITS, cutText, MAX_CLIENT_ERRORS_PER_UPLOAD } from './client-error-limits';
import { insertClientErrors } from './log.repository';
import { zhText } from '../../core/refusal-keys';

/*
 * The log lists and details are the log resources' (lib/contracts/system/log.ts, served by the registry); this is the
 * browser's error-log upload.
 */

const cut = (max: number) => z.string().transform((v) => cutText(v, max));
const clientErrorSchema = z.object({
  type: z
    .string()
    .trim()
    .min(1, '不能为空')
    .transform((v) => cutText(v, CLIENT_ERROR_LIMITS.type)),
  url: cut(CLIENT_ERROR_LIMITS.url).default(''),
  message: cut(CLIENT_ERROR_LIMITS.message).default(''),
  stack: cut(CLIENT_ERROR_LIMITS.stack).default(''),
  info: cut(CLIENT_ERROR_LIMITS.info).default(''),
  time: cut(CLIENT_ERROR_LIMITS.time).default(''),
});
const uploadSchema = z
  .array(clientErrorSchema, { error: '日志格式不正确' })
  .min(1, '没有需要上传的日志')
  .max(
    MAX_CLIENT_ERRORS_PER_UPLOAD,
    zhText('common.refusal.clientLogLimit', { max: MAX_CLIENT_ERRORS_PER_UPLOAD }),
  );

/** Uploads one user may make per hour: the portal uploads when someone presses the error log's upload button. */
export const ERROR_UPLOADS_PER_WINDOW = 10;
const ERROR_UPLOAD_RATE: RateRule = {
  bucket: 'error-upload',
  limit: ERROR_UPLOADS_PER_WINDOW,
  windowSeconds: 3600,
};

export const ERROR_UPLOAD_PATH = '/error/upload';

export function logRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST /blade-log/error/upload — any signed-in user: the browser's recorded UI errors (type, url, message, stack,
  // info, time), at most 100 per call and 10 calls an hour per user, each field cut to its bound; stored as error log
  // rows of service portal-web. Each tenant admin has one unread notice counting the uploaded errors, not one per call.
  router.post(ERROR_UPLOAD_PATH, async (c) => {
    const auth = c.get('auth');
    // Counted in a transaction of its own, before the body is read: a refused caller costs no parsing, and malformed
    // uploads use the allowance too.
    await withTenant(deps.db, auth.tenantId, (trx) =>
      spendRate(trx, auth.tenantId, ERROR_UPLOAD_RATE, auth.userId),
    );
    const errors = await parseJson(c, uploadSchema);
    const origin = {
      account: auth.account,
      remoteIp: (c.req.header('x-blade-client-ip') ?? '').slice(0, 255),
      userAgent: cutText(c.req.header('user-agent') ?? '', 1000),
    };
    const count = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const n = await insertClientErrors(trx, auth.tenantId, origin, errors);
      await sendGrouped(trx, auth.tenantId, {
        userIds: await tenantAdminIds(trx, auth.tenantId),
        category: MESSAGE_CATEGORY.notice,
        groupKey: 'client-errors',
        count: n,
        render: (total) => ({
          title: `收到${total}条前端错误日志`,
          content: `共${total}条前端错误日志，最近一次由用户 ${auth.account} 上传，请在错误日志中查看。`,
        }),
        sender: 'system',
        createUser: auth.userId,
      });
      return n;
    });
    return c.json(ok({ count }));
  });

  return router;
}
