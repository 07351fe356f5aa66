import { NotesScreen } from '@/components/notes/notes-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <NotesScreen />;
}
