import { Hono } from 'hono';
import {
  messageDetail,
  messageMarkRead,
  messageNewest,
  messagePage,
} from '../../../lib/contracts/message/message.actions';
import { ID_PATTERN } from '../../../lib/contracts/inputs';
import { actionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { NotFoundError, ValidationError } from '../../core/errors';
import { contains, pageRequest, toPage } from '../../core/page';
import { auditFields } from '../../core/vo';
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

const PER_CATEGORY = 10;

/** The caller's messages (lib/contracts/message/message.actions.ts), each call a declared action. */
export function messageRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(messagePage, async ({ trx, auth, input: query }) => {
    const page = pageRequest(query);
    const { rows, total } = await pageMessages(
      trx,
      auth.tenantId,
      auth.userId,
      { category: query.category, isReaded: query.isReaded, title: query.title && contains(query.title) },
      page,
    );
    return toPage(rows.map(toMessageVO), total, page);
  });

  serve(messageDetail, async ({ trx, auth, input }) => {
    const row = await findMessage(trx, auth.tenantId, auth.userId, input.id);
    if (!row) throw new NotFoundError();
    return toMessageVO(row);
  });

  // Only the caller's messages change; data.count is how many did.
  serve(messageMarkRead, async ({ trx, auth, input }) => {
    const ids = input.all ? null : (input.ids ?? []);
    if (ids && ids.length === 0) throw new ValidationError('', '请选择至少一条数据');
    if (ids && !ids.every((id) => ID_PATTERN.test(id))) throw new ValidationError('ids', '必须是有效的ID');
    return { count: await setReaded(trx, auth.tenantId, auth.userId, ids, input.isReaded ?? 1) };
  });

  serve(messageNewest, async ({ trx, auth }) => {
    const counts = await unreadCounts(trx, auth.tenantId, auth.userId);
    const rows = await newestByCategory(trx, auth.tenantId, auth.userId, PER_CATEGORY);
    const unread = {
      mail: counts[MESSAGE_CATEGORY.mail] ?? 0,
      message: counts[MESSAGE_CATEGORY.message] ?? 0,
      notice: counts[MESSAGE_CATEGORY.notice] ?? 0,
    };
    return {
      unreadCount: unread.mail + unread.message + unread.notice,
      unread,
      records: rows.map(toMessageVO),
    };
  });

  return router;
}
