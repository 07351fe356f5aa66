import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { ok } from '../../core/envelope';
import { NotFoundError, ValidationError } from '../../core/errors';
import { ID_PATTERN, pageQuerySchema, blank, idSchema } from '../../../lib/contracts/inputs';
import { contains, pageRequest, toPage } from '../../core/page';
import { parseQuery } from '../../core/validation';
import { auditFields } from '../../core/vo';
import { withTenant } from '../../db/tenant';
import {
  findMessage,
  MESSAGE_CATEGORY,
  newestByCategory,
  pageMessages,
  setReaded,
  unreadCounts,
  type MessageRow,
} from './message.repository';

export function toMessageVO(row: MessageRow) {
  return {
    ...auditFields(row),
    tenantId: row.tenant_id,
    userId: row.user_id,
    category: row.category,
    title: row.title,
    content: row.content,
    sender: row.sender,
    isReaded: row.is_readed,
    readTime: formatDateTime(row.read_time),
  };
}

const flag = blank(z.enum(['0', '1'], { error: '必须为0或1' }).transform(Number));
const category = blank(z.enum(['1', '2', '3'], { error: '类型只能是1、2或3' }).transform(Number));

const pageQuery = pageQuerySchema.extend({
  category,
  isReaded: flag,
  title: blank(z.string().max(255, '长度不能超过255')),
});

const idsSchema = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean));

const readBody = z.object({
  ids: idsSchema.optional(),
  all: z.boolean().optional(),
  isReaded: z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)]).optional(),
});

const PER_CATEGORY = 10;

export function messageRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-customer/message/page — the caller's messages, newest first; filters category, isReaded, title.
  router.get('/message/page', async (c) => {
    const auth = c.get('auth');
    const query = parseQuery(c, pageQuery);
    const page = pageRequest(query);
    const { rows, total } = await withTenant(deps.db, auth.tenantId, (trx) =>
      pageMessages(
        trx,
        auth.tenantId,
        auth.userId,
        { category: query.category, isReaded: query.isReaded, title: query.title && contains(query.title) },
        page,
      ),
    );
    return c.json(ok(toPage(rows.map(toMessageVO), total, page)));
  });

  // GET /blade-customer/message/detail?id — one of the caller's messages; reading it does not mark it read.
  router.get('/message/detail', async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, z.object({ id: idSchema }));
    const row = await withTenant(deps.db, auth.tenantId, (trx) =>
      findMessage(trx, auth.tenantId, auth.userId, id),
    );
    if (!row) throw new NotFoundError();
    return c.json(ok(toMessageVO(row)));
  });

  // POST /blade-customer/message/updateIsReadedList — {ids: "1,2" | [..], isReaded?: 1} or {all: true}; ids may
  // also come as a query parameter. Only the caller's messages change; data.count is how many did.
  router.post('/message/updateIsReadedList', async (c) => {
    const auth = c.get('auth');
    let raw: unknown = {};
    if ((c.req.header('content-type') ?? '').includes('json')) {
      try {
        raw = await c.req.json();
      } catch {
        throw new ValidationError('', '消息不能读取');
      }
    }
    const body = readBody.parse({ ids: c.req.query('ids'), ...(raw as object) });
    const ids = body.all ? null : (body.ids ?? []);
    if (ids && ids.length === 0) throw new ValidationError('', '请选择至少一条数据');
    if (ids && !ids.every((id) => ID_PATTERN.test(id))) throw new ValidationError('ids', '必须是有效的ID');
    const count = await withTenant(deps.db, auth.tenantId, (trx) =>
      setReaded(trx, auth.tenantId, auth.userId, ids, body.isReaded ?? 1),
    );
    return c.json(ok({ count }));
  });

  // POST /blade-customer/message/selectCurrentNewMessage — unread counts (total and per category) and the newest
  // messages of each category, for the top bar's badge and popover.
  router.post('/message/selectCurrentNewMessage', async (c) => {
    const auth = c.get('auth');
    const { counts, rows } = await withTenant(deps.db, auth.tenantId, async (trx) => ({
      counts: await unreadCounts(trx, auth.tenantId, auth.userId),
      rows: await newestByCategory(trx, auth.tenantId, auth.userId, PER_CATEGORY),
    }));
    const unread = {
      mail: counts[MESSAGE_CATEGORY.mail] ?? 0,
      message: counts[MESSAGE_CATEGORY.message] ?? 0,
      notice: counts[MESSAGE_CATEGORY.notice] ?? 0,
    };
    return c.json(
      ok({
        unreadCount: unread.mail + unread.message + unread.notice,
        unread,
        records: rows.map(toMessageVO),
      }),
    );
  });

  return router;
}
