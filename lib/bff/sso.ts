import { createHash, timingSafeEqual } from 'node:crypto';
import { parseJsonObject } from '@/lib/bff/body';
import { jsonResponse, withCookies, envelope } from '@/lib/bff/envelope';
import { callUpstream, upstreamHeaders } from '@/lib/bff/forward';
import { MSG } from '@/lib/bff/messages';
import { getConfig } from '@/lib/env';
import { isHttpsRequest } from '@/lib/request-meta';
import { hostFromHeaders } from '@/lib/server/request-host';

/**
 * SSO and social login in the portal (blade/modules/auth/sso.md). The start call is answered by blade/; the portal
 * adds what only it can know: the callback address, built from a configured public origin (SECURITY 10), and a
 * short-lived cookie holding a digest of the login's state, so that the token call with that state is accepted only
 * from the browser that began the login (a link carrying someone else's code and state signs nobody in: login CSRF).
 */

/** The page the provider sends the browser back to. */
export const SSO_CALLBACK_PATH = '/login/callback';
export const SSO_GRANTS = new Set(['authorization_code', 'social']);

const STATE_COOKIE = 'portal-sso-state';
/** Sent only with the token call; lives as long as blade/ keeps the state (STATE_TTL_SECONDS). */
const stateCookieAttributes = () =>
  `Path=${getConfig().basePath}/api/blade-auth/oauth/token; HttpOnly; SameSite=Lax`;
const STATE_TTL_SECONDS = 600;

const digest = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * The callback address: on the origin the browser used when that is a configured one, else the first configured. The
 * origin is the Host the browser asked for (X-Forwarded-* only when trusted): a route handler's request.url need not
 * carry it (`next start -H 127.0.0.1` answers `localhost` there).
 */
export function ssoRedirectUri(request: Request): string {
  const origins = getConfig().publicOrigins;
  const host = hostFromHeaders(request.headers) ?? new URL(request.url).host;
  const own = `${isHttpsRequest(request.headers, request.url) ? 'https' : 'http'}://${host}`;
  return `${origins.includes(own) ? own : origins[0]}${getConfig().basePath}${SSO_CALLBACK_PATH}`;
}

function stateCookie(request: Request, value: string, maxAge: number): string {
  const secure = isHttpsRequest(request.headers, request.url) ? '; Secure' : '';
  return `${STATE_COOKIE}=${value}; ${stateCookieAttributes()}; Max-Age=${maxAge}${secure}`;
}

export const clearStateCookie = (request: Request) => stateCookie(request, '', 0);

/** GET /api/blade-auth/oauth/render/{source}?tenantId= — begins a login; `redirect_uri` is the portal's, always. */
export async function handleSsoStart(request: Request, upstreamPath: string): Promise<Response> {
  if (request.method !== 'GET') return envelope(405, MSG.methodNotSupported);
  const query = new URLSearchParams();
  const tenantId = new URL(request.url).searchParams.get('tenantId');
  if (tenantId) query.set('tenantId', tenantId);
  query.set('redirect_uri', ssoRedirectUri(request));
  const upstream = await callUpstream({
    method: 'GET',
    pathAndQuery: `${upstreamPath}?${query}`,
    headers: upstreamHeaders(request),
    body: null,
    signal: request.signal,
  });
  const payload = parseJsonObject(await upstream.text());
  if (!payload) return envelope(upstream.status === 200 ? 502 : upstream.status, MSG.serverError);
  const data = payload.data as { authorizeUrl?: unknown } | null | undefined;
  const authorizeUrl = typeof data?.authorizeUrl === 'string' ? data.authorizeUrl : '';
  const state = authorizeUrl ? new URL(authorizeUrl).searchParams.get('state') : null;
  const answer = jsonResponse(upstream.status, payload);
  if (upstream.status !== 200 || !state) return answer;
  return withCookies(answer, [stateCookie(request, digest(state), STATE_TTL_SECONDS)]);
}

/** Whether the state of an SSO/social token call is the one this browser began (its cookie). */
export function stateBelongsToBrowser(request: Request, state: string): boolean {
  const cookie = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${STATE_COOKIE}=`));
  const held = cookie?.slice(STATE_COOKIE.length + 1) ?? '';
  if (!state || held.length !== 64) return false;
  return timingSafeEqual(Buffer.from(held), Buffer.from(digest(state)));
}
