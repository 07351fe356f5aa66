import { z } from '../../zod';
import { defineAction } from '../action';

/**
 * The caller's own sign-in settings (001 §7.4; blade/modules/verify/my-verify.routes.ts): how they can sign in, the
 * SMS login's switch, and their base information with the phone and e-mail masked. Every signed-in user calls them
 * for their own account. The calls that send a code, check a password or spend a key stay hand-written there: they
 * send mail or SMS, or count wrong passwords, outside one transaction.
 */
const PATH = '/blade-user/my';
const anyUser = {};

/** The password (always), the SMS login (with its switch) and each bound third-party account. */
export const myLoginMethodList = defineAction({
  name: 'loginMethodList',
  call: { method: 'GET', path: `${PATH}/loginMethodList` },
  input: z.object({}),
  access: anyUser,
  writes: false,
});

/** {method: 'sms', enable: 0|1}: turns the SMS login of the caller's account off or on. The catalogue spells it Eable. */
export const myUpdateEnable = defineAction({
  name: 'updateEable',
  call: { method: 'POST', path: `${PATH}/updateEable` },
  input: z.object({
    method: z.literal('sms', { error: '只能开启或关闭短信登录' }),
    enable: z.preprocess(
      (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
      z.coerce.number().refine((n) => n === 0 || n === 1, 'enable 只能是 0 或 1'),
    ),
  }),
  access: anyUser,
  writes: true,
  success: '更新成功',
});

/** The caller's account, names and avatar, with the phone and e-mail masked. */
export const myUserBaseInfo = defineAction({
  name: 'userBaseInfo',
  call: { method: 'GET', path: `${PATH}/userBaseInfo` },
  input: z.object({}),
  access: anyUser,
  writes: false,
});

export const MY_VERIFY_ACTIONS = [myLoginMethodList, myUpdateEnable, myUserBaseInfo] as const;
