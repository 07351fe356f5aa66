/** A route node of `menu/routes` (contract §7.1 MenuVO, the fields the portal reads). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string;
  source?: string;
  sort?: number;
  isOpen?: number;
  children?: MenuNode[];
}

/** Ids of the nodes on the way to the node whose path equals `pathname` (to open the right submenus). */
export function ancestorsOf(nodes: MenuNode[], pathname: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (node.path === pathname) return trail;
    if (node.children?.length) {
      const found = ancestorsOf(node.children, pathname, [...trail, node.id]);
      if (found) return found;
    }
  }
  return null;
}
