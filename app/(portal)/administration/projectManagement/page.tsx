import { ProjectScreen } from '@/components/business/project-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <ProjectScreen />;
}
