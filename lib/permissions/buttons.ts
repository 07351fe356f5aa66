import type { MenuNode } from '@/lib/shared/menu';

/** The SWR key of the caller's buttons; shared by the hook and by revalidation after grant changes. */
export const BUTTONS_KEY = '/api/blade-system/menu/buttons';
/** The SWR key of the sidebar tree (lib/swr/use-menu-routes.ts). */
export const ROUTES_KEY = '/api/blade-system/menu/routes';

/**
 * Button codes granted to the caller: every button node of `menu/buttons` (category 2, or a leaf), whatever its
 * depth. Blade groups buttons under their menus, so only the leaves are permission keys (contract §7.1).
 */
export function buttonCodes(tree: readonly MenuNode[] | undefined): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: readonly (MenuNode & { category?: number })[]) => {
    for (const node of nodes) {
      if (node.category === 2 || !node.children?.length) {
        if (node.code) codes.add(node.code);
      }
      if (node.children?.length) walk(node.children);
    }
  };
  walk(tree ?? []);
  return codes;
}
