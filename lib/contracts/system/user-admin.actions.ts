import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idArraySchema, idSchema, idSetSchema, intSchema } from '../inputs';

/**
 * User administration beside the user resource's CRUD (lib/contracts/system/user.ts; blade/modules/user/
 * user-admin.routes.ts): the platform fields, password reset, role grant and unlock, each behind its button's code.
 * Every one acts only on users inside the caller's tenant and data scope.
 */
const PATH = '/blade-user';

/**
 * Ids of users or roles as Blade's forms send them (idArraySchema: comma-joined or an array, each once). An empty
 * or missing list passes here: the call refuses it with its own words (请至少选择一个用户, 请选择角色).
 */
const idsOrNone = z.preprocess((v) => v ?? '', idArraySchema);

const MSG_NO_USER = '请至少选择一个用户';
/** A refusal of the whole input (no field named), as Blade words an empty selection. */
const refuse = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', path: [], message });

/** UserVO with the platform fields (userType and its name, userExt). */
export const userPlatformDetail = defineAction({
  name: 'platformDetail',
  call: { method: 'GET', path: `${PATH}/platform-detail` },
  input: z.object({ id: idSchema }),
  access: { codes: ['user_platform'] },
  writes: false,
});

/** Sets a user's platform fields; a field left out stays as it is. */
export const userUpdatePlatform = defineAction({
  name: 'updatePlatform',
  call: { method: 'POST', path: `${PATH}/update-platform` },
  input: z.object({
    id: idSchema,
    userType: blank(intSchema),
    userExt: blank(z.string().max(2000, '长度不能超过2000')),
  }),
  access: { codes: ['user_platform'] },
  writes: true,
});

/** Sets the initial password (account.initPassword) and ends every session of those users. */
export const userResetPassword = defineAction({
  name: 'resetPassword',
  call: { method: 'POST', path: `${PATH}/reset-password` },
  input: z.object({ userIds: idSetSchema }),
  access: { codes: ['user_reset'] },
  writes: true,
});

/** Sets the roles of the listed users (the roles the caller may hand out). */
export const userGrant = defineAction({
  name: 'grant',
  call: { method: 'POST', path: `${PATH}/grant` },
  input: z.object({ userIds: idsOrNone, roleIds: idsOrNone }).superRefine((input, ctx) => {
    if (input.userIds.length === 0) refuse(ctx, MSG_NO_USER);
    else if (input.roleIds.length === 0) refuse(ctx, '请选择角色');
  }),
  access: { codes: ['user_role'] },
  writes: true,
});

/** Clears the users' login-failure counters (every address). */
export const userUnlock = defineAction({
  name: 'unlock',
  call: { method: 'POST', path: `${PATH}/unlock` },
  input: z.object({ userIds: idsOrNone }).superRefine((input, ctx) => {
    if (input.userIds.length === 0) refuse(ctx, MSG_NO_USER);
  }),
  access: { codes: ['user_unlock'] },
  writes: true,
});

export const USER_ADMIN_ACTIONS = [
  userPlatformDetail,
  userUpdatePlatform,
  userResetPassword,
  userGrant,
  userUnlock,
] as const;
