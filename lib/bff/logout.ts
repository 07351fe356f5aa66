import { envelope, ok, withCookies } from '@/lib/bff/envelope';
import { bearer, callUpstream, serviceHeaders } from '@/lib/bff/forward';
import { MSG } from '@/lib/bff/messages';
import { noteIdentity } from '@/lib/bff/request-log';
import { getLogger } from '@/lib/log';
import { refreshTokens, tokensAreDue, withTokens } from '@/lib/bff/refresh';
import { clearSessionCookie, sessionCookieValue, unsealSession } from '@/lib/session';

/**
 * Ends the auth session behind a session cookie upstream: its access and refresh tokens stop working, so a replayed
 * copy of the cookie is refused there. A session past its idle or absolute timeout is still revoked (its tokens may
 * be alive upstream), and so is a locked one. Failures are logged, not raised: the caller clears the cookie anyway.
 */
export async function revokeUpstream(seal: string | undefined, request: Request): Promise<void> {
  let session = seal ? await unsealSession(seal) : null;
  if (!session) return;
  noteIdentity(request, session.tenantId, session.userId);
  // An access token the upstream no longer accepts cannot revoke anything: renew it first.
  if (tokensAreDue(session)) {
    const outcome = await refreshTokens(session, request);
    session = outcome.kind === 'ok' ? withTokens(session, outcome) : session;
  }
  const headers = serviceHeaders(request);
  headers.set('blade-auth', bearer(session.at));
  const upstream = await callUpstream({
    method: 'POST',
    pathAndQuery: '/blade-auth/oauth/logout',
    headers,
  });
  await upstream.body?.cancel();
  if (!upstream.ok) getLogger().warn({ status: upstream.status }, 'upstream logout failed');
}

/** POST /api/blade-auth/oauth/logout (SECURITY 6): revokes upstream and clears the cookie whatever the upstream says. */
export async function handleLogout(request: Request): Promise<Response> {
  if (request.method !== 'POST') return envelope(405, MSG.methodNotSupported);
  await revokeUpstream(sessionCookieValue(request), request);
  return withCookies(ok(), [clearSessionCookie(request)]);
}
