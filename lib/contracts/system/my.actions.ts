import { z } from '../../zod';
import { defineAction } from '../action';
import { PHONE_PATTERN } from '../inputs';

/**
 * What every signed-in user reads of themselves and of the tenant's users (blade/modules/user/my.routes.ts): their
 * own record, and the user pickers' sources. No code is needed: each call answers the caller's own record or what a
 * picker shows of a user (never contact data), or changes the caller's own profile. The password change, the avatar
 * upload (a multipart file) and the e-mail binding stay hand-written beside them: the first two do their work outside
 * one transaction, the binding mails.
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

const optionalText = (max: number) => z.string().trim().max(max, `长度不能超过${max}`).optional();

/** The fields a user changes of their own record; a field left out stays as it is. */
const profileChange = z.object({
  realName: optionalText(10),
  name: optionalText(20),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || v.length === 11, '手机号码不是11位数')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), '手机号码格式不正确')
    .optional(),
  email: z
    .string()
    .trim()
    .max(45, '长度不能超过45')
    .refine((v) => v === '' || z.email().safeParse(v).success, '邮箱格式不正确')
    .optional(),
  // A file id or an allowed image URL: blade/ checks it against the outbound allowlist.
  avatar: z.string().trim().max(2000).optional(),
});

/** The caller's realName, name, phone, email and avatar (000 §2 /info/index), answered 更新成功. */
const updateMine = (path: string, name: string) =>
  defineAction({
    name,
    call: { method: 'POST', path },
    input: profileChange,
    access: anyUser,
    writes: true,
    success: '更新成功',
  });
export const myUpdate = updateMine(`${PATH}/my/update`, 'updateMine');
/** The same call under Blade's older name. */
export const myUpdateInfo = updateMine(`${PATH}/update-info`, 'updateInfo');

export const MY_ACTIONS = [myDetail, myInfo, myUserListByName, mySharePage, myUpdate, myUpdateInfo] as const;
