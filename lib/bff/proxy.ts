import { parseJsonObject } from '@/lib/bff/body';
import { isUnsafeMethod, passesCsrfCheck } from '@/lib/bff/csrf';
import { envelope, withCookies } from '@/lib/bff/envelope';
import { bearer, callUpstream, passThrough, upstreamHeaders } from '@/lib/bff/forward';
import { handleLogin } from '@/lib/bff/login';
import { handleLogout } from '@/lib/bff/logout';
import { MSG } from '@/lib/bff/messages';
import { refreshTokens, tokensAreDue, withTokens } from '@/lib/bff/refresh';
import { forwardedSearch, parseApiPath } from '@/lib/bff/routes';
import { endSession, requireSession } from '@/lib/bff/session-gate';
import {
  SessionTooLargeError,
  newSessionId,
  sessionSetCookie,
  touchSession,
  type PortalSession,
} from '@/lib/session';

/** The `/api/<service>/…` proxy: path and CSRF checks, then the login, logout, public or session-bearing call. */
export async function handleProxy(request: Request): Promise<Response> {
  try {
    return await route(request);
  } catch (error) {
    console.error('[bff] proxy failed', error instanceof SessionTooLargeError ? error.message : error);
    return envelope(500, MSG.serverError);
  }
}

async function route(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const parsed = parseApiPath(url.pathname);
  if (!parsed.ok) return envelope(parsed.status, parsed.status === 400 ? MSG.badPath : MSG.notFound);
  if (isUnsafeMethod(method) && !passesCsrfCheck(request.headers)) return envelope(403, MSG.rejected);

  const { kind, upstreamPath, rotatesSession } = parsed.route;
  if (kind === 'login') return handleLogin(request);
  if (kind === 'logout') return handleLogout(request);
  const pathAndQuery = `${upstreamPath}${forwardedSearch(url.search)}`;
  if (kind === 'public') {
    const headers = upstreamHeaders(request);
    return passThrough(
      await callUpstream({ method, pathAndQuery, headers, body: request.body, signal: request.signal }),
    );
  }
  return forwardWithSession(request, method, pathAndQuery, rotatesSession);
}

/** Refreshes the tokens, or answers for the request: 401 with a cleared cookie if refused, 503 if unreachable. */
async function renew(session: PortalSession, request: Request): Promise<PortalSession | Response> {
  const outcome = await refreshTokens(session, request);
  if (outcome.kind === 'ok') return withTokens(session, outcome);
  return outcome.kind === 'unavailable' ? envelope(503, MSG.unavailable) : endSession(request);
}

async function forwardWithSession(
  request: Request,
  method: string,
  pathAndQuery: string,
  rotatesSession: boolean,
): Promise<Response> {
  const required = await requireSession(request);
  if (required instanceof Response) return required;
  let session = required;
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
    return callUpstream({ method, pathAndQuery, headers, body: request.body, signal: request.signal });
  };
  let upstream = await send(session.at);
  // An access token the upstream no longer takes: refresh and try again, if the request can be sent twice.
  if (upstream.status === 401 && !refreshed && request.body === null) {
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
