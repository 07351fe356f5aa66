'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { loadCatalog, type ArchiveRecord } from './api';
import { flag, throttle, TREE_RELOAD_THROTTLE_MS, type CatalogNode } from './model';

const ROOT = '0';

type Level = CatalogNode[] | 'loading' | 'error';

/** Files a level and every subtree the server sent along with it (`children`) under their parents' ids. */
function storeLevel(target: Map<string, Level>, parentId: string, nodes: CatalogNode[]) {
  target.set(parentId, nodes);
  for (const node of nodes) {
    if (node.children?.length) storeLevel(target, node.id, node.children);
  }
}

/**
 * A catalogue tree loaded one level at a time: a record with thousands of nodes opens with its roots only, and a
 * node's children are fetched when it is first expanded. A server that sends whole subtrees (`children`) is used as
 * is, so both call styles work. Reloads are throttled to one per 600 ms (spec 000 §9). Callers key the component by
 * the record, so a new record starts from a fresh hook.
 */
export function useCatalog(
  record: ArchiveRecord,
  load: (record: ArchiveRecord, parentId: string) => Promise<CatalogNode[]> = loadCatalog,
) {
  const [levels, setLevels] = useState<Map<string, Level>>(() => new Map([[ROOT, 'loading']]));
  const generation = useRef(0);
  const requested = useRef(new Set<string>([ROOT]));
  const expandedRef = useRef<string[]>([]);
  const [runThrottled] = useState(() => throttle((work: () => void) => work(), TREE_RELOAD_THROTTLE_MS));

  const fetchLevel = useCallback(
    (parentId: string) => {
      const mine = generation.current;
      load(record, parentId).then(
        (nodes) => {
          if (mine !== generation.current) return;
          setLevels((prev) => {
            const next = new Map(prev);
            storeLevel(next, parentId, nodes);
            return next;
          });
        },
        () => {
          if (mine !== generation.current) return;
          setLevels((prev) => new Map(prev).set(parentId, 'error'));
        },
      );
    },
    [record, load],
  );

  useEffect(() => {
    fetchLevel(ROOT);
    return () => runThrottled.cancel();
  }, [fetchLevel, runThrottled]);

  /** Loads a node's children the first time it is expanded (event handlers only). */
  const ensureLoaded = useCallback(
    (parentId: string) => {
      if (requested.current.has(parentId)) return;
      requested.current.add(parentId);
      setLevels((prev) => (prev.has(parentId) ? prev : new Map(prev).set(parentId, 'loading')));
      fetchLevel(parentId);
    },
    [fetchLevel],
  );

  /** Throttled: reloads the roots and every expanded node, keeping what is open and showing the old data meanwhile. */
  const reload = useCallback(() => {
    runThrottled(() => {
      generation.current += 1;
      const ids = [ROOT, ...expandedRef.current];
      requested.current = new Set(ids);
      for (const id of ids) fetchLevel(id);
    });
  }, [fetchLevel, runThrottled]);

  const setExpanded = useCallback((ids: string[]) => {
    expandedRef.current = ids;
  }, []);

  const root = levels.get(ROOT);
  const childrenOf = useCallback(
    (id: string) => {
      const level = levels.get(id);
      return Array.isArray(level) ? level : undefined;
    },
    [levels],
  );
  return {
    roots: Array.isArray(root) ? root : undefined,
    childrenOf,
    error: root === 'error',
    ensureLoaded,
    reload,
    setExpanded,
  };
}

/**
 * Whether a node can be expanded. A server that sends whole subtrees fills `children`; blade/ loads lazily and sends
 * `children: []` with `hasChildren`, so an empty list means "not sent", never "none" when hasChildren says otherwise.
 */
export function hasChildNodes(node: CatalogNode): boolean {
  if (node.children?.length) return true;
  if (node.hasChildren !== undefined && node.hasChildren !== null) return flag(node.hasChildren);
  if (node.children) return false;
  return !flag(node.isLeaf);
}

export type Catalog = ReturnType<typeof useCatalog>;
