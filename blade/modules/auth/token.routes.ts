import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientIp } from '../../core/client-ip';
import type { BladeEnv, Deps } from '../../core/context';
import { consumeCaptcha } from './captcha.repository';
import { authenticateClient } from './client.service';
import { GRANT_MESSAGES as M, GrantError } from './grant-error';
import { grantParams } from './grant-params';
import { oidcRoutes } from './oidc.routes';
import { finishLogin } from './oidc.service';
import { passwordLogin, refreshLogin } from './token.service';
import { smsLogin } from '../verify/sms-login';

async function checkCaptcha(deps: Deps, c: Context<BladeEnv>): Promise<void> {
  const key = c.req.header('captcha-key')?.trim() ?? '';
  const code = c.req.header('captcha-code')?.trim().toLowerCase() ?? '';
  if (!key || key.length > 64 || !code) throw new GrantError(400, M.badCaptcha);
  const answer = await consumeCaptcha(deps.db, key);
  if (!answer || answer !== code) throw new GrantError(400, M.badCaptcha);
}

async function grant(deps: Deps, c: Context<BladeEnv>) {
  const client = await authenticateClient(deps, c.req.header('authorization'));
  const params = await grantParams(c, M.badCredentials);
  const grantType = params.grant_type || 'password';
  const selection = {
    deptId: c.req.header('dept-id')?.trim() || undefined,
    roleId: c.req.header('role-id')?.trim() || undefined,
  };
  if (grantType === 'refresh_token') return refreshLogin(deps, params.refresh_token ?? '', client, selection);
  // SSO and social login (oidc.service.ts): the identity provider's code and the state of the login begun here.
  // The captcha does not apply: the provider checked the person, and the state is single use.
  if (grantType === 'authorization_code' || grantType === 'social') {
    return finishLogin(deps, {
      grant: grantType,
      code: params.code ?? '',
      state: params.state ?? '',
      redirectUri: params.redirect_uri ?? '',
      source: params.source ?? '',
      iss: params.iss ?? '',
      client,
      ...selection,
    });
  }
  // SMS login (verify/sms-login.ts): the code sent by my/sendLoginPhoneValidateCode.
  if (grantType === 'sms') {
    return smsLogin(deps, {
      tenantId: c.req.header('tenant-id')?.trim() || params.tenantId || '000000',
      codeId: params.codeId ?? '',
      phone: params.phone ?? '',
      code: params.code ?? '',
      client,
      ...selection,
    });
  }
  if (grantType === 'captcha') await checkCaptcha(deps, c);
  else if (grantType !== 'password') throw new GrantError(400, M.unknownGrant);
  else if (deps.settings.captchaEnabled) throw new GrantError(400, M.captchaRequired);
  return passwordLogin(deps, {
    tenantId: c.req.header('tenant-id')?.trim() || params.tenantId || '000000',
    username: params.username ?? '',
    password: params.password ?? '',
    ...selection,
    ip: clientIp(c),
    client,
    captchaSolved: grantType === 'captcha',
  });
}

export function tokenRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST /blade-auth/oauth/token — BladeX token endpoint: flat snake_case body, failures as error_description.
  const limit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) =>
      c.json(
        { error_code: 413, error_description: '请求体过大', code: 413, success: false, msg: '请求体过大' },
        413,
      ),
  });
  router.post('/oauth/token', limit, async (c) => {
    try {
      return c.json(await grant(deps, c));
    } catch (err) {
      if (!(err instanceof GrantError)) throw err;
      const body = { error_code: err.status, error_description: err.message };
      // code/msg too, so that a client reading the Blade envelope also sees a failure.
      return c.json({ ...body, code: err.status, success: false, msg: err.message }, err.status);
    }
  });

  router.route('/', oidcRoutes(deps));

  return router;
}
