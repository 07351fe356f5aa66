import { parseJsonObject, readSmallBody } from '@/lib/bff/body';
import { envelope, jsonResponse, withCookies } from '@/lib/bff/envelope';
import { callUpstream, upstreamHeaders } from '@/lib/bff/forward';
import { LOGIN_HEADERS } from '@/lib/bff/headers';
import { revokeUpstream } from '@/lib/bff/logout';
import { MSG } from '@/lib/bff/messages';
import { rateLimits } from '@/lib/bff/rate-limit';
import { basicAuthorization } from '@/lib/bff/refresh';
import { noteIdentity } from '@/lib/bff/request-log';
import { forwardedSearch } from '@/lib/bff/routes';
import { clearStateCookie, SSO_GRANTS, ssoRedirectUri, stateBelongsToBrowser } from '@/lib/bff/sso';
import { getLogger } from '@/lib/log';
import { clientIp } from '@/lib/request-meta';
import { clearSessionCookie, createSession, sessionCookieValue, sessionSetCookie } from '@/lib/session';

/**
 * POST /api/blade-auth/oauth/token — the login. The portal adds the client credentials (they never reach the
 * browser), keeps the tokens in a new session and answers the flat BladeX token body without them.
 */

/**
 * SSO and social login (lib/bff/sso.ts) skip no captcha: no password is checked, the identity provider vouches; nor
 * does the SMS login: its single-use code counts its own tries (blade/modules/verify/sms-login.ts).
 */
const BROWSER_GRANTS = new Set(['password', 'captcha', 'sms', ...SSO_GRANTS]);
const MAX_LOGIN_BODY = 16 * 1024;

/** Every grant the request names (both dialects' parameter names, query and body) must be one a browser may use. */
function grantsAllowed(query: URLSearchParams, body: URLSearchParams): boolean {
  const grants = ['grant_type', 'grantType'].flatMap((name) => [...query.getAll(name), ...body.getAll(name)]);
  return grants.length > 0 && grants.every((grant) => BROWSER_GRANTS.has(grant));
}

/**
 * Login attempts per account from one client address: the tenant (header, else parameter) and the account name, as
 * the upstream identifies them, and the address. Checked before the upstream call, so a guessing run costs neither
 * argon2 time nor captcha lookups. Never per account alone: then a stranger's attempts would refuse the real user
 * (SECURITY 29); across addresses the upstream counts failures and asks for the captcha instead. An unknown address
 * is not limited here (it would put every caller in one bucket).
 */
function accountLimit(request: Request, query: URLSearchParams, form: URLSearchParams): Response | null {
  const param = (name: string) => form.get(name) ?? query.get(name) ?? '';
  const tenant = request.headers.get('tenant-id') ?? param('tenantId');
  const account = param('username') || param('account');
  const ip = clientIp(request.headers);
  if (!account || !ip) return null;
  const key = `${tenant.trim()}\u0000${account.trim().toLowerCase()}\u0000${ip}`;
  const wait = rateLimits().loginAccountAddress.take(key);
  if (wait === 0) return null;
  // The account name is not a secret, but the tenant/user pair is enough for the operator.
  getLogger().warn({ tenant: tenant || undefined, account, ip }, 'rate limited (account and address)');
  const response = envelope(429, MSG.tooManyRequests);
  response.headers.set('Retry-After', String(wait));
  return response;
}

/**
 * A session cookie the browser still sends is replaced (or, when the login fails, cleared) by the answer: its auth
 * session ends upstream too (SECURITY 27), so no copy of that cookie outlives this login.
 */
export async function handleLogin(request: Request): Promise<Response> {
  if (request.method !== 'POST') return envelope(405, MSG.methodNotSupported);
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type') ?? '';
  const isForm = /^application\/x-www-form-urlencoded/i.test(contentType);
  const bodyText = await readSmallBody(request, MAX_LOGIN_BODY);
  if (bodyText === null) return envelope(400, MSG.badRequest);
  const form = new URLSearchParams(isForm ? bodyText : '');
  if (!grantsAllowed(url.searchParams, form)) {
    return envelope(400, MSG.grantNotAllowed);
  }
  const limited = accountLimit(request, url.searchParams, form);
  if (limited) return limited;
  const sso = ssoLogin(request, url.searchParams, form, isForm);
  if (sso instanceof Response) return sso;

  const headers = upstreamHeaders(request);
  headers.delete('content-length');
  for (const name of LOGIN_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set('authorization', basicAuthorization());
  const upstream = await callUpstream({
    method: 'POST',
    pathAndQuery: `/blade-auth/oauth/token${sso ? '' : forwardedSearch(url.search)}`,
    headers,
    body: sso ? sso.body : isForm ? bodyText : null,
    signal: request.signal,
  });

  const payload = parseJsonObject(await upstream.text());
  await revokeUpstream(sessionCookieValue(request), request);
  const { access_token: at, refresh_token: rt, ...userFields } = payload ?? {};
  const succeeded =
    upstream.status === 200 &&
    typeof at === 'string' &&
    typeof rt === 'string' &&
    !payload?.error_description;

  // The state is single use upstream: its browser cookie goes with the first answer, success or not.
  const ssoCookies = sso ? [clearStateCookie(request)] : [];
  if (!succeeded) {
    const failure = payload
      ? jsonResponse(upstream.status, userFields)
      : envelope(upstream.status, MSG.serverError);
    return withCookies(failure, [clearSessionCookie(request), ...ssoCookies]);
  }
  noteIdentity(request, String(userFields.tenant_id ?? ''), String(userFields.user_id ?? ''));
  const session = createSession({
    at,
    rt,
    tenantId: String(userFields.tenant_id ?? ''),
    userId: String(userFields.user_id ?? ''),
  });
  return withCookies(jsonResponse(200, userFields), [
    await sessionSetCookie(request, session),
    ...ssoCookies,
  ]);
}

/**
 * An SSO or social token call: the state must be the one this browser began (its cookie), and the callback address
 * is the portal's own, whatever the browser sent. Query and body are merged into one urlencoded body upstream, so
 * that nothing the browser put in the query string overrides them there. Null for the other grants.
 */
function ssoLogin(
  request: Request,
  query: URLSearchParams,
  form: URLSearchParams,
  isForm: boolean,
): { body: string } | Response | null {
  const param = (name: string) => form.get(name) ?? query.get(name) ?? '';
  if (!SSO_GRANTS.has(param('grant_type') || param('grantType'))) return null;
  if (!isForm) return envelope(400, MSG.badRequest);
  if (!stateBelongsToBrowser(request, param('state')))
    return withCookies(envelope(400, MSG.ssoStateMismatch), [clearStateCookie(request)]);
  const merged = new URLSearchParams(query);
  for (const [key, value] of form) merged.set(key, value);
  merged.delete('grantType');
  merged.set('grant_type', param('grant_type') || param('grantType'));
  if (merged.get('grant_type') === 'authorization_code') merged.set('redirect_uri', ssoRedirectUri(request));
  for (const key of [...merged.keys()]) if (key.toLowerCase() === 'blade-auth') merged.delete(key);
  return { body: merged.toString() };
}
