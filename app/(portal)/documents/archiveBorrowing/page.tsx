import { BorrowingScreen } from '@/components/paper-archive/borrowing-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <BorrowingScreen />;
}
