import { IncomePage } from '@/components/business/income-page';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <IncomePage />;
}
