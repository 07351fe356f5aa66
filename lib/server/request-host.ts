import { headers } from 'next/headers';
import { getConfig } from '@/lib/env';

/**
 * The host the browser asked for. X-Forwarded-Host is believed only when trusted proxies are configured (the portal
 * is then reachable only through them); otherwise a client could pick any tenant's host.
 */
export function hostFromHeaders(h: Headers): string | null {
  const forwarded =
    getConfig().trustedProxies.length > 0 ? h.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return (forwarded || h.get('host') || null)?.toLowerCase() ?? null;
}

export async function requestHost(): Promise<string | null> {
  return hostFromHeaders(await headers());
}
