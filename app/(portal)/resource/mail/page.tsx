import { MailScreen } from '@/components/system/mail-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  // Layouts and pages render in parallel: the page checks the session itself.
  await requirePageSession();
  return <MailScreen />;
}
