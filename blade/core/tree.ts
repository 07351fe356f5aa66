type Node<T> = T & { children?: Node<T>[] };

/**
 * Tree assembly (contract §7.1): a node whose parent is 0 or not in the set becomes a root; `children` is omitted
 * when empty. Input order is kept, so sort before calling.
 */
export function buildTree<T extends { id: string; parentId: string }>(items: T[]): Node<T>[] {
  const nodes = new Map<string, Node<T>>(items.map((item) => [item.id, { ...item }]));
  const roots: Node<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId !== '0' ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export const splitIds = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
