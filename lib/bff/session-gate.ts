import { envelope, withCookies } from '@/lib/bff/envelope';
import { MSG } from '@/lib/bff/messages';
import { clearSessionCookie, openSession, sessionCookieValue, type PortalSession } from '@/lib/session';

/** 401, and the browser drops the cookie it sent. */
export function endSession(request: Request): Response {
  return withCookies(envelope(401, MSG.unauthorized), [clearSessionCookie(request)]);
}

/** The request's live session, or the 401 to answer (clearing a cookie that no longer opens). */
export async function requireSession(request: Request): Promise<PortalSession | Response> {
  const seal = sessionCookieValue(request);
  const session = seal ? await openSession(seal) : null;
  if (session) return session;
  return seal ? endSession(request) : envelope(401, MSG.unauthorized);
}
