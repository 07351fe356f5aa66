import { UnifiedCertificates } from '@/components/cert-change/unified';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <UnifiedCertificates />;
}
