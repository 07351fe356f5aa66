import { z } from '../zod';
import { parseJsonObject, readJsonObject } from '@/lib/bff/body';
import { passesCsrfCheck } from '@/lib/bff/csrf';
import { envelope, ok, withCookies } from '@/lib/bff/envelope';
import { bearer, callUpstream, serviceHeaders } from '@/lib/bff/forward';
import { MSG } from '@/lib/bff/messages';
import { grantByRefreshToken, refreshTokens, tokensAreDue, withTokens } from '@/lib/bff/refresh';
import { withRequestLog } from '@/lib/bff/request-log';
import { endSession, requireSession } from '@/lib/bff/session-gate';
import { newSessionId, readSession, sessionSetCookie, type PortalSession } from '@/lib/session';

/** The portal's own calls under /api/portal: session state, screen lock, department/role switch. */

export interface PortalSessionInfo {
  loggedIn: boolean;
  locked: boolean;
  hasLockPassword: boolean;
  tenantId: string | null;
  userId: string | null;
}

const passwordSchema = z.object({ password: z.string().max(256).optional() });
const switchSchema = z.object({
  deptId: z.string().regex(/^\d{1,20}$/),
  roleId: z.string().regex(/^\d{1,20}$/),
});

/** GET /api/portal/session — what the pages need to know, never a token. Does not count as activity. */
export const handleSessionInfo = withRequestLog(async (request: Request): Promise<Response> => {
  const session = await readSession(request);
  const info: PortalSessionInfo = {
    loggedIn: !!session,
    locked: !!session?.lock?.locked,
    hasLockPassword: !!session?.lock?.hasPassword,
    tenantId: session?.tenantId ?? null,
    userId: session?.userId ?? null,
  };
  return ok(info);
});

type Outcome = PortalSession | { session: PortalSession; data?: unknown; response?: Response } | Response;

/**
 * Runs `action` for a same-origin POST with a live session. A returned session is written back (as activity) and
 * answered with a success envelope carrying `data`, or with `response` (a refusal after the tokens were renewed must
 * still keep them: the old refresh token is spent); a returned Response is the answer as it is.
 */
async function withSession(
  request: Request,
  action: (session: PortalSession) => Promise<Outcome>,
): Promise<Response> {
  if (!passesCsrfCheck(request.headers)) return envelope(403, MSG.rejected);
  const session = await requireSession(request);
  if (session instanceof Response) return session;
  const result = await action(session);
  if (result instanceof Response) return result;
  const { session: next, data = null, response = ok(data) } = 'sid' in result ? { session: result } : result;
  return withCookies(response, [await sessionSetCookie(request, { ...next, lastSeenAt: Date.now() })]);
}

async function passwordOf(request: Request): Promise<string | undefined | Response> {
  const parsed = passwordSchema.safeParse((await readJsonObject(request)) ?? {});
  return parsed.success ? parsed.data.password || undefined : envelope(400, MSG.badRequest);
}

/**
 * POSTs `body` to the upstream as the session's user (as logout does: tokens renewed first when due, or once when
 * refused). Answers the session as it now is and the upstream's envelope, or the Response to give the browser: 401
 * (cookie cleared) once the upstream refuses the session, 503 when it cannot be reached.
 */
async function postAsUser(
  session: PortalSession,
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<{ session: PortalSession; status: number; reply: Record<string, unknown> } | Response> {
  let current = session;
  let renewed = false;
  const renew = async (): Promise<Response | null> => {
    const outcome = await refreshTokens(current, request);
    if (outcome.kind === 'ok') {
      current = withTokens(current, outcome);
      renewed = true;
      return null;
    }
    return outcome.kind === 'unavailable' ? envelope(503, MSG.unavailable) : endSession(request);
  };
  const send = () => {
    const headers = serviceHeaders(request);
    headers.set('blade-auth', bearer(current.at));
    headers.set('content-type', 'application/json');
    return callUpstream({ method: 'POST', pathAndQuery: path, headers, body: JSON.stringify(body) });
  };
  if (tokensAreDue(current)) {
    const stop = await renew();
    if (stop) return stop;
  }
  let upstream = await send();
  if (upstream.status === 401 && !renewed) {
    await upstream.body?.cancel();
    const stop = await renew();
    if (stop) return stop;
    upstream = await send();
  }
  if (upstream.status === 401) {
    await upstream.body?.cancel();
    return endSession(request);
  }
  const reply = parseJsonObject(await upstream.text()) ?? {};
  const failed = upstream.status !== 200 || reply.code !== 200;
  if (failed && upstream.status >= 500) return envelope(503, MSG.unavailable);
  return { session: current, status: failed ? upstream.status : 200, reply };
}

/** The upstream's refusal as the browser gets it: its status and message. */
function refusal(status: number, reply: Record<string, unknown>): Response {
  if (status === 423) return envelope(423, MSG.locked);
  return envelope(status, typeof reply.msg === 'string' && reply.msg ? reply.msg : MSG.rejected);
}

const hasPasswordIn = (reply: Record<string, unknown>) =>
  (reply.data as { hasPassword?: unknown } | null)?.hasPassword === true;

/**
 * POST /api/portal/lock {password?} — the first lock sets the lock password; later locks may omit it, or give it
 * to be checked. The upstream locks the auth session itself (SECURITY 27): any other copy of this cookie is locked
 * too, and the lock password's hash stays there.
 */
export const handleLock = withRequestLog((request: Request): Promise<Response> => {
  return withSession(request, async (session) => {
    const password = await passwordOf(request);
    if (password instanceof Response) return password;
    const result = await postAsUser(session, request, '/blade-auth/oauth/lock', password ? { password } : {});
    if (result instanceof Response) return result;
    if (result.status !== 200)
      return { session: result.session, response: refusal(result.status, result.reply) };
    return { ...result.session, lock: { locked: true, hasPassword: true } };
  });
});

/**
 * POST /api/portal/unlock {password} — the right password unlocks the auth session upstream and gives this session a
 * new id. Also asked of a cookie that does not say locked: it may be a copy of a session locked elsewhere.
 */
export const handleUnlock = withRequestLog((request: Request): Promise<Response> => {
  return withSession(request, async (session) => {
    const password = await passwordOf(request);
    if (password instanceof Response) return password;
    const result = await postAsUser(
      session,
      request,
      '/blade-auth/oauth/unlock',
      password ? { password } : {},
    );
    if (result instanceof Response) return result;
    if (result.status !== 200)
      return { session: result.session, response: refusal(result.status, result.reply) };
    return {
      ...result.session,
      sid: newSessionId(),
      lock: { locked: false, hasPassword: hasPasswordIn(result.reply) },
    };
  });
});

/**
 * POST /api/portal/switch {deptId, roleId} — department/role switch. BladeX does it with a refresh_token grant
 * carrying Dept-Id and Role-Id, which the browser may not send itself. The new tokens go into a session with a new
 * id; `data` is the token body without the tokens. A refusal keeps the session (the choice may be what was refused).
 */
export const handleSwitch = withRequestLog((request: Request): Promise<Response> => {
  return withSession(request, async (session) => {
    if (session.lock?.locked) return envelope(423, MSG.locked);
    const parsed = switchSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return envelope(400, MSG.badRequest);
    const { deptId, roleId } = parsed.data;
    const { outcome, fields } = await grantByRefreshToken(session, request, {
      'dept-id': deptId,
      'role-id': roleId,
    });
    if (outcome.kind === 'unavailable') return envelope(503, MSG.unavailable);
    if (outcome.kind === 'refused') {
      const reason = typeof fields.error_description === 'string' ? fields.error_description : MSG.rejected;
      return envelope(400, reason);
    }
    return { session: { ...withTokens(session, outcome), sid: newSessionId() }, data: fields };
  });
});
