import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { success } from '../../core/envelope';
import { ValidationError } from '../../core/errors';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { blank } from '../../../lib/contracts/inputs';
import { withTenant } from '../../db/tenant';
import { hashPassword } from '../auth/password';
import { MESSAGE_CATEGORY, sendGrouped, tenantAdminIds } from '../message/message.repository';
import { insertGuest, oauthBound } from './guest.repository';
import { readParams } from '../../core/input';
import { accountTaken, assertAccountRoom, forgetUserTotals } from './user-admin.repository';

// Account and name reach administrators' screens: plain characters only, so neither can carry a link or a message.
const ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9_.@-]*$/;
const NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ·._-]*$/u;
const OAUTH_ID = /^[A-Za-z0-9_-]+$/;

/** In the spec's order and with its texts (000 §5 registration dialog); the tenant is the token's. */
const guestSchema = z.object({
  tenantId: blank(z.string().trim().max(12)),
  account: z
    .string({ error: '请先输入账号名称' })
    .trim()
    .min(1, '请先输入账号名称')
    .max(45, '长度不能超过45')
    .regex(ACCOUNT, '账号只能由字母、数字和 _ . @ - 组成'),
  password: z.string({ error: '请先输入密码' }).min(1, '请先输入密码').max(256),
  name: z
    .string()
    .trim()
    .max(20, '长度不能超过20')
    .refine((v) => v === '' || NAME.test(v), '姓名只能由文字、数字、空格和 · . _ - 组成')
    .optional(),
  oauthId: z
    .string()
    .trim()
    .max(64, '长度不能超过64')
    .refine((v) => v === '' || OAUTH_ID.test(v), '第三方账号标识格式不正确')
    .optional(),
});

/** Registration requests one caller may make a day: a guest registers once, perhaps again after a typo. */
export const GUEST_REGISTRATIONS_PER_DAY = 5;
const GUEST_RATE: RateRule = {
  bucket: 'guest-register',
  limit: GUEST_REGISTRATIONS_PER_DAY,
  windowSeconds: 24 * 3600,
};

const GUEST_SUBMITTED = '注册申请已提交,请耐心等待管理员通过!';

/** Guest registration of blade-user (000 §5): a third-party-login guest asks its tenant for an account. */
export function guestRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST /blade-user/register-guest — name, account, password (md5 hex); the third-party account bound is the guest
  // session's own (oauthId, when sent, must be that one); tenantId, when sent, must be the
  // token's (the tenant never comes from the body). The new user waits for approval (status 0, no roles); the
  // tenant's administrators get one grouped notice in fixed words. A taken account or a bound oauthId creates nothing
  // and reaches the administrators as a conflict, but the caller gets the same answer as for a free one, so the call
  // cannot tell which accounts exist. At most 5 requests a day per caller; the tenant's account quota holds.
  router.post('/register-guest', async (c) => {
    const auth = c.get('auth');
    const input = guestSchema.parse(await readParams(c));
    if (input.tenantId && input.tenantId !== auth.tenantId)
      throw new ValidationError('tenantId', '租户编号与当前登录的租户不一致');
    const tenantId = auth.tenantId;
    // The third-party account is the one this guest session stands for (SSO/social login, auth/oidc.service.ts), never
    // one the caller names: a guest could otherwise claim another person's free third-party id.
    const session = await withTenant(deps.db, tenantId, (trx) =>
      trx
        .selectFrom('blade_auth_session')
        .select('oauth_id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', auth.sid)
        .executeTakeFirst(),
    );
    const oauthId = session?.oauth_id ?? '';
    if (input.oauthId && input.oauthId !== oauthId)
      throw new ValidationError('oauthId', '第三方账号与当前登录不一致');
    // Counted in a transaction of its own, before the slow hash: a flood of requests costs neither hashing nor rows.
    await withTenant(deps.db, tenantId, (trx) => spendRate(trx, tenantId, GUEST_RATE, auth.userId));
    // Hashed whatever the outcome: a taken account must not answer faster than a free one.
    const passwordHash = await hashPassword(input.password);
    await withTenant(deps.db, tenantId, async (trx) => {
      await assertAccountRoom(trx, tenantId);
      const notice = {
        userIds: await tenantAdminIds(trx, tenantId),
        category: MESSAGE_CATEGORY.message,
        count: 1,
        sender: 'system',
        createUser: auth.userId,
      };
      const taken = await accountTaken(trx, tenantId, input.account);
      if (taken || (oauthId && (await oauthBound(trx, tenantId, oauthId)))) {
        // Only an account the tenant already has is named: it is not text the caller made up.
        const latest = taken ? `最近一次冲突的账号：${input.account}。` : '';
        await sendGrouped(trx, tenantId, {
          ...notice,
          groupKey: 'guest-conflict',
          render: (total) => ({
            title: '用户注册申请冲突',
            content: `有${total}条注册申请与已有账号或已绑定的第三方账号冲突，未创建用户。${latest}`,
          }),
        });
        return;
      }
      await insertGuest(trx, tenantId, {
        account: input.account,
        name: input.name || input.account,
        passwordHash,
        oauthId: oauthId || null,
        createUser: auth.userId,
      });
      await sendGrouped(trx, tenantId, {
        ...notice,
        groupKey: 'guest-register',
        render: (total) => ({
          title: '新用户注册申请',
          content: `有${total}条新用户注册申请等待审核，请在用户管理中查看。`,
        }),
      });
    });
    forgetUserTotals(deps.db);
    return c.json(success(GUEST_SUBMITTED));
  });

  return router;
}
