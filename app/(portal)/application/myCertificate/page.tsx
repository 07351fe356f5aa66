import { CertificateList } from '@/components/application/certificates';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <CertificateList staff={false} />;
}
