import type { ReactNode } from 'react';
import { PortalShell } from '@/components/layout/portal-shell';
import { requirePageSession } from '@/lib/server/require-session';

export const dynamic = 'force-dynamic';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  await requirePageSession();
  return <PortalShell>{children}</PortalShell>;
}
