import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import en from '../../../messages/en.json';
import { messageText } from '../../../lib/contracts/resource';
import { KeyedError, ServiceError, UnauthorizedError, ValidationError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { ok, success } from '../../core/envelope';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { splitIds } from '../../core/tree';
import { withTenant, type Db } from '../../db/tenant';
import { changeOwnPassword } from '../auth/password-change.service';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { findRolesByIds } from '../system/role/role.repository';
import { mailConfigured, sendMail } from '../verify/mail-config.resource';
import { linkOrigin } from '../verify/mailer';
import { assertAvatar, storeAvatar } from './avatar';
import { consumeEmailBinding, createEmailBinding, updateProfile } from './my.repository';
import { readParams } from '../../core/input';
import {
  myDetail,
  myInfo,
  mySharePage,
  myUpdate,
  myUpdateInfo,
  myUserListByName,
} from '../../../lib/contracts/system/my.actions';
import { actionRouter } from '../../core/action';
import { findUserById } from './user.repository';
import { toUserVO } from './user.vo';

const passwordSchema = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(256),
  newPassword: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(256),
  newPassword1: z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码').max(256),
});

const emailSchema = z.object({
  email: z
    .string({ error: '请输入邮箱' })
    .trim()
    .min(1, '请输入邮箱')
    .max(45, '长度不能超过45')
    .refine((v) => z.email().safeParse(v).success, '邮箱格式不正确'),
});

/** How many users one userListByName answers: a picker shows a short list and the user types more. */
export const USER_LIST_BY_NAME_LIMIT = 50;

/** The tenant's live users (not deleted, enabled) whose account or real name contains `name` (taken literally). */
function liveUsers(trx: Db, tenantId: string, name: string) {
  let query = trx
    .selectFrom('blade_user')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1);
  if (name) {
    const pattern = contains(name);
    query = query.where((eb) => eb.or([eb('account', 'ilike', pattern), eb('real_name', 'ilike', pattern)]));
  }
  return query;
}

/** What a picker shows of a user, never contact data: any signed-in user may ask. */
async function pickerRows(
  trx: Db,
  tenantId: string,
  users: Array<{ id: string; account: string; real_name: string; name: string; dept_id: string }>,
) {
  const depts = await findDeptsByIds(trx, tenantId, [...new Set(users.flatMap((u) => splitIds(u.dept_id)))]);
  const deptName = new Map(depts.map((d) => [String(d.id), d.dept_name]));
  return users.map((u) => ({
    id: String(u.id),
    account: u.account,
    realName: u.real_name,
    name: u.name,
    deptName: splitIds(u.dept_id)
      .flatMap((id) => deptName.get(id) ?? [])
      .join(','),
  }));
}

const PICKED = ['id', 'account', 'real_name', 'name', 'dept_id'] as const;

/** `<tenant>.<64 hex>`: the tenant part lets the public call open the right tenant's rows. */
const bindingKeySchema = z.object({
  key: z
    .string({ error: '链接无效或已过期' })
    .trim()
    .regex(/^\d{6}\.[0-9a-f]{64}$/, '链接无效或已过期'),
});

const BINDING_TTL_SECONDS = 24 * 3600;
/** Binding mails one user may have sent a day: each goes to an address the user typed, so it is a way to send mail. */
const BINDING_RATE: RateRule = { bucket: 'email-binding', limit: 10, windowSeconds: 24 * 3600 };

async function changePassword(deps: Deps, c: Context<BladeEnv>) {
  const auth = c.get('auth');
  const input = passwordSchema.parse(await readParams(c));
  if (input.newPassword !== input.newPassword1) throw new ServiceError('请输入正确的确认密码!');
  await changeOwnPassword(deps, auth, input.oldPassword, input.newPassword);
  return c.json(success('修改密码成功'));
}

/** Self-service calls of blade-user (000 §2 /info/index, /emailBinding); guest registration is guest.routes.ts. */
export function myRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // my/detail, info, my/userListByName, my/page, my/update and update-info: myActions below.

  // POST /blade-user/my/update-password and /blade-user/update-password — oldPassword, newPassword, newPassword1
  // (md5 hex from the client, like the login). Ends the user's other sessions; the portal gives this session a new
  // id on success. Wrong old passwords are limited (auth/password-change.service.ts).
  router.post('/my/update-password', (c) => changePassword(deps, c));
  router.post('/update-password', (c) => changePassword(deps, c));

  // POST /blade-user/my/updateAvatar — multipart `file`, jpg or png (checked by content), at most 500 kb; the
  // stored file's 32-character id becomes the avatar and is returned as data.avatar.
  router.post('/my/updateAvatar', async (c) => {
    const auth = c.get('auth');
    const form = await c.req.parseBody().catch(() => {
      throw new ValidationError('file', '请上传头像');
    });
    const file = form.file;
    if (!(file instanceof File)) throw new ValidationError('file', '请上传头像');
    const avatar = await storeAvatar(deps, auth, file);
    await withTenant(deps.db, auth.tenantId, (trx) =>
      updateProfile(trx, auth.tenantId, auth.userId, { avatar }),
    );
    return c.json(ok({ avatar }, '更新成功'));
  });

  // POST /blade-user/my/sendEmailBindingLink — {email}: mails a one-day, single-use link to that address (the
  // link's host is the portal origin the request came from, when it is one of PUBLIC_ORIGINS). Without a mail server
  // it refuses, and no link exists; a link whose mail the server refused is never usable: it never left the server.
  router.post('/my/sendEmailBindingLink', async (c) => {
    const auth = c.get('auth');
    const { email } = emailSchema.parse(await readParams(c));
    if (!(await mailConfigured(deps, auth.tenantId))) throw new KeyedError('verify.mailUnavailable');
    await withTenant(deps.db, auth.tenantId, (trx) =>
      spendRate(trx, auth.tenantId, BINDING_RATE, auth.userId),
    );
    const secret = randomBytes(32).toString('hex');
    const key = `${auth.tenantId}.${secret}`;
    await withTenant(deps.db, auth.tenantId, (trx) =>
      createEmailBinding(trx, auth.tenantId, auth.userId, email, secret, BINDING_TTL_SECONDS),
    );
    const link = `${linkOrigin(deps, c.req.header('origin'))}/emailBinding?key=${key}`;
    const values = { email, link };
    const fill = (text: string) =>
      text.replace(/\{(\w+)\}/g, (all, name: string) => values[name as 'email'] ?? all);
    await sendMail(deps, auth.tenantId, {
      to: email,
      subject: `${zhText('verify.bindingSubject')} / ${messageText(en, 'verify.bindingSubject')}`,
      text: `${zhText('verify.bindingBody', values)}\n\n${fill(messageText(en, 'verify.bindingBody'))}\n`,
    });
    return c.json(success(zhText('verify.bindingSent')));
  });

  return router;
}

/** The declared reads of lib/contracts/system/my.actions.ts, served from the registry at their full paths. */
export function myActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  for (const action of [myDetail, myInfo])
    serve(action, async ({ trx, auth }) => {
      const user = await findUserById(trx, auth.tenantId, auth.userId);
      if (!user) throw new UnauthorizedError();
      const roles = await findRolesByIds(trx, auth.tenantId, splitIds(user.role_id));
      const depts = await findDeptsByIds(trx, auth.tenantId, splitIds(user.dept_id));
      return toUserVO(user, roles, depts);
    });

  serve(myUserListByName, async ({ trx, auth, input }) => {
    const users = await liveUsers(trx, auth.tenantId, input.name)
      .select(PICKED)
      .orderBy('real_name', 'asc')
      .orderBy('id', 'asc')
      .limit(USER_LIST_BY_NAME_LIMIT)
      .execute();
    return pickerRows(trx, auth.tenantId, users);
  });

  serve(mySharePage, async ({ trx, auth, input }) => {
    const page = pageRequest(input);
    const base = liveUsers(trx, auth.tenantId, input.name).where('id', '!=', auth.userId);
    const { rows, total } = await fetchPage(
      base,
      (qb) => qb.select(PICKED),
      page,
      [],
      [
        { column: 'real_name', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ],
    );
    return toPage(await pickerRows(trx, auth.tenantId, rows), total, page);
  });

  for (const action of [myUpdate, myUpdateInfo])
    serve(action, async ({ trx, auth, input }) => {
      assertAvatar(deps, input.avatar);
      await updateProfile(trx, auth.tenantId, auth.userId, input);
      return null;
    });

  return router;
}

/** Calls of blade-user/my that work without a token. */
export function myPublicRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST /blade-user/my/bindingEmail — {key} from the binding link; binds the e-mail once, within a day.
  router.post('/my/bindingEmail', async (c) => {
    const { key } = bindingKeySchema.parse(await readParams(c));
    const [tenantId, secret] = key.split('.');
    const bound = await withTenant(deps.db, tenantId, (trx) => consumeEmailBinding(trx, tenantId, secret));
    if (!bound) throw new ServiceError('链接无效或已过期');
    return c.json(ok({ email: bound.email }, '绑定成功'));
  });

  return router;
}
