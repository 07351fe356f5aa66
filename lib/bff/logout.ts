import { envelope, ok, withCookies } from '@/lib/bff/envelope';
import { bearer, callUpstream, serviceHeaders } from '@/lib/bff/forward';
import { MSG } from '@/lib/bff/messages';
import { noteIdentity } from '@/lib/bff/request-log';
import { getLogger } from '@/lib/log';
import { refreshTokens, tokensAreDue, withTokens } from '@/lib/bff/refresh';
import { clearSessionCookie, sessionCookieValue, unsealSession } from '@/lib/session';

/**
 * POST /api/blade-auth/oauth/logout (SECURITY 6). The upstream revokes the tokens, so a replayed copy of the old
 * cookie is refused there; the cookie is cleared whatever the upstream says. A session past its idle or absolute
 * timeout is still revoked (its tokens may be alive upstream), and a locked session may always log out.
 */
export async function handleLogout(request: Request): Promise<Response> {
  if (request.method !== 'POST') return envelope(405, MSG.methodNotSupported);
  const seal = sessionCookieValue(request);
  let session = seal ? await unsealSession(seal) : null;
  if (session) {
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
  return withCookies(ok(), [clearSessionCookie(request)]);
}
