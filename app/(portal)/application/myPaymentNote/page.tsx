import { PaymentNoteList } from '@/components/payment/payment-notes';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <PaymentNoteList staff={false} />;
}
