'use client';

import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  NAME_MAX,
  NOTES_CODES,
  ROOT_ID,
  type NoteContentVO,
  type NoteNodeVO,
  type NoteTreeVO,
} from '@/lib/contracts/notes/notes';
import { usePermissions } from '@/lib/permissions/use-permissions';
import * as calls from './api';
import { NoteTree, type DropTarget } from './note-tree';
import { RichEditor } from './rich-editor';
import { ShareDialog } from './share-dialog';
import { catalogues, findNode, isWithin, orderWith, shifted, siblingsOf } from './tree-model';

/** A call that failed has been told by the fetcher's toast; the screen only stays as it was. */
const quietly = async (work: () => Promise<unknown>) => {
  try {
    await work();
    return true;
  } catch {
    return false;
  }
};

function NameDialog({
  title,
  initial,
  onClose,
  onSubmit,
}: {
  title: string;
  initial: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<boolean>;
}) {
  const t = useTranslations('notes');
  const [name, setName] = useState(initial);
  const valid = name.trim().length > 0 && name.trim().length <= NAME_MAX;
  const submit = async () => {
    if (valid && (await onSubmit(name.trim()))) onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
          label={t('name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          helperText=" "
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!valid}>
          {t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Dialogs =
  | { kind: 'newCatalog' | 'newNote' }
  | { kind: 'rename' | 'move' | 'share' | 'remove'; node: { id: string; name: string } };

/** 笔记: my tree and the notes shared with me on the left, the open note on the right. */
export function NotesScreen() {
  const t = useTranslations('notes');
  const { can } = usePermissions();
  const [data, setData] = useState<NoteTreeVO | null>(null);
  const [selected, setSelected] = useState<NoteNodeVO | undefined>();
  const [open, setOpen] = useState<NoteContentVO | null>(null);
  const [dirty, setDirty] = useState(false);
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [moveTarget, setMoveTarget] = useState(ROOT_ID);
  const draft = useRef<(() => string) | null>(null);

  const reload = useCallback(async () => {
    await quietly(async () => setData(await calls.loadTree()));
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const tree = data?.tree ?? [];
  const openNote = async (id: string) => {
    await quietly(async () => {
      setOpen(await calls.loadContent(id));
      setDirty(false);
    });
  };
  const onOpen = (node: NoteNodeVO) => {
    setSelected(node);
    if (node.nodeType === 'note') void openNote(node.id);
  };
  /** Where a new node goes: the selected catalogue, else the selected note's catalogue, else the top. */
  const newParent = () =>
    !selected ? ROOT_ID : selected.nodeType === 'catalog' ? selected.id : selected.parentId;

  const drop = async (dragged: string, target: DropTarget) => {
    const node = findNode(tree, dragged);
    if (!node) return;
    if (target.kind === 'into') {
      if (target.parentId !== ROOT_ID && isWithin(tree, dragged, target.parentId)) return;
      if (target.parentId !== node.parentId) await quietly(() => calls.moveNode(dragged, target.parentId));
    } else {
      const before = findNode(tree, target.id);
      if (!before) return;
      const parentId = before.parentId;
      if (parentId !== ROOT_ID && isWithin(tree, dragged, parentId)) return;
      const ok = parentId === node.parentId || (await quietly(() => calls.moveNode(dragged, parentId)));
      if (ok)
        await quietly(() =>
          calls.resort(parentId, orderWith(siblingsOf(tree, parentId), dragged, target.id)),
        );
    }
    await reload();
  };
  const shift = async (node: NoteNodeVO, step: -1 | 1) => {
    const order = shifted(siblingsOf(tree, node.parentId), node.id, step);
    if (order && (await quietly(() => calls.resort(node.parentId, order)))) await reload();
  };
  const save = async () => {
    if (!open || !draft.current) return;
    const html = draft.current();
    await quietly(async () => {
      // What the server kept is what the note now is: the editor starts again from it.
      setOpen(await calls.saveContent(open.id, html));
      setDirty(false);
    });
  };

  const readOnly = !open || open.authority === 'read' || !can(NOTES_CODES.edit);
  const moving = dialog?.kind === 'move' ? dialog.node.id : undefined;

  return (
    <Box sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Paper variant="outlined" sx={{ width: 320, p: 1, flexShrink: 0 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          {can(NOTES_CODES.add) && (
            <>
              <Button size="small" variant="outlined" onClick={() => setDialog({ kind: 'newCatalog' })}>
                {t('newCatalog')}
              </Button>
              <Button size="small" variant="contained" onClick={() => setDialog({ kind: 'newNote' })}>
                {t('newNote')}
              </Button>
            </>
          )}
        </Stack>
        <Typography variant="subtitle2" sx={{ px: 1 }}>
          {t('myNotes')}
        </Typography>
        {can(NOTES_CODES.edit) && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 1, display: 'block' }}>
            {t('dragHint')}
          </Typography>
        )}
        <NoteTree
          nodes={tree}
          selected={selected?.id}
          actions={{
            canEdit: can(NOTES_CODES.edit),
            canRemove: can(NOTES_CODES.remove),
            canShare: can(NOTES_CODES.share),
            onOpen,
            onDrop: (d, target) => void drop(d, target),
            onShift: (n, step) => void shift(n, step),
            onMoveTo: (n) => {
              setMoveTarget(n.parentId);
              setDialog({ kind: 'move', node: n });
            },
            onRename: (n) => setDialog({ kind: 'rename', node: n }),
            onShare: (n) => setDialog({ kind: 'share', node: n }),
            onRemove: (n) => setDialog({ kind: 'remove', node: n }),
          }}
        />
        <Divider sx={{ my: 1 }} />
        <Typography variant="subtitle2" sx={{ px: 1 }}>
          {t('sharedWithMe')}
        </Typography>
        <Box role="tree" aria-label={t('sharedWithMe')} data-testid="shared-with-me">
          {data?.shared.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
              {t('noShared')}
            </Typography>
          )}
          {data?.shared.map((s) => (
            <Box
              key={s.id}
              component="button"
              type="button"
              onClick={() => {
                setSelected(undefined);
                void openNote(s.id);
              }}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                border: 0,
                borderRadius: 1,
                bgcolor: open?.id === s.id ? 'action.selected' : 'transparent',
                px: 1,
                py: 0.75,
                font: 'inherit',
                cursor: 'pointer',
              }}
            >
              <DescriptionOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
              {s.name}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('sharedBy', { owner: s.ownerName, authority: t(`authority.${s.authority}`) })}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ flex: 1, minWidth: 360, p: 2 }}>
        {!open ? (
          <Typography color="text.secondary">{t('pick')}</Typography>
        ) : (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
              <Typography variant="h6" sx={{ flex: 1 }} data-testid="note-title">
                {open.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('owner', { name: open.ownerName })} · {open.updateTime}
              </Typography>
              {!readOnly && (
                <Button variant="contained" onClick={save} disabled={!dirty}>
                  {t('save')}
                </Button>
              )}
            </Stack>
            {open.authority === 'read' && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {t('readOnlyHint')}
              </Alert>
            )}
            {dirty && (
              <Typography variant="caption" color="warning.main">
                {t('unsaved')}
              </Typography>
            )}
            <RichEditor
              key={`${open.id}:${open.updateTime}:${readOnly}`}
              html={open.content}
              readOnly={readOnly}
              onDirty={setDirty}
              draftRef={draft}
            />
          </>
        )}
      </Paper>

      {(dialog?.kind === 'newCatalog' || dialog?.kind === 'newNote') && (
        <NameDialog
          title={t(dialog.kind)}
          initial=""
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            let made: NoteNodeVO | undefined;
            const ok = await quietly(async () => {
              made =
                dialog.kind === 'newNote'
                  ? await calls.saveNote(newParent(), name)
                  : await calls.saveCatalog(newParent(), name);
            });
            if (ok) {
              await reload();
              if (made) onOpen(made);
            }
            return ok;
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('rename')}
          initial={dialog.node.name}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const ok = await quietly(() => calls.rename(dialog.node.id, name));
            if (ok) {
              await reload();
              if (open?.id === dialog.node.id) setOpen({ ...open, name });
            }
            return ok;
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <Dialog open onClose={() => setDialog(null)} maxWidth="xs" fullWidth>
          <DialogTitle>{t('moveTitle', { name: dialog.node.name })}</DialogTitle>
          <DialogContent>
            <TextField
              select
              fullWidth
              sx={{ mt: 1 }}
              label={t('move')}
              value={moveTarget}
              onChange={(e) => setMoveTarget(e.target.value)}
            >
              <MenuItem value={ROOT_ID}>{t('root')}</MenuItem>
              {catalogues(tree)
                .filter(({ node }) => !moving || !isWithin(tree, moving, node.id))
                .map(({ node, depth }) => (
                  <MenuItem key={node.id} value={node.id} sx={{ pl: 2 + depth * 2 }}>
                    {node.name}
                  </MenuItem>
                ))}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{t('cancel')}</Button>
            <Button
              variant="contained"
              onClick={async () => {
                if (await quietly(() => calls.moveNode(dialog.node.id, moveTarget))) {
                  setDialog(null);
                  await reload();
                }
              }}
            >
              {t('confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {dialog?.kind === 'remove' && (
        <Dialog open onClose={() => setDialog(null)} maxWidth="xs" fullWidth>
          <DialogContent>{t('deleteConfirm', { name: dialog.node.name })}</DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{t('cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              onClick={async () => {
                if (await quietly(() => calls.removeNode(dialog.node.id))) {
                  setDialog(null);
                  if (open && findNode([findNode(tree, dialog.node.id)!], open.id)) setOpen(null);
                  setSelected(undefined);
                  await reload();
                }
              }}
            >
              {t('delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {dialog?.kind === 'share' && (
        <ShareDialog
          noteId={dialog.node.id}
          name={dialog.node.name}
          onClose={() => {
            setDialog(null);
            void reload();
          }}
        />
      )}
    </Box>
  );
}
