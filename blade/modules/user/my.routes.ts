import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError, UnauthorizedError, ValidationError } from '../../core/errors';
import { splitIds } from '../../core/tree';
import { withTenant } from '../../db/tenant';
import { checkPassword, hashPassword } from '../auth/password';
import { MESSAGE_CATEGORY, sendMessage, tenantAdminIds } from '../message/message.repository';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { findRolesByIds } from '../system/role/role.repository';
import { findTenant } from '../system/tenant/tenant.repository';
import { storeAvatar } from './avatar';
import {
  accountTaken,
  consumeEmailBinding,
  createEmailBinding,
  insertGuest,
  updateProfile,
} from './my.repository';
import { findUserById, updatePasswordHash } from './user.repository';
import { toUserVO } from './user.vo';

/** Parameters from the query string, an urlencoded/multipart form or a JSON body (clients use all three). */
async function params(c: Context): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ValidationError('', '消息不能读取');
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(merged, body);
  } else if (type.includes('form')) {
    for (const [key, value] of Object.entries(await c.req.parseBody())) {
      if (typeof value === 'string') merged[key] = value;
    }
  }
  return merged;
}

/** 11 digits starting with 1 (mainland mobile numbers); '' clears the field. */
export const PHONE_PATTERN = /^1\d{10}$/;
const optionalText = (max: number) => z.string().trim().max(max, `长度不能超过${max}`).optional();

const profileSchema = z.object({
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
  // An avatar is a file id (32 characters) or a same-site path; other values would make the top bar load remote URLs.
  avatar: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^[0-9a-f]{32}$/i.test(v) || /^\/(?!\/)/.test(v), '头像格式不正确')
    .optional(),
});

const passwordSchema = z.object({
  oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(256),
  newPassword: z.string({ error: '请输入新密码' }).min(1, '请输入新密码').max(256),
  newPassword1: z.string({ error: '请输入确认密码' }).min(1, '请输入确认密码').max(256),
});

/** Checked in the spec's order, with its texts (000 §5 registration dialog). */
const guestSchema = z.object({
  tenantId: z.string({ error: '请先输入租户编号' }).trim().min(1, '请先输入租户编号').max(12),
  account: z.string({ error: '请先输入账号名称' }).trim().min(1, '请先输入账号名称').max(45),
  password: z.string({ error: '请先输入密码' }).min(1, '请先输入密码').max(256),
  name: z.string().trim().max(20, '长度不能超过20').optional(),
  oauthId: z.string().trim().max(64).optional(),
});

const emailSchema = z.object({
  email: z
    .string({ error: '请输入邮箱' })
    .trim()
    .min(1, '请输入邮箱')
    .max(45, '长度不能超过45')
    .refine((v) => z.email().safeParse(v).success, '邮箱格式不正确'),
});

/** `<tenant>.<64 hex>`: the tenant part lets the public call open the right tenant's rows. */
const bindingKeySchema = z.object({
  key: z
    .string({ error: '链接无效或已过期' })
    .trim()
    .regex(/^\d{6}\.[0-9a-f]{64}$/, '链接无效或已过期'),
});

const BINDING_TTL_SECONDS = 24 * 3600;

async function myDetail(deps: Deps, c: Context<BladeEnv>) {
  const auth = c.get('auth');
  const vo = await withTenant(deps.db, auth.tenantId, async (trx) => {
    const user = await findUserById(trx, auth.tenantId, auth.userId);
    if (!user) return undefined;
    const roles = await findRolesByIds(trx, auth.tenantId, splitIds(user.role_id));
    const depts = await findDeptsByIds(trx, auth.tenantId, splitIds(user.dept_id));
    return toUserVO(user, roles, depts);
  });
  if (!vo) throw new UnauthorizedError();
  return c.json(ok(vo));
}

async function updateMine(deps: Deps, c: Context<BladeEnv>) {
  const auth = c.get('auth');
  const change = profileSchema.parse(await params(c));
  await withTenant(deps.db, auth.tenantId, (trx) => updateProfile(trx, auth.tenantId, auth.userId, change));
  return c.json(success('更新成功'));
}

async function changePassword(deps: Deps, c: Context<BladeEnv>) {
  const auth = c.get('auth');
  const input = passwordSchema.parse(await params(c));
  if (input.newPassword !== input.newPassword1) throw new ServiceError('请输入正确的确认密码!');
  await withTenant(deps.db, auth.tenantId, async (trx) => {
    const user = await findUserById(trx, auth.tenantId, auth.userId);
    if (!user) throw new UnauthorizedError();
    if (!(await checkPassword(user.password, input.oldPassword)).ok) throw new ServiceError('原密码不正确!');
    await updatePasswordHash(trx, auth.tenantId, auth.userId, await hashPassword(input.newPassword));
  });
  return c.json(success('修改密码成功'));
}

/** Self-service calls of blade-user (000 §2 /info/index, guest registration, /emailBinding). */
export function myRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-user/my/detail — the caller as UserVO (no password hash).
  router.get('/my/detail', (c) => myDetail(deps, c));

  // POST /blade-user/my/update and /blade-user/update-info — the caller's realName, name, phone, email, avatar.
  router.post('/my/update', (c) => updateMine(deps, c));
  router.post('/update-info', (c) => updateMine(deps, c));

  // POST /blade-user/my/update-password and /blade-user/update-password — oldPassword, newPassword, newPassword1
  // (md5 hex from the client, like the login); the portal gives the session a new id on success.
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

  // POST /blade-user/my/sendEmailBindingLink — {email}; no mail server is configured, so the one-day, single-use
  // link is delivered to the caller's messages (mail tab) instead.
  router.post('/my/sendEmailBindingLink', async (c) => {
    const auth = c.get('auth');
    const { email } = emailSchema.parse(await params(c));
    const secret = randomBytes(32).toString('hex');
    const key = `${auth.tenantId}.${secret}`;
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      await createEmailBinding(trx, auth.tenantId, auth.userId, email, secret, BINDING_TTL_SECONDS);
      await sendMessage(trx, auth.tenantId, {
        userIds: [auth.userId],
        category: MESSAGE_CATEGORY.mail,
        title: '邮箱绑定',
        content: `请在24小时内打开以下链接完成邮箱 ${email} 的绑定：/emailBinding?key=${key}`,
        sender: 'system',
        createUser: auth.userId,
      });
    });
    return c.json(success('发送成功!'));
  });

  // POST /blade-user/register-guest — tenantId, name, account, password (md5 hex), oauthId. The new user waits for
  // the tenant administrators' approval (status 0, no roles); they get a message about it.
  router.post('/register-guest', async (c) => {
    const auth = c.get('auth');
    const input = guestSchema.parse(await params(c));
    await withTenant(deps.db, input.tenantId, async (trx) => {
      const tenant = await findTenant(trx, input.tenantId);
      if (!tenant || tenant.status !== 1) throw new NotFoundError('租户不存在');
      if (await accountTaken(trx, input.tenantId, input.account)) throw new ServiceError('当前账号已被使用!');
      await insertGuest(trx, input.tenantId, {
        account: input.account,
        name: input.name || input.account,
        passwordHash: await hashPassword(input.password),
        oauthId: input.oauthId,
        createUser: auth.userId,
      });
      await sendMessage(trx, input.tenantId, {
        userIds: await tenantAdminIds(trx, input.tenantId),
        category: MESSAGE_CATEGORY.message,
        title: '新用户注册申请',
        content: `账号 ${input.account}（${input.name || input.account}）申请注册，请在用户管理中审核。`,
        sender: input.account,
      });
    });
    return c.json(success('注册申请已提交,请耐心等待管理员通过!'));
  });

  return router;
}

/** Calls of blade-user/my that work without a token. */
export function myPublicRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST /blade-user/my/bindingEmail — {key} from the binding link; binds the e-mail once, within a day.
  router.post('/my/bindingEmail', async (c) => {
    const { key } = bindingKeySchema.parse(await params(c));
    const [tenantId, secret] = key.split('.');
    const bound = await withTenant(deps.db, tenantId, (trx) => consumeEmailBinding(trx, tenantId, secret));
    if (!bound) throw new ServiceError('链接无效或已过期');
    return c.json(ok({ email: bound.email }, '绑定成功'));
  });

  return router;
}
