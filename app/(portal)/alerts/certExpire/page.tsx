import { CertConfigScreen } from '@/components/alerts/cert-config-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <CertConfigScreen />;
}
