import { getUpstream } from '@/lib/upstream';

export interface HostTenant {
  tenantId: string;
  tenantName?: string;
}

const cacheTtlMs = 60_000;
const cache = new Map<string, { at: number; value: HostTenant | null }>();

/**
 * The tenant a host name maps to (the tenant's `domain` field), or null for a shared host where the login page asks
 * for the tenant. Cached briefly per host: it is consulted on every page load.
 */
export async function resolveHostTenant(host: string | null | undefined): Promise<HostTenant | null> {
  const key = (host ?? '').toLowerCase();
  if (!key) return null;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < cacheTtlMs) return hit.value;
  let value: HostTenant | null = null;
  try {
    const res = await getUpstream().fetch(
      {
        method: 'GET',
        pathAndQuery: `/blade-system/tenant/info?domain=${encodeURIComponent(key)}`,
        headers: new Headers(),
      },
      { timeoutMs: 5000 },
    );
    const body = (await res.json()) as { data?: { tenantId?: string; tenantName?: string } };
    value = body.data?.tenantId ? { tenantId: body.data.tenantId, tenantName: body.data.tenantName } : null;
  } catch {
    // Unreachable upstream: do not cache, show the tenant field.
    return null;
  }
  cache.set(key, { at: Date.now(), value });
  return value;
}
