'use client';

import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { PortalDialog } from '@/components/shell/portal-dialog';
import {
  addCatalogNode,
  removeCatalogNode,
  renameCatalogNode,
  setCatalogRemark,
  type ArchiveRecord,
} from './api';
import { catalogActions, type CatalogAction, type CatalogNode } from './model';

/** blade/'s limits for a node's name and remark. */
const NAME_MAX = 200;
const REMARK_MAX = 500;

type TextAction = Exclude<CatalogAction, 'removeNode'>;

/** What happened, so the page can reload the tree and drop a removed node from the selection. */
export type CatalogChange = { action: CatalogAction; node: CatalogNode };

/**
 * The catalogue editing buttons for the selected node of a record's tree (add a child where canAddAppNode, a remark,
 * rename and removal of the record's own nodes), each through a small dialog or the delete confirmation.
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

  if (!node) return null;
  const actions = catalogActions(node);

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
      <NodeTextDialog
        key={editing ? `${editing.action}:${editing.node.id}` : 'closed'}
        editing={editing}
        onClose={() => setEditing(null)}
        onSubmit={submit}
      />
    </>
  );
}

function NodeTextDialog({
  editing,
  onClose,
  onSubmit,
}: {
  editing: { action: TextAction; node: CatalogNode } | null;
  onClose: () => void;
  onSubmit: (value: string) => Promise<void>;
}) {
  const t = useTranslations('files.catalogEdit');
  const tc = useTranslations('common');
  const isRemark = editing?.action === 'remark';
  const initial =
    editing?.action === 'rename'
      ? editing.node.catalogName
      : editing?.action === 'remark'
        ? (editing.node.remark ?? '')
        : '';
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const max = isRemark ? REMARK_MAX : NAME_MAX;
  // A remark may be cleared; a name may not.
  const error = !isRemark && touched && !value.trim() ? t('nameRequired') : undefined;

  const submit = async () => {
    setTouched(true);
    if (!isRemark && !value.trim()) return;
    setBusy(true);
    try {
      await onSubmit(value.trim());
    } catch {
      // The fetcher has shown the server's message; the dialog stays open with the text.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalDialog
      open={!!editing}
      onClose={onClose}
      width={520}
      title={editing ? t(`${editing.action}Title`, { name: editing.node.catalogName }) : ''}
      actions={
        <DialogActions>
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {tc('confirm')}
          </Button>
        </DialogActions>
      }
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        multiline={isRemark}
        minRows={isRemark ? 3 : undefined}
        label={isRemark ? t('remarkLabel') : t('nameLabel')}
        value={value}
        onChange={(event) => setValue(event.target.value.slice(0, max))}
        onBlur={() => setTouched(true)}
        onKeyDown={(event) => {
          if (!isRemark && event.key === 'Enter') void submit();
        }}
        error={!!error}
        helperText={error ?? `${value.length}/${max}`}
      />
    </PortalDialog>
  );
}
