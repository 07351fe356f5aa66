import { headers } from 'next/headers';
import { forwardedTrusted } from '@/lib/request-meta';

/**
 * The host the browser asked for. X-Forwarded-Host is believed only when forwarded headers are (lib/request-meta):
 * otherwise a client could pick any tenant's host.
 */
export function hostFromHeaders(h: Headers): string | null {
  const forwarded = forwardedTrusted() ? h.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return (forwarded || h.get('host') || null)?.toLowerCase() ?? null;
}

export async function requestHost(): Promise<string | null> {
  return hostFromHeaders(await headers());
}
