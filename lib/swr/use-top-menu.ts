import useSWR from 'swr';

/** A top menu of `menu/top-menu` (TopMenu, contract §7.12). */
export interface TopMenuItem {
  id: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

export function useTopMenu() {
  return useSWR<TopMenuItem[]>('/api/blade-system/menu/top-menu');
}
