import { BlockList, isIP } from 'node:net';
import { getConfig } from '@/lib/env';

/**
 * Facts about the browser's request that depend on who forwarded it (SECURITY 10).
 *
 * A route handler never sees the TCP peer: Next fills `x-forwarded-for` / `x-forwarded-proto` from the socket only
 * when the request did not already carry them, so a client talking to the portal directly can write them itself.
 * Under `next start` the forwarded headers are therefore believed only when TRUSTED_PROXIES is set, which declares
 * that the portal is reachable only through those proxies (the network must make that true).
 *
 * The production server (scripts/server.mjs, `npm start` and the container) sees the TCP peer: it drops X-Forwarded-*
 * sent by a peer outside TRUSTED_PROXIES and appends the peer to X-Forwarded-For, so there the headers are facts
 * (`forwardedVerified`) and a client that reaches the portal directly cannot forge its address, scheme or host.
 */

/** Whether X-Forwarded-* may be believed at all in this process. */
export function forwardedTrusted(): boolean {
  const { trustedProxies, forwardedVerified } = getConfig();
  return forwardedVerified || trustedProxies.length > 0;
}

const trustedListCache = new WeakMap<string[], BlockList>();

function trustedList(entries: string[]): BlockList {
  let list = trustedListCache.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      if (!isIP(address)) continue;
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(bits), family);
    }
    trustedListCache.set(entries, list);
  }
  return list;
}

function isTrusted(address: string, entries: string[]): boolean {
  const family = isIP(address);
  return family !== 0 && trustedList(entries).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function firstValue(value: string | null): string | undefined {
  return value?.split(',')[0]?.trim().toLowerCase() || undefined;
}

/**
 * The client's address, or undefined when it cannot be known. Walks X-Forwarded-For from the right (each proxy
 * appends what it saw) past the trusted proxies; the first untrusted entry is the client.
 */
export function clientIp(headers: Headers): string | undefined {
  const { trustedProxies } = getConfig();
  if (!forwardedTrusted()) return undefined;
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!isIP(chain[i])) return undefined;
    if (i === 0 || !isTrusted(chain[i], trustedProxies)) return chain[i];
  }
  return undefined;
}

/** Whether the browser reached the portal over https (decides the cookie's name and Secure flag). */
export function isHttpsRequest(headers: Headers, url?: string): boolean {
  const proto = firstValue(headers.get('x-forwarded-proto'));
  if (forwardedTrusted() && proto) return proto === 'https';
  if (url) return new URL(url).protocol === 'https:';
  return proto === 'https';
}

/** An `Origin` header value is ours only when it is one of the configured public origins; `null` never is. */
export function isPublicOrigin(origin: string | null): boolean {
  return !!origin && origin !== 'null' && getConfig().publicOrigins.includes(origin);
}
