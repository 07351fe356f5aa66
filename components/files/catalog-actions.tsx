'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import {
  addCatalogNode,
  removeCatalogNode,
  renameCatalogNode,
  setCatalogRemark,
  type ArchiveRecord,
} from './api';
import { catalogActions, type CatalogAction, type CatalogNode } from './model';
import { TextDialog } from './text-dialog';

/** blade/'s limits for a node's name and remark. */
const NAME_MAX = 200;
const REMARK_MAX = 500;

type TextAction = Exclude<CatalogAction, 'removeNode'>;

/** What happened, so the page can reload the tree and drop a removed node from the selection. */
export type CatalogChange = { action: CatalogAction; node: CatalogNode };

/**
 * The catalogue editing buttons for the selected node of a record's tree (add a child where canAddAppNode; where the
 * caller may edit, a remark, rename and removal of the record's own nodes), each through a small dialog or the delete
 * confirmation.
 */
export function CatalogActions({
  record,
  node,
  onChanged,
}: {
  record: ArchiveRecord;
  node: CatalogNode | null;
  onChanged: (change: CatalogChange) => void | Promise<unknown>;
}) {
  const t = useTranslations('files.catalogEdit');
  const tc = useTranslations('crud');
  const confirm = useConfirm();
  const notify = useNotify();
  const [editing, setEditing] = useState<{ action: TextAction; node: CatalogNode } | null>(null);
  const isRemark = editing?.action === 'remark';

  const actions = node ? catalogActions(node) : [];
  // A reader (canEdit 0, canAddAppNode 0) gets no toolbar at all rather than an empty one.
  if (!node || actions.length === 0) return null;

  const run = async (action: CatalogAction) => {
    if (action !== 'removeNode') {
      setEditing({ action, node });
      return;
    }
    if (!(await confirm(tc('deleteConfirm')))) return;
    try {
      await removeCatalogNode(record, node.id);
      notify(tc('deleted'), 'success');
      await onChanged({ action, node });
    } catch {
      /* the fetcher has shown the server's message (e.g. 该目录下存在文件，不能删除) */
    }
  };

  const submit = async (value: string) => {
    if (!editing) return;
    const { action, node: target } = editing;
    if (action === 'addNode') await addCatalogNode(record, target.id, value);
    else if (action === 'rename') await renameCatalogNode(record, target.id, value);
    else await setCatalogRemark(record, target.id, value);
    notify(action === 'addNode' ? tc('added') : tc('updated'), 'success');
    setEditing(null);
    await onChanged({ action, node: target });
  };

  return (
    <>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('toolbar', { name: node.catalogName })}
        sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}
      >
        {actions.map((action) => (
          <Button
            key={action}
            size="small"
            variant="outlined"
            color={action === 'removeNode' ? 'error' : 'primary'}
            onClick={() => void run(action)}
          >
            {t(action)}
          </Button>
        ))}
      </Stack>
      <TextDialog
        key={editing ? `${editing.action}:${editing.node.id}` : 'closed'}
        open={!!editing}
        width={520}
        title={editing ? t(`${editing.action}Title`, { name: editing.node.catalogName }) : ''}
        label={isRemark ? t('remarkLabel') : t('nameLabel')}
        initial={
          editing?.action === 'rename'
            ? editing.node.catalogName
            : editing?.action === 'remark'
              ? (editing.node.remark ?? '')
              : ''
        }
        max={isRemark ? REMARK_MAX : NAME_MAX}
        multiline={isRemark}
        // A remark may be cleared; a name may not.
        requiredMessage={isRemark ? undefined : t('nameRequired')}
        onClose={() => setEditing(null)}
        onSubmit={submit}
      />
    </>
  );
}
