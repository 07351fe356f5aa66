import { EquipmentScreen } from '@/components/equipment/equipment-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  await requirePageSession();
  return <EquipmentScreen />;
}
