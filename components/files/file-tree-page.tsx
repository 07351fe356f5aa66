'use client';

import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { FILE_PATHS, type ArchiveRecord } from './api';
import { CatalogActions, type CatalogChange } from './catalog-actions';
import { CatalogTree } from './catalog-tree';
import { FileTable } from './file-table';
import type { ActionContext, CatalogNode } from './model';
import { useCatalog } from './use-catalog';
import { useFileActions } from './use-file-actions';

/** Revalidates every loaded file list (any node, any page) after a change. */
export function useReloadFileLists() {
  const { mutate } = useSWRConfig();
  return useCallback(
    () =>
      mutate((key) => Array.isArray(key) && key[0] === FILE_PATHS.nodeFiles, undefined, { revalidate: true }),
    [mutate],
  );
}

/**
 * The file tree page of one business record (spec 000 §2): the catalogue tree on the left (a click loads the node's
 * files), the file table on the right. `queryView` is true only on /documents/query, where missing files are marked.
 */
export function FileTreePage({ record, queryView }: { record: ArchiveRecord; queryView: boolean }) {
  const t = useTranslations('files');
  const catalog = useCatalog(record);
  const [node, setNode] = useState<CatalogNode | null>(null);
  const reloadLists = useReloadFileLists();
  const ctx = useMemo<ActionContext>(() => ({ queryView }), [queryView]);

  const onChanged = useCallback(async () => {
    // Counts and missing flags live on the tree: reload it (throttled) together with the lists.
    catalog.reload();
    await reloadLists();
  }, [catalog, reloadLists]);
  const { runFile, runNode, dialogs } = useFileActions(record, onChanged);

  const onCatalogChanged = useCallback(
    ({ action }: CatalogChange) => {
      if (action === 'removeNode') setNode(null);
      catalog.reload();
    },
    [catalog],
  );

  // The selected node object is replaced on a tree reload; keep showing the fresh copy (new counts, missing flag).
  const fresh = useMemo(() => {
    if (!node) return null;
    const parent = catalog.childrenOf(node.parentId ?? '0') ?? catalog.roots;
    return parent?.find((n) => n.id === node.id) ?? node;
  }, [catalog, node]);

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch', minHeight: 'calc(100vh - 220px)' }}>
      <Paper variant="outlined" sx={{ width: 260, flexShrink: 0, p: 1, overflow: 'auto' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('catalog')}
          </Typography>
          <Tooltip title={t('reload')}>
            <IconButton size="small" onClick={() => catalog.reload()} aria-label={t('reload')}>
              <Refresh fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <CatalogActions record={record} node={fresh} onChanged={onCatalogChanged} />
        <CatalogTree catalog={catalog} selectedId={node?.id ?? null} onSelect={setNode} />
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 1 }}>
        {fresh ? (
          <FileTable
            key={fresh.id}
            record={record}
            node={fresh}
            ctx={ctx}
            runFile={(action, row, n) => void runFile(action, row, n)}
            runNode={(action, n, count) => void runNode(action, n, count)}
          />
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('pickNode')}
          </Typography>
        )}
      </Paper>
      {dialogs}
    </Box>
  );
}
