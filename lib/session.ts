import { createHash, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sealData, unsealData } from 'iron-session';
import { cookies, headers } from 'next/headers';
import { z } from './zod';
import { getConfig, type Config } from '@/lib/env';
import { isHttpsRequest } from '@/lib/request-meta';

/**
 * The portal session: an iron-session seal in one cookie (SECURITY 2–5). It holds the upstream tokens, their times,
 * a random id, tenant and user, and the lock state as this browser last set it (for early redirects and refusals).
 * The lock itself, and its password, are kept by the upstream's auth session, so an older copy of the cookie is
 * locked too (SECURITY 27). Timeouts are decided from the times inside the seal; the cookie's Max-Age is only a hint
 * to the browser.
 */

export interface SessionLock {
  locked: boolean;
  /** The upstream keeps a lock password for this session: later locks need none. */
  hasPassword: boolean;
}

export interface PortalSession {
  /** Random id; replaced on login and unlock. */
  sid: string;
  /** Access token (sent upstream as `Blade-Auth: bearer …`). */
  at: string;
  /** Refresh token. */
  rt: string;
  /** When the current tokens were stored (ms). */
  tokenTime: number;
  /** Login time (ms): the absolute timeout runs from here. */
  createdAt: number;
  /** Last activity (ms): the idle timeout runs from here. */
  lastSeenAt: number;
  tenantId: string;
  userId: string;
  lock?: SessionLock;
}

export const SESSION_COOKIE = 'portal-session';
export const SECURE_SESSION_COOKIE = '__Host-portal-session';
/** SECURITY 2: Set-Cookie stays under 3,800 bytes (browsers drop cookies past ~4 KB); refuse rather than lose the login silently. */
export const MAX_SET_COOKIE_BYTES = 3800;
/** lastSeenAt is rewritten at most this often, so that not every request re-seals the cookie. */
export const TOUCH_INTERVAL_MS = 60_000;

export class SessionTooLargeError extends Error {
  constructor(bytes: number) {
    super(`session cookie of ${bytes} bytes exceeds ${MAX_SET_COOKIE_BYTES}`);
    this.name = 'SessionTooLargeError';
  }
}

const sessionSchema = z.object({
  sid: z.string().min(1),
  at: z.string().min(1),
  rt: z.string().min(1),
  tokenTime: z.number(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  tenantId: z.string(),
  userId: z.string(),
  // A seal from before the upstream kept the lock (a `hash` here instead) no longer opens: its lock would not hold.
  lock: z.object({ locked: z.boolean(), hasPassword: z.boolean() }).optional(),
});

// --- compact form -------------------------------------------------------------------------------------------------
// JWTs are base64url text; sealed as they are they grow by another third. Their header and payload are stored
// decoded and the whole record deflated, which keeps a many-role token well inside one cookie.

type PackedToken = string | [string, string, string];

function packToken(token: string): PackedToken {
  const parts = token.split('.');
  if (parts.length !== 3) return token;
  const header = Buffer.from(parts[0], 'base64url').toString('utf8');
  const payload = Buffer.from(parts[1], 'base64url').toString('utf8');
  const exact =
    Buffer.from(header, 'utf8').toString('base64url') === parts[0] &&
    Buffer.from(payload, 'utf8').toString('base64url') === parts[1];
  return exact ? [header, payload, parts[2]] : token;
}

function unpackToken(packed: unknown): unknown {
  if (!Array.isArray(packed)) return packed;
  const [header, payload, signature] = packed as string[];
  return `${Buffer.from(header, 'utf8').toString('base64url')}.${Buffer.from(payload, 'utf8').toString('base64url')}.${signature}`;
}

function pack(session: PortalSession): string {
  const compact = { ...session, at: packToken(session.at), rt: packToken(session.rt) };
  return deflateRawSync(JSON.stringify(compact)).toString('base64url');
}

function unpack(packed: string): PortalSession | null {
  try {
    const raw = JSON.parse(inflateRawSync(Buffer.from(packed, 'base64url')).toString('utf8')) as Record<
      string,
      unknown
    >;
    const parsed = sessionSchema.safeParse({ ...raw, at: unpackToken(raw.at), rt: unpackToken(raw.rt) });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// --- sealing ------------------------------------------------------------------------------------------------------

/**
 * iron-session seals with the highest numeric password id. Ids derived from the secret itself stay stable however
 * the list is reordered or trimmed, so a cookie sealed with a key opens as long as that key is configured.
 */
function passwordId(secret: string): string {
  return String(parseInt(createHash('sha256').update(secret).digest('hex').slice(0, 12), 16));
}

function passwords(config: Config): Record<string, string> {
  return Object.fromEntries(config.sessionSecrets.map((s) => [passwordId(s), s]));
}

function remainingSeconds(session: PortalSession, config: Config, now: number): number {
  return Math.max(0, Math.floor((session.createdAt + config.sessionAbsoluteTimeout * 1000 - now) / 1000));
}

export async function sealSession(session: PortalSession, now = Date.now()): Promise<string> {
  const config = getConfig();
  const [first] = config.sessionSecrets;
  // +60 s: iron allows that much clock skew; the absolute timeout itself is checked from createdAt.
  const ttl = remainingSeconds(session, config, now) + 60;
  return sealData(pack(session), { password: { [passwordId(first)]: first }, ttl });
}

/**
 * Opening a seal costs about half a millisecond (key derivation, HMAC, decryption, inflate), and a page sends the same
 * cookie with each of its calls, so recently opened seals are remembered briefly. A seal's content never changes;
 * the timeouts are still judged on every request (isSessionAlive), and only successfully opened seals are kept.
 */
const OPENED_TTL_MS = 60_000;
const OPENED_MAX = 2_000;
const opened = new Map<string, { session: PortalSession; expires: number }>();
/** The configuration the remembered seals were opened under: other keys, other answers. */
let openedUnder: Config | undefined;

function rememberOpened(seal: string, session: PortalSession, now: number): void {
  if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value as string);
  opened.set(seal, { session, expires: now + OPENED_TTL_MS });
}

function copyOf(session: PortalSession): PortalSession {
  return session.lock ? { ...session, lock: { ...session.lock } } : { ...session };
}

/** Opens a seal without judging its age; null when it is not ours, tampered with or malformed. */
export async function unsealSession(seal: string): Promise<PortalSession | null> {
  const now = Date.now();
  if (openedUnder !== getConfig()) {
    opened.clear();
    openedUnder = getConfig();
  }
  const hit = opened.get(seal);
  if (hit && hit.expires > now) return copyOf(hit.session);
  try {
    const packed = await unsealData<unknown>(seal, { password: passwords(getConfig()) });
    const session = typeof packed === 'string' ? unpack(packed) : null;
    if (session) rememberOpened(seal, session, now);
    return session && copyOf(session);
  } catch {
    return null;
  }
}

export function isSessionAlive(session: PortalSession, now = Date.now()): boolean {
  const { sessionIdleTimeout, sessionAbsoluteTimeout } = getConfig();
  return (
    now - session.lastSeenAt <= sessionIdleTimeout * 1000 &&
    now - session.createdAt <= sessionAbsoluteTimeout * 1000
  );
}

/** Opens a seal and applies the idle and absolute timeouts. */
export async function openSession(seal: string, now = Date.now()): Promise<PortalSession | null> {
  const session = await unsealSession(seal);
  return session && isSessionAlive(session, now) ? session : null;
}

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/** A fresh session after a login: new id, new times. */
export function createSession(
  fields: Pick<PortalSession, 'at' | 'rt' | 'tenantId' | 'userId'>,
  now = Date.now(),
): PortalSession {
  return { sid: newSessionId(), ...fields, tokenTime: now, createdAt: now, lastSeenAt: now };
}

/** The session with lastSeenAt moved to now, or null when the stored value is recent enough to keep. */
export function touchSession(session: PortalSession, now = Date.now()): PortalSession | null {
  return now - session.lastSeenAt >= TOUCH_INTERVAL_MS ? { ...session, lastSeenAt: now } : null;
}

// --- cookies ------------------------------------------------------------------------------------------------------

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function cookieAttributes(secure: boolean, maxAge: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The raw session cookie of a route-handler request (https requests only ever read the `__Host-` cookie). */
export function sessionCookieValue(request: Request): string | undefined {
  const name = sessionCookieName(isHttpsRequest(request.headers, request.url));
  return readCookie(request.headers.get('cookie'), name) || undefined;
}

/** The live session of a route-handler request, or null. */
export async function readSession(request: Request, now = Date.now()): Promise<PortalSession | null> {
  const value = sessionCookieValue(request);
  return value ? openSession(value, now) : null;
}

/** Seals the session and returns the Set-Cookie header value for the response to `request`. */
export async function sessionSetCookie(
  request: Request,
  session: PortalSession,
  now = Date.now(),
): Promise<string> {
  const secure = isHttpsRequest(request.headers, request.url);
  const seal = await sealSession(session, now);
  const cookie = `${sessionCookieName(secure)}=${seal}; ${cookieAttributes(secure, remainingSeconds(session, getConfig(), now))}`;
  const bytes = Buffer.byteLength(cookie);
  if (bytes > MAX_SET_COOKIE_BYTES) throw new SessionTooLargeError(bytes);
  return cookie;
}

export function clearSessionCookie(request: Request): string {
  const secure = isHttpsRequest(request.headers, request.url);
  return `${sessionCookieName(secure)}=; ${cookieAttributes(secure, 0)}`;
}

// --- pages --------------------------------------------------------------------------------------------------------

/**
 * The session of the page or server component being rendered, or null (not signed in, expired, or not ours).
 * Read-only: pages cannot set cookies, so refresh and idle bookkeeping happen on the next `/api` call.
 * The result holds the tokens: keep it on the server, never pass it to a client component.
 */
export async function getPageSession(): Promise<PortalSession | null> {
  const [store, requestHeaders] = await Promise.all([cookies(), headers()]);
  const value = store.get(sessionCookieName(isHttpsRequest(requestHeaders)))?.value;
  return value ? openSession(value) : null;
}
