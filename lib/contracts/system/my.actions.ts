import { z } from '../../zod';
import { defineAction } from '../action';

/**
 * What every signed-in user reads of themselves and of the tenant's users (blade/modules/user/my.routes.ts): their
 * own record, and the user pickers' sources. No code is needed: each call answers the caller's own record or what a
 * picker shows of a user (never contact data). The profile's writes answer their own success texts (更新成功,
 * 修改密码成功) and stay hand-written beside them.
 */
const PATH = '/blade-user';
const anyUser = {};

/** The caller as UserVO (no password hash); 401 when the caller's user is gone. */
const mine = (path: string, name: string) =>
  defineAction({
    name,
    call: { method: 'GET', path },
    input: z.object({}),
    access: anyUser,
    writes: false,
  });
export const myDetail = mine(`${PATH}/my/detail`, 'myDetail');
/** The same answer under Blade's older name. */
export const myInfo = mine(`${PATH}/info`, 'info');

/** A fragment of an account or real name, taken literally; none lists every live user. */
const byName = {
  name: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().max(64, '长度不能超过64'),
  ),
};

/** Live users by account or real name, at most 50: the source of every user picker. */
export const myUserListByName = defineAction({
  name: 'userListByName',
  call: { method: 'GET', path: `${PATH}/my/userListByName` },
  input: z.object(byName),
  access: anyUser,
  writes: false,
});

/** The share list: the same users, paged, without the caller (one does not share with oneself). */
export const mySharePage = defineAction({
  name: 'sharePage',
  call: { method: 'GET', path: `${PATH}/my/page` },
  input: z.object({
    ...byName,
    current: z.coerce.number({ error: '页码必须是整数' }).int('页码必须是整数').optional(),
    size: z.coerce.number({ error: '每页条数必须是整数' }).int('每页条数必须是整数').optional(),
  }),
  access: anyUser,
  writes: false,
});

export const MY_ACTIONS = [myDetail, myInfo, myUserListByName, mySharePage] as const;
