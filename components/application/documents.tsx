'use client';

import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { FILE_PATHS } from '@/components/files/api';
import { FileTreePage } from '@/components/files/file-tree-page';
import { flag, type CatalogNode } from '@/components/files/model';
import type { Scheme } from '@/lib/contracts/application/machine';
import { bladeRequest } from '@/lib/client/fetcher';
import { archiveRecord } from './api';

type Level = CatalogNode[] | { records: CatalogNode[] };
const nodesOf = (level: Level) => (Array.isArray(level) ? level : level.records);

/** How deep the checklist looks: roots, their nodes, and the nodes customers may add below those. */
const CHECKLIST_DEPTH = 3;

/**
 * Every node of the application's archive tree down to CHECKLIST_DEPTH, one level call per node that has children
 * (selectFileList answers one level; required documents sit below the root).
 */
async function archiveNodes(record: ReturnType<typeof archiveRecord>): Promise<CatalogNode[]> {
  const all: CatalogNode[] = [];
  let parents: string[] = ['0'];
  for (let depth = 0; depth < CHECKLIST_DEPTH && parents.length; depth++) {
    const levels = await Promise.all(
      parents.map(async (parentId) =>
        nodesOf(
          (
            await bladeRequest<Level>(FILE_PATHS.tree, {
              params: { ...record, parentId, current: 1, size: 500 },
            })
          ).data,
        ),
      ),
    );
    const found = levels.flat();
    all.push(...found);
    parents = found.filter((n) => n.hasChildren === undefined || flag(n.hasChildren)).map((n) => n.id);
  }
  return all;
}

/**
 * The documents an application must have (the must-upload nodes of its archive tree), each ticked once it holds a
 * file. The same nodes are what submit names when they are empty.
 */
export function RequiredDocuments({ scheme, id }: { scheme: Scheme; id: string }) {
  const t = useTranslations('application.screen.documents');
  const record = archiveRecord(scheme, id);
  const { data, mutate } = useSWR(['application-documents', scheme, id], () => archiveNodes(record));
  const required = (data ?? []).filter((n) => flag(n.mustUpload));
  if (!data) return null;
  if (!required.length) return <Typography color="text.secondary">{t('noneRequired')}</Typography>;
  return (
    <>
      {/* The tree beside it reloads itself after an upload; the checklist is asked again on demand. */}
      <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => void mutate()}>
        {t('recheck')}
      </Button>
      <List dense aria-label={t('required')} disablePadding>
        {required.map((n) => {
          const done = Number(n.fileCount ?? 0) > 0;
          return (
            <ListItem key={n.id} data-done={done ? '1' : '0'}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {done ? (
                  <CheckCircleOutline color="success" fontSize="small" />
                ) : (
                  <ErrorOutline color="warning" fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={n.catalogName || n.label}
                secondary={done ? t('uploaded') : t('missing')}
              />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}

/** The application's archive: the checklist of required documents, then the tree where files are uploaded. */
export function ApplicationDocuments({ scheme, id }: { scheme: Scheme; id: string | null }) {
  const t = useTranslations('application.screen.documents');
  if (!id) return <Alert severity="info">{t('saveFirst')}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2">{t('required')}</Typography>
      <RequiredDocuments scheme={scheme} id={id} />
      {/* The server's flags decide what the caller may do in each node (upload while it is theirs to edit). */}
      <FileTreePage key={`${scheme}/${id}`} record={archiveRecord(scheme, id)} queryView={false} />
    </Box>
  );
}
