import { redirect } from 'next/navigation';
import { resolveHostTenant } from '@/lib/server/host-tenant';
import { requestHost } from '@/lib/server/request-host';
import { getPageSession, type PortalSession } from '@/lib/session';

/**
 * The page-side session check (proxy.ts only redirects early; SECURITY 1). Not signed in, or signed in to another
 * tenant than the one this host belongs to → /login; locked → /lock.
 */
export async function requirePageSession(options: { allowLocked?: boolean } = {}): Promise<PortalSession> {
  const session = await getPageSession();
  if (!session) redirect('/login');
  const hostTenant = await resolveHostTenant(await requestHost());
  if (hostTenant && hostTenant.tenantId !== session.tenantId) redirect('/login');
  if (session.lock?.locked && !options.allowLocked) redirect('/lock');
  return session;
}
