import { callUpstream, serviceHeaders } from '@/lib/bff/forward';
import { getConfig } from '@/lib/env';
import type { PortalSession } from '@/lib/session';

/**
 * Token refresh, single-flight (SECURITY 7). Concurrent requests of one session share one upstream call; requests
 * that still carry the pre-refresh cookie within a short while reuse its result instead of spending the rotated
 * refresh token again. Both maps are per process; across replicas the upstream's grace window for a just-rotated
 * refresh token covers the same race.
 */

export type RefreshOutcome =
  | { kind: 'ok'; at: string; rt: string; tokenTime: number }
  /** The upstream refused the refresh token: the session is over. */
  | { kind: 'refused' }
  /** The upstream could not answer: keep the session, try again later. */
  | { kind: 'unavailable' };

const REUSE_MS = 30_000;

const state = globalThis as unknown as {
  __portalRefreshInflight?: Map<string, Promise<RefreshOutcome>>;
  __portalRefreshRecent?: Map<string, { outcome: RefreshOutcome; expires: number }>;
};
const inflight = (state.__portalRefreshInflight ??= new Map());
const recent = (state.__portalRefreshRecent ??= new Map());

export function tokensAreDue(session: PortalSession, now = Date.now()): boolean {
  return now - session.tokenTime >= getConfig().tokenTime * 1000;
}

export function basicAuthorization(): string {
  const { clientId, clientSecret } = getConfig();
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

function remember(oldRefreshToken: string, outcome: RefreshOutcome, now: number): void {
  for (const [key, entry] of recent) {
    if (entry.expires > now) break;
    recent.delete(key);
  }
  recent.set(oldRefreshToken, { outcome, expires: now + REUSE_MS });
}

export interface TokenGrant {
  outcome: RefreshOutcome;
  /** The token body without the tokens (user fields), when the refresh succeeded. */
  fields: Record<string, unknown>;
}

/**
 * One refresh_token grant upstream. `extra` carries Dept-Id / Role-Id when the user switches department or role,
 * which BladeX does through this grant.
 */
export async function grantByRefreshToken(
  session: PortalSession,
  browser: Request,
  extra: Record<string, string> = {},
): Promise<TokenGrant> {
  const headers = serviceHeaders(browser);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  headers.set('content-type', 'application/x-www-form-urlencoded');
  headers.set('authorization', basicAuthorization());
  headers.set('tenant-id', session.tenantId);
  // In the body, not the query string: a refresh token has no business in access logs.
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: session.rt,
    scope: 'all',
  }).toString();
  const response = await callUpstream({
    method: 'POST',
    pathAndQuery: '/blade-auth/oauth/token',
    headers,
    body,
  });
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const { access_token: at, refresh_token: rt, ...fields } = payload ?? {};
  if (
    response.status === 200 &&
    typeof at === 'string' &&
    typeof rt === 'string' &&
    !payload?.error_description
  ) {
    return { outcome: { kind: 'ok', at, rt, tokenTime: Date.now() }, fields };
  }
  const refused = [200, 400, 401, 403].includes(response.status);
  return { outcome: { kind: refused ? 'refused' : 'unavailable' }, fields };
}

/** Refreshes the session's tokens, joining a refresh already under way for the same session. */
export function refreshTokens(session: PortalSession, browser: Request): Promise<RefreshOutcome> {
  const reused = recent.get(session.rt);
  if (reused && reused.expires > Date.now()) return Promise.resolve(reused.outcome);

  let pending = inflight.get(session.sid);
  if (!pending) {
    pending = grantByRefreshToken(session, browser)
      .then(({ outcome }) => {
        if (outcome.kind === 'ok') remember(session.rt, outcome, Date.now());
        return outcome;
      })
      .finally(() => inflight.delete(session.sid));
    inflight.set(session.sid, pending);
  }
  return pending;
}

/** The session carrying the refreshed tokens. */
export function withTokens(
  session: PortalSession,
  outcome: Extract<RefreshOutcome, { kind: 'ok' }>,
): PortalSession {
  return { ...session, at: outcome.at, rt: outcome.rt, tokenTime: outcome.tokenTime };
}
