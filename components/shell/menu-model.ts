import type { MenuNode } from '@/lib/shared/menu';

/**
 * Menu rules of spec 000 §2: external items open in /myiframe, a top-level item without children gets an /index
 * child, items with meta.roles only for those roles, and the menu search over leaf entries.
 */

export interface MenuMeta {
  roles?: string[];
  keepAlive?: boolean;
  i18n?: string;
}

export type ShellMenuNode = MenuNode & { meta?: MenuMeta; query?: Record<string, string> };

export interface MenuEntry {
  id: string;
  name: string;
  path: string;
  href: string;
}

/** A path that is an http(s) URL or contains html is shown in the embedded frame page. */
export function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path) || /html/i.test(path);
}

/** Only http(s) URLs and same-site paths may become a frame's source (never javascript: or data:). */
export function safeFrameSource(src: string | null | undefined): string | null {
  if (!src) return null;
  if (/^https?:\/\//i.test(src)) return src;
  if (/^\/(?!\/)/.test(src)) return src;
  return null;
}

/** /myiframe/urlPath with the query built from the item's fields (src, name and the item's own query). */
export function iframeHref(node: Pick<ShellMenuNode, 'path' | 'name' | 'query'>): string {
  const q = new URLSearchParams({ ...(node.query ?? {}), src: node.path, name: node.name });
  return `/myiframe/urlPath?${q}`;
}

/** Where a menu item leads. */
export function menuHref(node: ShellMenuNode, topLevel: boolean): string {
  if (isExternalPath(node.path)) return iframeHref(node);
  if (topLevel && !node.children?.length && node.path && !node.path.endsWith('/index')) {
    return `${node.path.replace(/\/$/, '')}/index`;
  }
  return node.path;
}

/** The /index redirect target of a top-level leaf's own path, if pathname is one. */
export function indexRedirect(nodes: ShellMenuNode[], pathname: string): string | null {
  const hit = nodes.find((n) => !n.children?.length && n.path === pathname && !isExternalPath(n.path));
  return hit ? `${pathname.replace(/\/$/, '')}/index` : null;
}

/** Drops items whose meta.roles does not include one of the user's role aliases (and their subtrees). */
export function filterByRoles(nodes: ShellMenuNode[], aliases: string[]): ShellMenuNode[] {
  return nodes
    .filter((n) => !n.meta?.roles?.length || n.meta.roles.some((r) => aliases.includes(r)))
    .map((n) => (n.children ? { ...n, children: filterByRoles(n.children as ShellMenuNode[], aliases) } : n));
}

/** Every leaf with the link it opens. */
export function leafEntries(
  nodes: ShellMenuNode[],
  label: (n: ShellMenuNode) => string = (n) => n.name,
  topLevel = true,
): MenuEntry[] {
  return nodes.flatMap((n) =>
    n.children?.length
      ? leafEntries(n.children as ShellMenuNode[], label, false)
      : [{ id: n.id, name: label(n), path: n.path, href: menuHref(n, topLevel) }],
  );
}

/** Leaf entries whose name starts with the text, ignoring case. An empty text matches nothing. */
export function searchMenu(entries: MenuEntry[], text: string): MenuEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return entries.filter((e) => e.name.toLowerCase().startsWith(needle));
}
