import { z } from 'zod';
import zh from '@/messages/zh.json';
import { readJsonObject } from '@/lib/bff/body';
import { passesCsrfCheck } from '@/lib/bff/csrf';
import { envelope, ok, withCookies } from '@/lib/bff/envelope';
import { hashLockPassword, verifyLockPassword } from '@/lib/bff/lock-password';
import { MSG } from '@/lib/bff/messages';
import { grantByRefreshToken, withTokens } from '@/lib/bff/refresh';
import { withRequestLog } from '@/lib/bff/request-log';
import { requireSession } from '@/lib/bff/session-gate';
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
    hasLockPassword: !!session?.lock?.hash,
    tenantId: session?.tenantId ?? null,
    userId: session?.userId ?? null,
  };
  return ok(info);
});

type Outcome = PortalSession | { session: PortalSession; data: unknown } | Response;

/**
 * Runs `action` for a same-origin POST with a live session. A returned session is written back (as activity) and
 * answered with a success envelope carrying `data`; a returned Response is the answer as it is.
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
  const [next, data] = 'session' in result ? [result.session, result.data] : [result, null];
  return withCookies(ok(data), [await sessionSetCookie(request, { ...next, lastSeenAt: Date.now() })]);
}

async function passwordOf(request: Request): Promise<string | undefined | Response> {
  const parsed = passwordSchema.safeParse((await readJsonObject(request)) ?? {});
  return parsed.success ? parsed.data.password || undefined : envelope(400, MSG.badRequest);
}

/**
 * POST /api/portal/lock {password?} — the first lock sets the lock password; later locks may omit it, or give it
 * to be checked.
 */
export const handleLock = withRequestLog((request: Request): Promise<Response> => {
  return withSession(request, async (session) => {
    const password = await passwordOf(request);
    if (password instanceof Response) return password;
    let hash = session.lock?.hash ?? '';
    if (!hash) {
      if (!password) return envelope(400, zh.lock.passwordRequired);
      hash = await hashLockPassword(password);
    } else if (password !== undefined && !(await verifyLockPassword(password, hash))) {
      return envelope(400, zh.lock.wrongPassword);
    }
    return { ...session, lock: { locked: true, hash } };
  });
});

/** POST /api/portal/unlock {password} — the right password unlocks and gives the session a new id. */
export const handleUnlock = withRequestLog((request: Request): Promise<Response> => {
  return withSession(request, async (session) => {
    const password = await passwordOf(request);
    if (password instanceof Response) return password;
    if (!session.lock?.locked) return session;
    if (!password) return envelope(400, zh.lock.passwordRequired);
    if (!(await verifyLockPassword(password, session.lock.hash))) return envelope(400, zh.lock.wrongPassword);
    return { ...session, sid: newSessionId(), lock: { locked: false, hash: session.lock.hash } };
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
