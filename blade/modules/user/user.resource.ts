import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../core/context';
import { deptsWithChildren } from '../../core/data-scope';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, ServiceError } from '../../core/errors';
import type { UserRow } from '../../db/schema';
import { hashPassword, md5Hex } from '../auth/password';
import { assertAvatar } from './avatar';
import {
  accountTaken,
  assertAccountRoom,
  forgetUserTotals,
  overlaps,
  scopedUser,
} from './user-admin.repository';
import { assertMayManage, assertMaySetRoles, checkReferences, userVOs } from './user-rules';
import { splitIds } from '../../core/tree';
import { blank, idSchema } from '../../../lib/contracts/inputs';

/** Texts a full edit clears when the form leaves them out (the stored user is what the form last showed). */
const CLEARED_ON_EDIT = ['code', 'name', 'real_name', 'avatar', 'email', 'phone', 'post_id'] as const;

const given = (value: unknown) => value !== undefined && value !== null && value !== '';
const PASSWORD_MAX = 64;
const deptQuery = z.object({ deptId: blank(idSchema) });

/** The new account's password as the form sends it (plain, as Blade's), stored as a login's md5 hex, then argon2id. */
async function passwordHash(params: Readonly<Record<string, unknown>>): Promise<string> {
  const { password, password2 } = params;
  if (!given(password)) throw new KeyedError('system.user.passwordMissing');
  if (typeof password !== 'string') throw new KeyedError('common.validation.text');
  if (password.length > PASSWORD_MAX)
    throw new KeyedError('common.validation.maxLength', { max: PASSWORD_MAX });
  if (given(password2) && password2 !== password) throw new KeyedError('system.user.passwordMismatch');
  return hashPassword(md5Hex(password));
}

/**
 * What the user and external user resources add to their definitions (lib/contracts/system/user.ts,
 * external-user.ts): the user answer with role, dept and post names, the dept filter with the depts below, and the
 * rules every user write obeys (user-rules.ts).
 */
export function userHooks(deps: Deps): CrudHooks {
  return {
    presentAll: ({ trx, auth }, rows) => userVOs(trx, auth.tenantId, rows as unknown as UserRow[]),

    // `deptId`: users of that dept and of the depts below it.
    async listCondition({ trx, auth }, params) {
      const { deptId } = deptQuery.parse(params);
      if (!deptId) return undefined;
      const deptIds = await deptsWithChildren(trx, auth.tenantId, [deptId]);
      return deptIds.length ? overlaps(deptIds) : sql<boolean>`false`;
    },

    async beforeWrite({ trx, auth, params = {} }, values, id) {
      assertAvatar(deps, values.avatar as string | undefined);
      if (id) {
        // The password is not changed by an edit (contract §11 #14): it is no field, a sent one is ignored.
        for (const column of CLEARED_ON_EDIT) values[column] ??= '';
      } else values.password = await passwordHash(params);
      values.birthday = values.birthday ? new Date(String(values.birthday).replace(' ', 'T')) : null;
      // An int field defaults to 0; a user without a sex is stored without one (answered as -1).
      if (!given(params.sex)) values.sex = null;
      // No user type sent: an add keeps the column's default (1, web), an edit the stored one.
      if (!given(params.userType) || values.user_type === 0) delete values.user_type;
      const existing = id ? await scopedUser(trx, auth, id) : undefined;
      if (existing) {
        await assertMayManage(trx, auth, [existing]);
        if (existing.id === auth.userId && values.status !== undefined && values.status !== 1)
          throw new ServiceError('不能停用本账号!');
      }
      await assertMaySetRoles(trx, auth, existing ? [existing] : [], splitIds(String(values.role_id)));
      await checkReferences(
        trx,
        auth,
        splitIds(String(values.dept_id)),
        splitIds(String(values.post_id ?? '')),
      );
      if (await accountTaken(trx, auth.tenantId, String(values.account), id))
        throw new ServiceError('当前账号已被使用!');
      if (!existing) await assertAccountRoom(trx, auth.tenantId);
    },

    // Inside the removal's transaction: a refusal rolls it back. The rows are removed already, so read them as stored.
    async afterRemove({ trx, auth }, ids) {
      if (ids.includes(auth.userId)) throw new ServiceError('不能删除本账号!');
      const users = (await trx
        .selectFrom('blade_user')
        .selectAll()
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute()) as UserRow[];
      await assertMayManage(trx, auth, users);
      // A removed user leaves the teams it was a member of (a team it leads keeps it as leader until reassigned: a
      // team has one). Its devops lines, notes and status history stay: they are records of what it did.
      await trx
        .updateTable('business_team_user')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', 'in', ids)
        .where('is_deleted', '=', 0)
        .execute();
    },

    // A write may remove roles, disable or delete a user: the session cache is emptied so the change reaches that
    // user's very next request (SECURITY 27); user page totals are counted again.
    afterCommit(deps) {
      deps.caches.sessions.clear();
      forgetUserTotals(deps.db);
    },
  };
}
