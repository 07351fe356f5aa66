import useSWR from 'swr';
import type { MenuNode } from '@/lib/shared/menu';

export function useMenuRoutes() {
  return useSWR<MenuNode[]>('/api/blade-system/menu/routes');
}
