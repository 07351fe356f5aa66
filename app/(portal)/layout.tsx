import type { ReactNode } from 'react';
import { PortalShell } from '@/components/layout/portal-shell';
import { ConfirmProvider } from '@/components/providers/confirm';
import { routeLabelTable } from '@/components/shell/route-labels';
import { RESOURCE_MENUS } from '@/lib/contracts/registry';
import { requirePageSession } from '@/lib/server/require-session';

export const dynamic = 'force-dynamic';

// Read here, on the server, and handed to the shell: the registry holds every resource's schemas.
const ROUTE_LABELS = routeLabelTable(RESOURCE_MENUS.map(({ path, code }) => ({ path, code })));

export default async function PortalLayout({ children }: { children: ReactNode }) {
  await requirePageSession();
  return (
    <ConfirmProvider>
      <PortalShell routeLabels={ROUTE_LABELS}>{children}</PortalShell>
    </ConfirmProvider>
  );
}
