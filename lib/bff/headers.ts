/**
 * Header filtering between the browser and the upstream. Credentials and identity (Blade-Auth, Authorization,
 * Tenant-Id, Dept-Id, Role-Id, Cookie) come only from the session, never from the browser (SECURITY 9); the portal's
 * own and Next's internal headers stay on this side.
 */

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
];

const DROPPED_REQUEST = new Set([
  ...HOP_BY_HOP,
  'host',
  'expect',
  'cookie',
  'authorization',
  'blade-auth',
  'tenant-id',
  'dept-id',
  'role-id',
  'captcha-key',
  'captcha-code',
  'x-csrf',
  'forwarded',
  'x-real-ip',
  'rsc',
  // The portal sends its own request id (lib/bff/forward.ts).
  'x-request-id',
]);
const DROPPED_REQUEST_PREFIXES = [
  'x-forwarded-',
  'x-middleware-',
  'x-blade-',
  'x-nextjs-',
  'next-',
  'x-invoke-',
];

const DROPPED_RESPONSE = new Set([...HOP_BY_HOP, 'set-cookie', 'server', 'x-powered-by']);

/** Login needs these browser headers (captcha answer and the tenant/dept/role being signed in to). */
export const LOGIN_HEADERS = ['tenant-id', 'dept-id', 'role-id', 'captcha-key', 'captcha-code'];

/** Names a sender lists in `Connection` are hop-by-hop too. */
function connectionListed(headers: Headers): Set<string> {
  return new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function forwardRequestHeaders(incoming: Headers): Headers {
  const listed = connectionListed(incoming);
  const out = new Headers();
  incoming.forEach((value, name) => {
    if (DROPPED_REQUEST.has(name) || listed.has(name)) return;
    if (DROPPED_REQUEST_PREFIXES.some((prefix) => name.startsWith(prefix))) return;
    out.append(name, value);
  });
  return out;
}

/** Removes hop-by-hop headers, cookies and server banners from an upstream answer's (mutable) headers. */
export function stripResponseHeaders(headers: Headers): void {
  const listed = connectionListed(headers);
  const dropped: string[] = [];
  headers.forEach((_, name) => {
    if (DROPPED_RESPONSE.has(name) || listed.has(name)) dropped.push(name);
  });
  for (const name of dropped) headers.delete(name);
}
