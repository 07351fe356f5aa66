'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { useCrudList } from '@/components/crud/use-crud-list';
import { FILE_PATHS, type ArchiveRecord } from './api';
import {
  ARCHIVE_PAGE_SIZE,
  collectNotStamped,
  directFileCount,
  fileActions,
  flag,
  formatBytes,
  formatOf,
  nodeActions,
  remainingSlots,
  type ActionContext,
  type CatalogNode,
  type FileAction,
  type FileRow,
} from './model';

/** Shown in the row; the rarer actions sit in the row's 更多 menu so the table fits beside the tree. */
const INLINE_ACTIONS: FileAction[] = ['preview', 'download', 'markIssue', 'markCorrect', 'stamp'];
const MENU_ACTIONS: FileAction[] = ['cover', 'delete', 'history'];

function RowButtons({ actions, onRun }: { actions: FileAction[]; onRun: (action: FileAction) => void }) {
  const t = useTranslations('files');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const more = MENU_ACTIONS.filter((a) => actions.includes(a));
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', height: '100%' }}>
      {INLINE_ACTIONS.filter((a) => actions.includes(a)).map((action) => (
        <Button key={action} size="small" sx={{ minWidth: 0, px: 0.75 }} onClick={() => onRun(action)}>
          {t(`actions.${action}`)}
        </Button>
      ))}
      {more.length ? (
        <>
          <Button
            size="small"
            sx={{ minWidth: 0, px: 0.75 }}
            aria-haspopup="menu"
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            {t('more')}
          </Button>
          <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {more.map((action) => (
              <MenuItem
                key={action}
                sx={action === 'delete' ? { color: 'error.main' } : undefined}
                onClick={() => {
                  setAnchor(null);
                  onRun(action);
                }}
              >
                {t(`actions.${action}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Stack>
  );
}

export function FileStatus({ row }: { row: FileRow }) {
  const t = useTranslations('files.status');
  // A missing node's placeholder row (isFile 0) carries the node's rules, not a file's stamp state.
  const isFile = flag(row.isFile ?? 1);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {flag(row.isMissing) ? <Chip size="small" color="error" label={t('missing')} /> : null}
      {flag(row.hasProblem) ? <Chip size="small" color="error" label={t('problem')} /> : null}
      {isFile && flag(row.isStamped) ? <Chip size="small" color="success" label={t('stamped')} /> : null}
      {isFile && flag(row.needStamped) && !flag(row.isStamped) ? (
        <Chip size="small" color="warning" variant="outlined" label={t('notStamped')} />
      ) : null}
    </Stack>
  );
}

/**
 * The file table of one catalogue node: the node's buttons above (upload with 已达上限 at the limit; the
 * missing-file pair on the query view), the files below with the buttons each row's flags allow.
 */
export function FileTable({
  record,
  node,
  ctx,
  runFile,
  runNode,
}: {
  record: ArchiveRecord;
  node: CatalogNode;
  ctx: ActionContext;
  runFile: (action: FileAction, row: FileRow, node: CatalogNode) => void;
  runNode: (action: FileAction, node: CatalogNode, count: number) => void;
}) {
  const t = useTranslations('files');
  const params = useMemo(() => ({ ...record, fileCatalogId: node.id }), [record, node.id]);
  const list = useCrudList<FileRow>({ url: FILE_PATHS.nodeFiles, params, pageSize: ARCHIVE_PAGE_SIZE });
  const count = list.loading ? directFileCount(node) : list.total;
  const atLimit = remainingSlots(node, count) === 0;
  const notStamped = collectNotStamped(list.rows);

  const columns = useMemo<GridColDef<FileRow>[]>(
    () => [
      { field: 'originalFilename', headerName: t('columns.name'), flex: 2, minWidth: 160 },
      {
        field: 'suffix',
        headerName: t('columns.format'),
        width: 76,
        valueGetter: (_, row) => formatOf(row),
      },
      {
        field: 'size',
        headerName: t('columns.size'),
        width: 90,
        valueFormatter: (value: number | undefined) => formatBytes(value),
      },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <FileStatus row={row} />,
      },
      { field: 'problemRemark', headerName: t('columns.problemRemark'), flex: 1, minWidth: 100 },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        width: 330,
        sortable: false,
        renderCell: ({ row }) => (
          <RowButtons actions={fileActions(row, ctx)} onRun={(action) => runFile(action, row, node)} />
        ),
      },
    ],
    [ctx, node, runFile, t],
  );

  const actions = nodeActions(node, ctx);
  const toolbar = (
    <>
      <Typography variant="subtitle1" sx={{ mr: 1 }}>
        {node.catalogName}
      </Typography>
      {actions.includes('upload') ? (
        <Button
          variant="contained"
          size="small"
          disabled={atLimit}
          onClick={() => runNode('upload', node, count)}
        >
          {atLimit ? t('upload.limitReached') : t('actions.upload')}
        </Button>
      ) : null}
      {actions.includes('markMissing') ? (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          onClick={() => runNode('markMissing', node, count)}
        >
          {t('actions.markMissing')}
        </Button>
      ) : null}
      {actions.includes('unmarkMissing') ? (
        <Button size="small" variant="outlined" onClick={() => runNode('unmarkMissing', node, count)}>
          {t('actions.unmarkMissing')}
        </Button>
      ) : null}
      {flag(node.isMissing) ? <Chip size="small" color="error" label={t('status.missing')} /> : null}
      <Box sx={{ flex: 1 }} />
      {notStamped.length ? (
        <Chip
          size="small"
          color="warning"
          label={t('notStampedCount', { n: notStamped.length })}
          data-testid="not-stamped"
        />
      ) : null}
    </>
  );

  return (
    <CrudGrid<FileRow>
      list={list}
      columns={columns}
      selectable={false}
      toolbar={toolbar}
      label={t('fileList')}
      pageSizeOptions={[ARCHIVE_PAGE_SIZE]}
      height="calc(100vh - 300px)"
    />
  );
}
