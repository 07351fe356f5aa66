import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { ok } from '../../core/envelope';
import { NotFoundError, ValidationError } from '../../core/errors';
import { contains, pageQuerySchema, pageRequest, sortOrders, toPage } from '../../core/page';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { blank, idSchema, parseJson, parseQuery } from '../../core/validation';
import { withTenant } from '../../db/tenant';
import { requireTenantAdmin } from '../../core/roles';
import { MESSAGE_CATEGORY, sendGrouped, tenantAdminIds } from '../message/message.repository';
import { CLIENT_ERROR_LIMITS, cutText, MAX_CLIENT_ERRORS_PER_UPLOAD } from './client-error-limits';
import {
  findLog,
  insertClientErrors,
  LOG_SORTABLE,
  pageLogs,
  type ApiLogRow,
  type ErrorLogRow,
  type LogKind,
  type LogRow,
  type UsualLogRow,
} from './log.repository';

function common(row: LogRow) {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    serviceId: row.service_id,
    serverHost: row.server_host,
    serverIp: row.server_ip,
    env: row.env,
    method: row.method,
    requestUri: row.request_uri,
    userAgent: row.user_agent,
    remoteIp: row.remote_ip,
    methodClass: row.method_class,
    methodName: row.method_name,
    time: row.time,
    createBy: row.create_by,
    createTime: formatDateTime(row.create_time),
  };
}

/** Contract §7.13: list rows leave out the bulky fields, detail has them all. */
export function toLogVO(kind: LogKind, row: LogRow, detail: boolean) {
  const base = detail ? { ...common(row), params: row.params } : common(row);
  if (kind === 'api') {
    const r = row as ApiLogRow;
    return { ...base, type: r.type, title: r.title };
  }
  if (kind === 'usual') {
    const r = row as UsualLogRow;
    return { ...base, logLevel: r.log_level, logId: r.log_id, ...(detail ? { logData: r.log_data } : {}) };
  }
  const r = row as ErrorLogRow;
  return {
    ...base,
    exceptionName: r.exception_name,
    fileName: r.file_name,
    lineNumber: r.line_number ?? -1,
    ...(detail ? { message: r.message, stackTrace: r.stack_trace } : {}),
  };
}

const dateTime = blank(
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '日期格式应为yyyy-MM-dd HH:mm:ss')
    .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00` : v.replace(' ', 'T')))
    .refine((d) => !Number.isNaN(d.getTime()), '日期无效'),
);
const short = blank(z.string().max(255, '长度不能超过255'));

/**
 * Filters (whitelisted): serviceId, requestUri (contains), createBy, type (api: type, error: exceptionName, usual:
 * logLevel — also accepted under those names), createTimeBegin/createTimeEnd (`yyyy-MM-dd[ HH:mm:ss]`; a bare end
 * date means the end of that day). Sort: create_time ascending unless ascs/descs name an allowed column.
 */
const listQuery = pageQuerySchema.extend({
  serviceId: short,
  requestUri: short,
  createBy: short,
  type: short,
  exceptionName: short,
  logLevel: short,
  createTimeBegin: dateTime,
  createTimeEnd: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()} 23:59:59` : v),
    dateTime,
  ),
});

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
  .max(MAX_CLIENT_ERRORS_PER_UPLOAD, `一次最多上传${MAX_CLIENT_ERRORS_PER_UPLOAD}条日志`);

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

  for (const kind of ['usual', 'api', 'error'] as const) {
    // GET /blade-log/{usual,api,error}/list — tenant administrators; page of the tenant's logs.
    router.get(`/${kind}/list`, requireTenantAdmin, async (c: Context<BladeEnv>) => {
      const auth = c.get('auth');
      const query = parseQuery(c, listQuery);
      const page = pageRequest(query);
      const orders = sortOrders(LOG_SORTABLE, query);
      const type =
        query.type ?? (kind === 'error' ? query.exceptionName : kind === 'usual' ? query.logLevel : null);
      if (query.createTimeBegin && query.createTimeEnd && query.createTimeBegin > query.createTimeEnd)
        throw new ValidationError('createTimeEnd', '结束时间不能早于开始时间');
      const { rows, total } = await withTenant(deps.db, auth.tenantId, (trx) =>
        pageLogs(
          trx,
          kind,
          auth.tenantId,
          {
            serviceId: query.serviceId,
            requestUri: query.requestUri && contains(query.requestUri),
            createBy: query.createBy,
            type,
            from: query.createTimeBegin,
            to: query.createTimeEnd,
          },
          page,
          orders,
        ),
      );
      return c.json(
        ok(
          toPage(
            rows.map((r) => toLogVO(kind, r, false)),
            total,
            page,
          ),
        ),
      );
    });

    // GET /blade-log/{usual,api,error}/detail?id — tenant administrators; one row with every field.
    router.get(`/${kind}/detail`, requireTenantAdmin, async (c: Context<BladeEnv>) => {
      const auth = c.get('auth');
      const { id } = parseQuery(c, z.object({ id: idSchema }));
      const row = await withTenant(deps.db, auth.tenantId, (trx) => findLog(trx, kind, auth.tenantId, id));
      if (!row) throw new NotFoundError();
      return c.json(ok(toLogVO(kind, row, true)));
    });
  }

  return router;
}
