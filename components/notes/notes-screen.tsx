'use client';

import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
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
  type SharedNoteVO,
} from '@/lib/contracts/notes/notes';
import { BladeError } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';
import * as calls from './api';
import { NoteTree, type DropTarget } from './note-tree';
import { RichEditor } from './rich-editor';
import { ShareDialog } from './share-dialog';
import { catalogues, findNode, isWithin, orderWith, shifted, siblingsOf } from './tree-model';
import { VersionsDialog } from './versions-dialog';

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
  | { kind: 'newCatalog' | 'newNote'; parentId?: string }
  | { kind: 'rename' | 'move' | 'share' | 'remove'; node: { id: string; name: string } }
  | { kind: 'versions' };

/**
 * The 与我共享 branch: shared notes open on a click; a shared catalogue shows what is beneath it, and with edit
 * authority (and the add button) offers a new note inside it.
 */
function SharedRows({
  nodes,
  depth,
  openId,
  canAdd,
  onOpen,
  onNewNote,
}: {
  nodes: SharedNoteVO[];
  depth: number;
  openId: string | undefined;
  canAdd: boolean;
  onOpen: (id: string) => void;
  onNewNote: (parentId: string) => void;
}) {
  const t = useTranslations('notes');
  return nodes.map((s) => (
    <Box
      key={s.id}
      role="treeitem"
      aria-label={s.name}
      aria-expanded={s.nodeType === 'catalog' ? true : undefined}
    >
      {s.nodeType === 'note' ? (
        <Box
          component="button"
          type="button"
          onClick={() => onOpen(s.id)}
          sx={{
            display: 'block',
            width: '100%',
            textAlign: 'left',
            border: 0,
            borderRadius: 1,
            bgcolor: openId === s.id ? 'action.selected' : 'transparent',
            pl: 1 + depth * 2,
            pr: 1,
            py: 0.75,
            font: 'inherit',
            cursor: 'pointer',
          }}
        >
          <DescriptionOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
          {s.name}
          {depth === 0 && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('sharedBy', { owner: s.ownerName, authority: t(`authority.${s.authority}`) })}
            </Typography>
          )}
        </Box>
      ) : (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', pl: 1 + depth * 2, pr: 0.5, py: 0.5 }}>
            <Box sx={{ flex: 1 }}>
              <FolderOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
              {s.name}
              {depth === 0 && (
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {t('sharedCatalogHint', { owner: s.ownerName, authority: t(`authority.${s.authority}`) })}
                </Typography>
              )}
            </Box>
            {canAdd && s.authority === 'edit' && (
              <IconButton
                size="small"
                aria-label={`${t('newNote')} ${s.name}`}
                onClick={() => onNewNote(s.id)}
              >
                <NoteAddOutlined fontSize="small" />
              </IconButton>
            )}
          </Stack>
          <Box role="group">
            <SharedRows
              nodes={s.children}
              depth={depth + 1}
              openId={openId}
              canAdd={canAdd}
              onOpen={onOpen}
              onNewNote={onNewNote}
            />
          </Box>
        </>
      )}
    </Box>
  ));
}

/** 笔记: my tree and the notes shared with me on the left, the open note on the right. */
export function NotesScreen() {
  const t = useTranslations('notes');
  const { can } = usePermissions();
  const [data, setData] = useState<NoteTreeVO | null>(null);
  const [selected, setSelected] = useState<NoteNodeVO | undefined>();
  const [open, setOpen] = useState<NoteContentVO | null>(null);
  const [dirty, setDirty] = useState(false);
  /** The server refused a save or restore: someone saved a newer version meanwhile. */
  const [stale, setStale] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
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
      setStale(false);
      setNotice(null);
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
    try {
      // What the server kept is what the note now is: the editor starts again from it.
      setOpen(await calls.saveContent(open.id, html, open.version));
      setDirty(false);
      setNotice(null);
    } catch (e) {
      // The fetcher's toast has shown the refusal; a stale version stays on screen with the offer to reload.
      if (e instanceof BladeError && e.code === calls.STALE_VERSION) setStale(true);
    }
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
        <Box role="group" aria-label={t('sharedWithMe')} data-testid="shared-with-me">
          {data?.shared.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
              {t('noShared')}
            </Typography>
          )}
          <SharedRows
            nodes={data?.shared ?? []}
            depth={0}
            openId={open?.id}
            canAdd={can(NOTES_CODES.add)}
            onOpen={(id) => {
              setSelected(undefined);
              void openNote(id);
            }}
            onNewNote={(parentId) => setDialog({ kind: 'newNote', parentId })}
          />
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
              <Button variant="outlined" onClick={() => setDialog({ kind: 'versions' })}>
                {t('history')}
              </Button>
              {!readOnly && (
                <Button variant="contained" onClick={save} disabled={!dirty || stale}>
                  {t('save')}
                </Button>
              )}
            </Stack>
            {stale && (
              <Alert
                severity="warning"
                sx={{ mb: 1 }}
                data-testid="note-stale"
                action={
                  <Button color="inherit" size="small" onClick={() => void openNote(open.id)}>
                    {t('reload')}
                  </Button>
                }
              >
                {t('staleHint')}
              </Alert>
            )}
            {notice && (
              <Alert severity="success" sx={{ mb: 1 }} onClose={() => setNotice(null)}>
                {notice}
              </Alert>
            )}
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
              key={`${open.id}:${open.version}:${readOnly}`}
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
              const parentId = dialog.parentId ?? newParent();
              made =
                dialog.kind === 'newNote'
                  ? await calls.saveNote(parentId, name)
                  : await calls.saveCatalog(parentId, name);
            });
            if (ok) {
              await reload();
              // A note made in a shared catalogue is the catalogue owner's: it opens, but is not in my tree.
              if (made && dialog.parentId) {
                setSelected(undefined);
                void openNote(made.id);
              } else if (made) onOpen(made);
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
      {dialog?.kind === 'versions' && open && (
        <VersionsDialog
          note={open}
          canRestore={!readOnly}
          onClose={() => setDialog(null)}
          onStale={() => {
            setDialog(null);
            setStale(true);
          }}
          onRestored={(restored, from) => {
            setDialog(null);
            setOpen(restored);
            setDirty(false);
            setStale(false);
            setNotice(t('restored', { version: from }));
          }}
        />
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
