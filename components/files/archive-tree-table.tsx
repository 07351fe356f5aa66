'use client';

import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { loadNodeFiles, type ArchiveRecord } from './api';
import { FileStatus } from './file-table';
import {
  ARCHIVE_PAGE_SIZE,
  directFileCount,
  fileActions,
  flag,
  formatOf,
  nodeActions,
  remainingSlots,
  type ActionContext,
  type CatalogNode,
  type FileAction,
  type FileRow,
} from './model';
import { hasChildNodes, useCatalog, type Catalog } from './use-catalog';
import { useFileActions } from './use-file-actions';

const GENERAL: FileAction[] = ['preview', 'download', 'cover', 'delete', 'history'];
const AUDIT: FileAction[] = ['markIssue', 'markCorrect', 'stamp'];

export type TreeRow =
  | { kind: 'node'; node: CatalogNode; depth: number; expanded: boolean; expandable: boolean }
  | { kind: 'file'; file: FileRow; node: CatalogNode; depth: number }
  | { kind: 'loading'; id: string; depth: number }
  | { kind: 'more'; node: CatalogNode; depth: number; shown: number; total: number };

export interface NodeFiles {
  records: FileRow[];
  total: number;
}

/**
 * The rows the table shows: depth-first over the expanded nodes only, a node's sub-catalogues before its files.
 * Collapsed subtrees cost nothing, which is what lets a 5,000-node record open at once.
 */
export function visibleRows(
  roots: CatalogNode[] | undefined,
  childrenOf: (id: string) => CatalogNode[] | undefined,
  expanded: ReadonlySet<string>,
  filesOf: (id: string) => NodeFiles | undefined,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: CatalogNode[], depth: number) => {
    for (const node of nodes) {
      const isOpen = expanded.has(node.id);
      const expandable = hasChildNodes(node) || Number(node.fileCount ?? 1) > 0;
      rows.push({ kind: 'node', node, depth, expanded: isOpen, expandable });
      if (!isOpen) continue;
      const kids = childrenOf(node.id);
      const files = filesOf(node.id);
      if (hasChildNodes(node) && !kids)
        rows.push({ kind: 'loading', id: `${node.id}:nodes`, depth: depth + 1 });
      if (kids) walk(kids, depth + 1);
      if (!files) rows.push({ kind: 'loading', id: `${node.id}:files`, depth: depth + 1 });
      else {
        for (const file of files.records) rows.push({ kind: 'file', file, node, depth: depth + 1 });
        if (files.records.length < files.total)
          rows.push({
            kind: 'more',
            node,
            depth: depth + 1,
            shown: files.records.length,
            total: files.total,
          });
      }
    }
  };
  walk(roots ?? [], 0);
  return rows;
}

function ActionButtons({ actions, onRun }: { actions: FileAction[]; onRun: (action: FileAction) => void }) {
  const t = useTranslations('files.actions');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          color={action === 'delete' ? 'error' : 'primary'}
          onClick={() => onRun(action)}
          sx={{ minWidth: 0, px: 0.75 }}
        >
          {t(action)}
        </Button>
      ))}
    </Box>
  );
}

/**
 * The archive tree table (spec 000 §2): catalogue, file list, format, general actions, audit actions, problem
 * remark; 100 rows a page. Nodes and files load when a node is first expanded.
 */
export function ArchiveTreeTable({ record, queryView }: { record: ArchiveRecord; queryView: boolean }) {
  const t = useTranslations('files');
  const catalog: Catalog = useCatalog(record);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [files, setFiles] = useState<Map<string, NodeFiles>>(new Map());
  const [page, setPage] = useState(0);
  const ctx = useMemo<ActionContext>(() => ({ queryView }), [queryView]);

  const fetchFiles = useCallback(
    async (nodeId: string, current = 1) => {
      try {
        const next = await loadNodeFiles(record, nodeId, current, ARCHIVE_PAGE_SIZE);
        setFiles((prev) => {
          const map = new Map(prev);
          const before = current > 1 ? (prev.get(nodeId)?.records ?? []) : [];
          map.set(nodeId, { records: [...before, ...next.records], total: next.total });
          return map;
        });
      } catch {
        setFiles((prev) => new Map(prev).set(nodeId, { records: [], total: 0 }));
      }
    },
    [record],
  );

  const onChanged = useCallback(async () => {
    catalog.reload();
    await Promise.all([...expanded].map((id) => fetchFiles(id)));
  }, [catalog, expanded, fetchFiles]);
  const { runFile, runNode, dialogs } = useFileActions(record, onChanged);

  const toggle = (node: CatalogNode) => {
    const next = new Set(expanded);
    if (next.has(node.id)) next.delete(node.id);
    else {
      next.add(node.id);
      catalog.ensureLoaded(node.id);
      if (!files.has(node.id)) void fetchFiles(node.id);
    }
    catalog.setExpanded([...next]);
    setExpanded(next);
  };

  const rows = useMemo(
    () => visibleRows(catalog.roots, catalog.childrenOf, expanded, (id) => files.get(id)),
    [catalog, expanded, files],
  );
  const pageRows = rows.slice(page * ARCHIVE_PAGE_SIZE, (page + 1) * ARCHIVE_PAGE_SIZE);

  if (!catalog.roots) {
    return catalog.error ? (
      <Typography color="error">{t('loadFailed')}</Typography>
    ) : (
      <Skeleton variant="rectangular" height={240} />
    );
  }

  const indent = (depth: number) => ({ pl: 1 + depth * 2.5 });
  return (
    <Box>
      <TableContainer sx={{ maxHeight: 'calc(100vh - 300px)' }}>
        <Table size="small" stickyHeader aria-label={t('treeTable')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 240 }}>{t('columns.catalog')}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{t('columns.fileList')}</TableCell>
              <TableCell>{t('columns.format')}</TableCell>
              <TableCell>{t('columns.general')}</TableCell>
              <TableCell>{t('columns.audit')}</TableCell>
              <TableCell>{t('columns.problemRemark')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => {
              if (row.kind === 'loading') {
                return (
                  <TableRow key={row.id}>
                    <TableCell colSpan={6} sx={indent(row.depth)}>
                      <Skeleton width={160} />
                    </TableCell>
                  </TableRow>
                );
              }
              if (row.kind === 'more') {
                return (
                  <TableRow key={`${row.node.id}:more`}>
                    <TableCell colSpan={6} sx={indent(row.depth)}>
                      <Button
                        size="small"
                        onClick={() => void fetchFiles(row.node.id, row.shown / ARCHIVE_PAGE_SIZE + 1)}
                      >
                        {t('loadMore', { shown: row.shown, total: row.total })}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              }
              if (row.kind === 'node') {
                const { node } = row;
                const count = files.get(node.id)?.total ?? directFileCount(node);
                const actions = nodeActions(node, ctx);
                const atLimit = remainingSlots(node, count) === 0;
                return (
                  <TableRow key={`n:${node.id}`} hover data-testid="tree-node-row">
                    <TableCell sx={indent(row.depth)}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                        <IconButton
                          size="small"
                          onClick={() => toggle(node)}
                          disabled={!row.expandable}
                          aria-expanded={row.expanded}
                          aria-label={t(row.expanded ? 'collapse' : 'expand', { name: node.catalogName })}
                        >
                          {row.expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                        </IconButton>
                        <FolderOutlined fontSize="small" color="action" />
                        <Typography variant="body2">{node.catalogName}</Typography>
                        {flag(node.mustUpload) ? (
                          <Chip size="small" color="warning" variant="outlined" label={t('must')} />
                        ) : null}
                        {flag(node.isMissing) ? (
                          <Chip size="small" color="error" label={t('status.missing')} />
                        ) : null}
                      </Box>
                    </TableCell>
                    <TableCell>{t('fileCountText', { n: Number(node.fileCount ?? count) })}</TableCell>
                    <TableCell />
                    <TableCell>
                      {actions.includes('upload') ? (
                        <Button
                          size="small"
                          disabled={atLimit}
                          onClick={() => void runNode('upload', node, count)}
                        >
                          {atLimit ? t('upload.limitReached') : t('actions.upload')}
                        </Button>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <ActionButtons
                        actions={actions.filter((a) => a !== 'upload')}
                        onRun={(a) => void runNode(a, node, count)}
                      />
                    </TableCell>
                    <TableCell />
                  </TableRow>
                );
              }
              const { file } = row;
              const allowed = fileActions(file, ctx);
              return (
                <TableRow key={`f:${file.id}`} hover data-testid="tree-file-row">
                  <TableCell />
                  <TableCell sx={indent(row.depth - 1)}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <InsertDriveFileOutlined fontSize="small" color="action" />
                      <Typography variant="body2">{file.originalFilename}</Typography>
                      <FileStatus row={file} />
                    </Box>
                  </TableCell>
                  <TableCell>{formatOf(file)}</TableCell>
                  <TableCell>
                    <ActionButtons
                      actions={GENERAL.filter((a) => allowed.includes(a))}
                      onRun={(a) => void runFile(a, file, row.node)}
                    />
                  </TableCell>
                  <TableCell>
                    <ActionButtons
                      actions={AUDIT.filter((a) => allowed.includes(a))}
                      onRun={(a) => void runFile(a, file, row.node)}
                    />
                  </TableCell>
                  <TableCell>{file.problemRemark ?? ''}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={Math.min(page, Math.max(0, Math.ceil(rows.length / ARCHIVE_PAGE_SIZE) - 1))}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={ARCHIVE_PAGE_SIZE}
        rowsPerPageOptions={[ARCHIVE_PAGE_SIZE]}
        labelDisplayedRows={({ from, to, count }) => t('rowsRange', { from, to, count })}
      />
      {dialogs}
    </Box>
  );
}
