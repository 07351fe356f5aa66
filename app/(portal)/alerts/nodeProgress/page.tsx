import { TrackScreen } from '@/components/alerts/track-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <TrackScreen />;
}
