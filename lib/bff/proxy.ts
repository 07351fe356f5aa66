import type { LimitedBody } from '@/blade/core/body-limit';
import { forwardedBody, parseJsonObject, payloadTooLarge } from '@/lib/bff/body';
import { isUnsafeMethod, passesCsrfCheck } from '@/lib/bff/csrf';
import { writesOnGet } from '@/lib/contracts/writing-calls';
import { envelope, withCookies } from '@/lib/bff/envelope';
import { bearer, callUpstream, passThrough, upstreamHeaders } from '@/lib/bff/forward';
import { handleLogin } from '@/lib/bff/login';
import { handleSsoStart } from '@/lib/bff/sso';
import { handleLogout } from '@/lib/bff/logout';
import { MSG } from '@/lib/bff/messages';
import { rateLimits } from '@/lib/bff/rate-limit';
import { refreshTokens, tokensAreDue, withTokens } from '@/lib/bff/refresh';
import { noteIdentity, withRequestLog } from '@/lib/bff/request-log';
import { forwardedSearch, isBadSearch, parseApiPath } from '@/lib/bff/routes';
import { endSession, requireSession } from '@/lib/bff/session-gate';
import { getLogger } from '@/lib/log';
import { clientIp } from '@/lib/request-meta';
import { newSessionId, sessionSetCookie, touchSession, type PortalSession } from '@/lib/session';

/**
 * The `/api/<service>/…` proxy: URL and CSRF checks, then the login, logout, public or session-bearing call, whose
 * body streams upstream counted against its limit (SECURITY 26).
 */
export const handleProxy = withRequestLog(async (request: Request): Promise<Response> => {
  try {
    return await route(request);
  } catch (error) {
    getLogger().error({ err: error }, 'proxy failed');
    return envelope(500, MSG.serverError);
  }
});

/** 429 with Retry-After (seconds). */
export function tooManyRequests(retryAfterSeconds: number): Response {
  const response = envelope(429, MSG.tooManyRequests);
  response.headers.set('Retry-After', String(retryAfterSeconds));
  return response;
}

/** The per-address limits of the login and captcha calls; an unknown address (no trusted hop) is not limited here. */
function addressLimit(request: Request, kind: 'login' | 'captcha' | 'public-write'): Response | null {
  const ip = clientIp(request.headers);
  if (!ip) return null;
  const limits = rateLimits();
  const limiter =
    kind === 'login'
      ? limits.loginAddress
      : kind === 'captcha'
        ? limits.captchaAddress
        : limits.publicWriteAddress;
  const wait = limiter.take(ip);
  if (wait === 0) return null;
  getLogger().warn({ ip, call: kind }, 'rate limited (client address)');
  return tooManyRequests(wait);
}

async function route(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const parsed = parseApiPath(url.pathname);
  if (!parsed.ok) return envelope(parsed.status, parsed.status === 400 ? MSG.badPath : MSG.notFound);
  if (isBadSearch(url.search)) return envelope(400, MSG.badRequest);
  const { kind, upstreamPath, rotatesSession, call } = parsed.route;
  const writes = isUnsafeMethod(method) || writesOnGet(upstreamPath);
  if (writes && !passesCsrfCheck(request.headers)) return envelope(403, MSG.rejected);

  if (kind === 'login') return addressLimit(request, 'login') ?? handleLogin(request);
  if (call === 'blade-auth/oauth/captcha') {
    const limited = addressLimit(request, 'captcha');
    if (limited) return limited;
  }
  if (kind === 'public' && writes) {
    const limited = addressLimit(request, 'public-write');
    if (limited) return limited;
  }
  if (kind === 'logout') return handleLogout(request);
  // Counted with the login calls: each start stores a state upstream.
  if (kind === 'sso-start') return addressLimit(request, 'login') ?? handleSsoStart(request, upstreamPath);
  const forwarded = forwardedBody(request);
  if ('refused' in forwarded) return forwarded.refused;
  const outgoing: Outgoing = {
    method,
    pathAndQuery: `${upstreamPath}${forwardedSearch(url.search)}`,
    body: forwarded.body,
  };
  if (kind === 'public') {
    const headers = upstreamHeaders(request);
    const upstream = await callUpstream({
      ...outgoing,
      headers,
      body: outgoing.body?.stream,
      signal: request.signal,
    });
    return (await refusedOversize(outgoing, upstream)) ?? passThrough(upstream);
  }
  return forwardWithSession(request, outgoing, rotatesSession);
}

interface Outgoing {
  method: string;
  pathAndQuery: string;
  /** The browser's body, counted against its limit while the upstream reads it. */
  body: LimitedBody | null;
}

/** 413 when the body went past its limit while the upstream read it, whatever the upstream made of the cut body. */
async function refusedOversize(outgoing: Outgoing, upstream: Response): Promise<Response | null> {
  if (!outgoing.body?.exceeded) return null;
  await upstream.body?.cancel();
  return payloadTooLarge(outgoing.body.limit);
}

/** Refreshes the tokens, or answers for the request: 401 with a cleared cookie if refused, 503 if unreachable. */
async function renew(session: PortalSession, request: Request): Promise<PortalSession | Response> {
  const outcome = await refreshTokens(session, request);
  if (outcome.kind === 'ok') return withTokens(session, outcome);
  return outcome.kind === 'unavailable' ? envelope(503, MSG.unavailable) : endSession(request);
}

async function forwardWithSession(
  request: Request,
  outgoing: Outgoing,
  rotatesSession: boolean,
): Promise<Response> {
  const required = await requireSession(request);
  if (required instanceof Response) return required;
  let session = required;
  noteIdentity(request, session.tenantId, session.userId);
  if (session.lock?.locked) return envelope(423, MSG.locked);

  const touched = touchSession(session);
  let changed = touched !== null;
  session = touched ?? session;
  let refreshed = false;
  if (tokensAreDue(session)) {
    const renewed = await renew(session, request);
    if (renewed instanceof Response) return renewed;
    session = renewed;
    changed = refreshed = true;
  }

  const send = (accessToken: string) => {
    const headers = upstreamHeaders(request);
    headers.set('blade-auth', bearer(accessToken));
    return callUpstream({ ...outgoing, headers, body: outgoing.body?.stream, signal: request.signal });
  };
  let upstream = await send(session.at);
  const oversize = await refusedOversize(outgoing, upstream);
  if (oversize) return changed ? withCookies(oversize, [await sessionSetCookie(request, session)]) : oversize;
  // An access token the upstream no longer takes: refresh and try again, if the request can be sent twice.
  if (upstream.status === 401 && !refreshed && outgoing.body === null) {
    await upstream.body?.cancel();
    const renewed = await renew(session, request);
    if (renewed instanceof Response) return renewed;
    session = renewed;
    changed = true;
    upstream = await send(session.at);
  }

  if (rotatesSession && upstream.status === 200) {
    const text = await upstream.text();
    if (parseJsonObject(text)?.code === 200) {
      session = { ...session, sid: newSessionId() };
      changed = true;
    }
    upstream = new Response(text, { status: upstream.status, headers: upstream.headers });
  }

  const response = passThrough(upstream);
  return changed ? withCookies(response, [await sessionSetCookie(request, session)]) : response;
}
