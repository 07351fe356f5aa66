import { requestHost } from '@/lib/server/request-host';
import { resolveHostTenant } from '@/lib/server/host-tenant';

/**
 * The tenant a public customer page acts for, as the login page finds it: the tenant whose domain is this host; on a
 * shared host the `tenantId` the link carries, else the platform's. blade checks that it is live.
 */
export async function pageTenant(
  given: string | undefined,
): Promise<{ tenantId: string; tenantName?: string }> {
  const host = await resolveHostTenant(await requestHost());
  if (host) return host;
  return { tenantId: given && /^\d{6}$/.test(given) ? given : '000000' };
}
