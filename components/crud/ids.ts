import type { FieldOption, TreeNode } from './types';

/** Blade sends and accepts id lists comma-joined (`ids=1,2`, `menuId=1,2`). */
export function joinIds(ids: readonly (string | number)[] | string | undefined | null): string {
  if (ids === undefined || ids === null) return '';
  if (typeof ids === 'string') return ids;
  return ids.map(String).join(',');
}

export function splitIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== '-1');
}

/** Flattens a tree depth-first, keeping each node's depth (for indented grid rows and select lists). */
export function flattenTree<T extends { children?: T[] }>(
  nodes: readonly T[] | undefined,
  depth = 0,
): Array<T & { depth: number }> {
  const out: Array<T & { depth: number }> = [];
  for (const node of nodes ?? []) {
    out.push({ ...node, depth });
    if (node.children?.length) out.push(...flattenTree(node.children, depth + 1));
  }
  return out;
}

/** The ids of the nodes that have children: what a tree view expands to show the whole tree at once. */
export function branchIds(nodes: readonly TreeNode[] | undefined): string[] {
  return flattenTree(nodes)
    .filter((n) => n.children?.length)
    .map((n) => n.id);
}

/** A tree as select options, each title indented by its depth with ideographic spaces (they keep CJK alignment). */
export function indentedOptions(nodes: readonly TreeNode[] | undefined): FieldOption[] {
  return flattenTree(nodes).map((n) => ({ value: n.id, label: `${'\u3000'.repeat(n.depth)}${n.title}` }));
}

/** Label of a tree node by id, or the id itself when it is not in the tree. */
export function treeLabel(nodes: readonly TreeNode[] | undefined, id: string): string {
  return flattenTree(nodes).find((n) => n.id === id)?.title ?? id;
}

/** camelCase field → snake_case column, as Blade's `ascs`/`descs` expect (contract §4.1). */
export function toColumn(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * The picked ids plus every ancestor of them in the tree. Grants and packages store what a menu needs to be
 * reachable: a button without its page, or a page without its group, would be granted but never shown.
 */
export function withAncestorIds(tree: readonly TreeNode[] | undefined, ids: readonly string[]): string[] {
  const parentOf = new Map<string, string | undefined>();
  const walk = (nodes: readonly TreeNode[] | undefined, parent?: string) => {
    for (const n of nodes ?? []) {
      parentOf.set(n.id, parent);
      walk(n.children, n.id);
    }
  };
  walk(tree);
  const out = new Set<string>();
  for (const id of ids) {
    for (let cur: string | undefined = id; cur !== undefined && !out.has(cur); cur = parentOf.get(cur))
      out.add(cur);
  }
  return [...out];
}
