import { MessageScreen } from '@/components/business/message-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <MessageScreen />;
}
