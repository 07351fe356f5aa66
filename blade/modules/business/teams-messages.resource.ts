import { sql, type SqlBool } from 'kysely';
import { MAX_RECIPIENTS } from '../../../lib/contracts/business/message';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { deliverMessage } from '../message/message.repository';
import type { Trx } from '../../db/tenant';
import { userDisplayName, usersById } from './rows';

// Teams, their members and the messages staff send (blade/modules/business/teams-messages.md).

type Row = Record<string, unknown> & { id: string };
const now = sql<Date>`now()`;

/** The enabled, not deleted users of the tenant among `ids` (row-level security hides other tenants' anyway). */
async function liveUserIds(trx: Trx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .execute();
  return new Set(rows.map((r) => String(r.id)));
}

/** Locks the live teams of the tenant among `ids`, in id order (member writes lock their team the same way). */
async function lockTeams(trx: Trx, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('business_team')
    .select(['id', 'team_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The team's dept: null for none (its bigint column takes no ''), and cleared by an edit that sends it blank. */
function deptOrNull(
  values: Record<string, unknown>,
  params: Readonly<Record<string, unknown>>,
  id: string | null,
) {
  const sent = params.deptId;
  if (values.dept_id === '' || (id && (sent === '' || sent === null))) values.dept_id = null;
}

export const teamHooks: CrudHooks = {
  async beforeWrite({ trx, auth, params = {} }, values, id) {
    // Two saves of one name queue here, so the second sees the first's row and gets the unique key's refusal, not the
    // index's error.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`business_team:${auth.tenantId}:${String(values.team_name)}`}, 0))`.execute(
      trx,
    );
    deptOrNull(values, params, id);
    const stored = id
      ? await trx
          .selectFrom('business_team')
          .select(['leader_id', 'dept_id'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      : undefined;
    // A leader or dept that was valid when chosen is not checked again on an edit that keeps it.
    const leader = String(values.leader_id);
    if (
      String(stored?.leader_id) !== leader &&
      !(await liveUserIds(trx, auth.tenantId, [leader])).has(leader)
    )
      throw new KeyedError('business.team.leaderInvalid');
    const dept = values.dept_id;
    if (dept != null && String(stored?.dept_id) !== String(dept)) {
      const found = await trx
        .selectFrom('blade_dept')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', String(dept))
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!found) throw new KeyedError('business.team.deptInvalid');
    }
  },
  async beforeRemove({ trx, auth }, ids) {
    // A member added concurrently waits for the removal and then finds its team gone (404).
    await lockTeams(trx, auth.tenantId, ids);
  },
  async afterRemove({ trx, auth }, ids) {
    await trx
      .updateTable('business_team_user')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: now })
      .where('team_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
  },
  async presentAll({ trx }, rows) {
    const users = await usersById(
      trx,
      rows.map((r) => String(r.leader_id)),
    );
    const deptIds = [...new Set(rows.map((r) => r.dept_id).filter((d) => d != null))].map(String);
    const depts = new Map(
      deptIds.length
        ? (
            await trx
              .selectFrom('blade_dept')
              .select(['id', 'dept_name'])
              .where('id', 'in', deptIds)
              .execute()
          ).map((d) => [String(d.id), d.dept_name])
        : [],
    );
    const counts = new Map(
      (
        await trx
          .selectFrom('business_team_user')
          .select(['team_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where(
            'team_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('is_deleted', '=', 0)
          .groupBy('team_id')
          .execute()
      ).map((c) => [String(c.team_id), Number(c.n)]),
    );
    return rows.map((r) => ({
      leaderName: userDisplayName(users.get(String(r.leader_id))),
      deptName: r.dept_id == null ? '' : (depts.get(String(r.dept_id)) ?? ''),
      memberCount: counts.get(r.id) ?? 0,
    }));
  },
};

export const teamUserHooks: CrudHooks = {
  async listCondition(_ctx, params) {
    // The members of one team: the list names it (the definition's teamId filter applies it).
    if (params.teamId === undefined || params.teamId === null || params.teamId === '')
      throw new KeyedError('business.teamUser.teamRequired');
    return undefined;
  },
  async beforeWrite({ trx, auth }, values, id) {
    const teamId = String(values.team_id);
    // Under the team's lock: two adds of one user queue, and a team being deleted takes its members with it.
    if ((await lockTeams(trx, auth.tenantId, [teamId])).length === 0) throw new NotFoundError();
    const stored = id
      ? await trx
          .selectFrom('business_team_user')
          .select(['team_id', 'user_id'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      : undefined;
    if (stored && String(stored.team_id) !== teamId) throw new KeyedError('business.teamUser.teamFixed');
    const user = String(values.user_id);
    if (String(stored?.user_id) !== user && !(await liveUserIds(trx, auth.tenantId, [user])).has(user))
      throw new KeyedError('business.teamUser.userInvalid');
  },
  async presentAll({ trx }, rows) {
    const users = await usersById(
      trx,
      rows.map((r) => String(r.user_id)),
    );
    const teamIds = [...new Set(rows.map((r) => String(r.team_id)))];
    const teams = new Map(
      (
        await trx.selectFrom('business_team').select(['id', 'team_name']).where('id', 'in', teamIds).execute()
      ).map((t) => [String(t.id), t.team_name]),
    );
    return rows.map((r) => {
      const user = users.get(String(r.user_id));
      return {
        userName: user?.name ?? '',
        realName: user?.real_name ?? '',
        account: user?.account ?? '',
        teamName: teams.get(String(r.team_id)) ?? '',
      };
    });
  },
};

const CATEGORIES = [1, 2, 3];
const splitIds = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .filter(Boolean);

/** The copies a message delivered that are still in the recipients' notices, with whether each was read. */
async function liveCopies(trx: Trx, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return trx
    .selectFrom('business_message_delivery as d')
    .innerJoin('blade_message as m', 'm.id', 'd.notice_id')
    .select(['d.message_id', 'd.user_id', 'd.notice_id', 'm.is_readed'])
    .where('d.message_id', 'in', [...messageIds])
    .where('m.is_deleted', '=', 0)
    .execute();
}

/** Delivers the message to `userIds` through the notices and records each copy. */
async function deliver(trx: Trx, tenantId: string, userId: string, message: Row, userIds: string[]) {
  if (userIds.length === 0) return;
  const notices = await deliverMessage(trx, tenantId, {
    userIds,
    category: Number(message.category),
    title: String(message.title),
    content: String(message.content),
    sender: String(message.sender),
    createUser: userId,
  });
  await trx
    .insertInto('business_message_delivery')
    .values(
      userIds.map((user, i) => ({
        id: nextId(),
        tenant_id: tenantId,
        message_id: message.id,
        user_id: user,
        notice_id: notices[i],
      })),
    )
    .execute();
}

const alreadyRead = () => new KeyedError('business.message.alreadyRead');

export const bizMessageHooks: CrudHooks = {
  async listCondition({ auth }) {
    // The caller's sent messages; what they received is in the notices (blade-customer/message).
    return sql<SqlBool>`business_message.create_user = ${auth.userId}`;
  },
  async presentDetail({ auth }, row) {
    if (String(row.create_user) !== auth.userId) throw new NotFoundError();
    return {};
  },
  async beforeWrite({ trx, auth }, values, id) {
    if (id) {
      const stored = await trx
        .selectFrom('business_message')
        .select('create_user')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // Another user's message is not in the caller's list: 404 as for any id the caller cannot see.
      if (String(stored.create_user) !== auth.userId) throw new NotFoundError();
    }
    if (values.category !== undefined && !CATEGORIES.includes(Number(values.category)))
      throw new KeyedError('business.message.categoryInvalid');
    const recipients = splitIds(values.recipient_ids);
    if (recipients.length > MAX_RECIPIENTS)
      throw new KeyedError('business.message.tooManyRecipients', { max: MAX_RECIPIENTS });
    const live = await liveUserIds(trx, auth.tenantId, recipients);
    if (recipients.some((r) => !live.has(r))) throw new KeyedError('business.message.recipientInvalid');
    if (!id) {
      const me = await usersById(trx, [auth.userId]);
      values.sender = userDisplayName(me.get(auth.userId)).slice(0, 64) || auth.account;
    }
  },
  async afterWrite({ trx, auth }, _values, id, added) {
    const message = (await trx
      .selectFrom('business_message')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as unknown as Row;
    const recipients = splitIds(message.recipient_ids);
    if (added) {
      await deliver(trx, auth.tenantId, auth.userId, message, recipients);
      return;
    }
    const copies = await liveCopies(trx, [id]);
    if (copies.some((c) => c.is_readed !== 0)) throw alreadyRead();
    const wanted = new Set(recipients);
    const keep = copies.filter((c) => wanted.has(String(c.user_id))).map((c) => c.notice_id);
    const drop = copies.filter((c) => !wanted.has(String(c.user_id))).map((c) => c.notice_id);
    const has = new Set(copies.map((c) => String(c.user_id)));
    // `is_readed = 0` again in the writes: a recipient who reads the message meanwhile either waits for this edit and
    // reads the new text, or read it first, and then this edit changes fewer rows than it found and is refused.
    if (keep.length) {
      const rewritten = await trx
        .updateTable('blade_message')
        .set({
          title: String(message.title),
          content: String(message.content),
          category: Number(message.category),
          update_user: auth.userId,
          update_time: now,
        })
        .where('id', 'in', keep)
        .where('is_readed', '=', 0)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (Number(rewritten.numUpdatedRows) !== keep.length) throw alreadyRead();
    }
    if (drop.length) {
      const withdrawn = await trx
        .updateTable('blade_message')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: now })
        .where('id', 'in', drop)
        .where('is_readed', '=', 0)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (Number(withdrawn.numUpdatedRows) !== drop.length) throw alreadyRead();
    }
    await deliver(
      trx,
      auth.tenantId,
      auth.userId,
      message,
      recipients.filter((r) => !has.has(r)),
    );
  },
  async beforeRemove({ trx, auth }, ids) {
    const own = await trx
      .selectFrom('business_message')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .where('create_user', '=', auth.userId)
      .forUpdate()
      .execute();
    // All or nothing, as the removal itself: another user's message counts as missing.
    if (own.length !== ids.length) throw new NotFoundError();
  },
  async afterRemove({ trx, auth }, ids) {
    // Copies nobody has read are withdrawn; a read copy stays the recipient's, as a sent letter does.
    const notices = (await liveCopies(trx, ids)).filter((c) => c.is_readed === 0).map((c) => c.notice_id);
    if (notices.length === 0) return;
    await trx
      .updateTable('blade_message')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: now })
      .where('id', 'in', notices)
      .where('is_readed', '=', 0)
      .execute();
  },
  async presentAll({ trx }, rows) {
    const users = await usersById(
      trx,
      rows.flatMap((r) => splitIds(r.recipient_ids)),
    );
    const copies = await liveCopies(
      trx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const recipients = splitIds(r.recipient_ids);
      const mine = copies.filter((c) => String(c.message_id) === r.id);
      return {
        recipientNames: recipients.map((u) => userDisplayName(users.get(u))).join(','),
        recipientCount: recipients.length,
        readCount: mine.filter((c) => c.is_readed !== 0).length,
      };
    });
  },
};
