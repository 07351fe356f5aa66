import { requirePageSession } from '@/lib/server/require-session';
import { LoginSourceScreen } from '@/components/system/login-source-screen';

export default async function Page() {
  // Layouts and pages render in parallel: the page checks the session itself.
  await requirePageSession();
  return <LoginSourceScreen />;
}
