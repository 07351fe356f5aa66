import { ROOT_ID, type NoteNodeVO } from '@/lib/contracts/notes/notes';

/** Pure helpers over the caller's tree (the drag and drop and the menu's moves are decided here, then sent). */

export function findNode(nodes: readonly NoteNodeVO[], id: string): NoteNodeVO | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The children of a parent (the root's when parentId is ROOT_ID), in their order. */
export function siblingsOf(nodes: readonly NoteNodeVO[], parentId: string): NoteNodeVO[] {
  if (parentId === ROOT_ID) return [...nodes];
  return [...(findNode(nodes, parentId)?.children ?? [])];
}

/** Whether `id` is `ancestor` or lies under it: a catalogue cannot go there (the server refuses it too). */
export function isWithin(nodes: readonly NoteNodeVO[], ancestor: string, id: string): boolean {
  const top = findNode(nodes, ancestor);
  return !!top && (top.id === id || !!findNode(top.children, id));
}

/** Every catalogue with its depth, for the "move to" choice. */
export function catalogues(nodes: readonly NoteNodeVO[], depth = 0): { node: NoteNodeVO; depth: number }[] {
  return nodes.flatMap((n) =>
    n.nodeType === 'catalog' ? [{ node: n, depth }, ...catalogues(n.children, depth + 1)] : [],
  );
}

/** The order of a parent's children after putting `id` just before `before` (or last when before is undefined). */
export function orderWith(siblings: readonly NoteNodeVO[], id: string, before?: string): string[] {
  const rest = siblings.map((s) => s.id).filter((s) => s !== id);
  const at = before === undefined ? rest.length : rest.indexOf(before);
  rest.splice(at < 0 ? rest.length : at, 0, id);
  return rest;
}

/** The order after moving `id` one place up (-1) or down (+1) among its siblings; undefined at an end. */
export function shifted(siblings: readonly NoteNodeVO[], id: string, step: -1 | 1): string[] | undefined {
  const ids = siblings.map((s) => s.id);
  const i = ids.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= ids.length) return undefined;
  [ids[i], ids[j]] = [ids[j], ids[i]];
  return ids;
}
