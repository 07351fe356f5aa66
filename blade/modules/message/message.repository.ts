import { sql, type Selectable } from 'kysely';
import { nextId } from '../../core/ids';
import { fetchPage, type PageRequest } from '../../core/page';
import type { MessageTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

export type MessageRow = Selectable<MessageTable>;

/** The three tabs of the top bar's notice popover. */
export const MESSAGE_CATEGORY = { mail: 1, message: 2, notice: 3 } as const;

export interface NewMessage {
  userIds: string[];
  category: number;
  title: string;
  content?: string;
  sender?: string;
  createUser?: string | null;
}

/**
 * Delivers one message to each recipient. Other modules call this for the events users must see (an e-mail binding
 * link); events that may come in floods go through sendGrouped. Run it inside the caller's transaction.
 */
export async function sendMessage(db: Db, tenantId: string, message: NewMessage): Promise<number> {
  return (await deliverMessage(db, tenantId, message)).length;
}

/**
 * sendMessage answering the ids of the rows it wrote, in the order of `userIds`: for a module that later changes or
 * withdraws the copies it delivered (business messages).
 */
export async function deliverMessage(db: Db, tenantId: string, message: NewMessage): Promise<string[]> {
  if (message.userIds.length === 0) return [];
  const ids = message.userIds.map(() => nextId());
  await db
    .insertInto('blade_message')
    .values(
      message.userIds.map((userId, i) => ({
        id: ids[i],
        tenant_id: tenantId,
        user_id: userId,
        category: message.category,
        title: message.title.slice(0, 255),
        content: message.content ?? '',
        sender: (message.sender ?? '').slice(0, 64),
        create_user: message.createUser ?? null,
        update_user: message.createUser ?? null,
      })),
    )
    .execute();
  return ids;
}

export interface GroupedMessage {
  userIds: string[];
  category: number;
  /** Events of one kind share a key (≤ 64 characters). */
  groupKey: string;
  /** How many events this call adds (≥ 1). */
  count: number;
  /** The notice for `total` events of the group: server text only, never text a caller chose. */
  render: (total: number) => { title: string; content: string };
  sender?: string;
  createUser?: string | null;
}

/**
 * Delivers events that may come in floods (uploaded error logs, guest registrations) without flooding the inboxes:
 * each recipient has at most one unread notice per group, which counts the events until it is read; the next event
 * opens a new one. The partial unique index blade_message_group turns that into one upsert, also under concurrency.
 * Run it inside the caller's transaction.
 */
export async function sendGrouped(db: Db, tenantId: string, message: GroupedMessage): Promise<void> {
  const userIds = [...new Set(message.userIds)];
  if (userIds.length === 0) return;
  const first = message.render(message.count);
  const rows = await db
    .insertInto('blade_message')
    .values(
      userIds.map((userId) => ({
        id: nextId(),
        tenant_id: tenantId,
        user_id: userId,
        category: message.category,
        title: first.title.slice(0, 255),
        content: first.content,
        sender: (message.sender ?? '').slice(0, 64),
        create_user: message.createUser ?? null,
        update_user: message.createUser ?? null,
        group_key: message.groupKey,
        group_count: message.count,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_id', 'group_key'])
        // Literal, not bound: PostgreSQL matches the partial index by proving this predicate at planning time.
        .where(sql<boolean>`group_key is not null and is_readed = 0 and is_deleted = 0`)
        .doUpdateSet({
          group_count: sql<number>`blade_message.group_count + excluded.group_count`,
          update_user: message.createUser ?? null,
          update_time: sql<Date>`now()`,
        }),
    )
    .returning(['id', 'group_count'])
    .execute();
  // Notices that already counted earlier events get the text for their new total (one per recipient: few rows).
  for (const row of rows) {
    if (row.group_count === message.count) continue;
    const text = message.render(row.group_count);
    await db
      .updateTable('blade_message')
      .set({ title: text.title.slice(0, 255), content: text.content })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
  }
}

export interface MessageFilter {
  category?: number | null;
  isReaded?: number | null;
  title?: string | null;
}

function inbox(db: Db, tenantId: string, userId: string, filter: MessageFilter) {
  let q = db
    .selectFrom('blade_message')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_deleted', '=', 0);
  if (filter.category != null) q = q.where('category', '=', filter.category);
  if (filter.isReaded != null) q = q.where('is_readed', '=', filter.isReaded);
  if (filter.title) q = q.where('title', 'ilike', filter.title);
  return q;
}

export async function pageMessages(
  db: Db,
  tenantId: string,
  userId: string,
  filter: MessageFilter,
  page: PageRequest,
): Promise<{ rows: MessageRow[]; total: number }> {
  // Newest first, always: the inbox offers no other order.
  return fetchPage(
    inbox(db, tenantId, userId, filter),
    (qb) => qb.selectAll(),
    page,
    [],
    [
      { column: 'create_time', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ],
  );
}

export async function findMessage(
  db: Db,
  tenantId: string,
  userId: string,
  id: string,
): Promise<MessageRow | undefined> {
  return inbox(db, tenantId, userId, {}).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the given messages (or all of the user's when ids is null) read or unread; returns how many changed. */
export async function setReaded(
  db: Db,
  tenantId: string,
  userId: string,
  ids: string[] | null,
  isReaded: number,
): Promise<number> {
  // A notice read (or made unread again) leaves its group: the group's next event opens a new notice, and the unique
  // index of unread grouped notices never meets two of them.
  let q = db
    .updateTable('blade_message')
    .set({
      is_readed: isReaded,
      read_time: isReaded ? new Date() : null,
      update_time: new Date(),
      group_key: null,
    })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_deleted', '=', 0)
    .where('is_readed', '<>', isReaded);
  if (ids) q = q.where('id', 'in', ids);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Unread counts per category. */
export async function unreadCounts(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<Record<number, number>> {
  const rows = await inbox(db, tenantId, userId, { isReaded: 0 })
    .select(['category', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('category')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

/** The newest messages of each category (read or not), for the popover. */
export async function newestByCategory(
  db: Db,
  tenantId: string,
  userId: string,
  perCategory: number,
): Promise<MessageRow[]> {
  const lists = await Promise.all(
    Object.values(MESSAGE_CATEGORY).map((category) =>
      inbox(db, tenantId, userId, { category })
        .selectAll()
        .orderBy('create_time', 'desc')
        .orderBy('id', 'desc')
        .limit(perCategory)
        .execute(),
    ),
  );
  return lists.flat();
}

/** Active users of the tenant holding the tenant administrator role (recipients of approval requests). */
export async function tenantAdminIds(db: Db, tenantId: string): Promise<string[]> {
  const roles = await db
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('role_alias', 'in', tenantId === '000000' ? ['admin', 'administrator'] : ['admin'])
    .execute();
  if (roles.length === 0) return [];
  const users = await db
    .selectFrom('blade_user')
    .select(['id', 'role_id'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .execute();
  const roleIds = new Set(roles.map((r) => r.id));
  return users.filter((u) => u.role_id.split(',').some((id) => roleIds.has(id.trim()))).map((u) => u.id);
}
