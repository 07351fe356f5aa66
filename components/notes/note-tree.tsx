'use client';

import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState, type DragEvent } from 'react';
import { ROOT_ID, type NoteNodeVO } from '@/lib/contracts/notes/notes';

/**
 * The caller's tree. Drag a node onto a catalogue's lower part to put it inside, onto any row's upper part to put it
 * just before that row; the ⋮ menu on every row does the same by keyboard (move up/down, move to…), with rename,
 * share and delete. The parent (NotesScreen) sends the calls and reloads.
 */

export type DropTarget = { kind: 'into'; parentId: string } | { kind: 'before'; id: string };

export interface NoteTreeActions {
  canEdit: boolean;
  canRemove: boolean;
  canShare: boolean;
  onOpen: (node: NoteNodeVO) => void;
  onDrop: (dragged: string, target: DropTarget) => void;
  onShift: (node: NoteNodeVO, step: -1 | 1) => void;
  onMoveTo: (node: NoteNodeVO) => void;
  onRename: (node: NoteNodeVO) => void;
  onShare: (node: NoteNodeVO) => void;
  onRemove: (node: NoteNodeVO) => void;
}

const DRAG_TYPE = 'application/x-note-node';

function Row({
  node,
  depth,
  selected,
  actions,
}: {
  node: NoteNodeVO;
  depth: number;
  selected: string | undefined;
  actions: NoteTreeActions;
}) {
  const t = useTranslations('notes');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [hint, setHint] = useState<'into' | 'before' | null>(null);
  const zone = (e: DragEvent<HTMLElement>): 'into' | 'before' => {
    const box = e.currentTarget.getBoundingClientRect();
    return node.nodeType === 'catalog' && e.clientY - box.top > box.height / 3 ? 'into' : 'before';
  };
  const close = () => setMenu(null);
  const item = (label: string, run: () => void, show = true) =>
    show && (
      <MenuItem
        key={label}
        onClick={() => {
          close();
          run();
        }}
      >
        {label}
      </MenuItem>
    );
  return (
    <>
      <Box
        data-testid="note-node"
        data-node-id={node.id}
        draggable={actions.canEdit}
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, node.id);
          e.dataTransfer.effectAllowed = 'move';
        }}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
          e.preventDefault();
          setHint(zone(e));
        }}
        onDragLeave={() => setHint(null)}
        onDrop={(e) => {
          e.preventDefault();
          setHint(null);
          const dragged = e.dataTransfer.getData(DRAG_TYPE);
          if (!dragged || dragged === node.id) return;
          actions.onDrop(
            dragged,
            zone(e) === 'into' ? { kind: 'into', parentId: node.id } : { kind: 'before', id: node.id },
          );
        }}
        sx={{
          display: 'flex',
          alignItems: 'center',
          pl: 1 + depth * 2,
          pr: 0.5,
          borderRadius: 1,
          cursor: 'pointer',
          bgcolor: selected === node.id ? 'action.selected' : hint === 'into' ? 'action.hover' : undefined,
          borderTop: 2,
          borderTopColor: hint === 'before' ? 'primary.main' : 'transparent',
        }}
      >
        <Typography
          component="button"
          type="button"
          onClick={() => actions.onOpen(node)}
          sx={{
            flex: 1,
            textAlign: 'left',
            border: 0,
            bgcolor: 'transparent',
            py: 0.75,
            font: 'inherit',
            cursor: 'pointer',
            fontWeight: node.nodeType === 'catalog' ? 600 : 400,
          }}
        >
          {node.nodeType === 'catalog' ? (
            <FolderOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
          ) : (
            <DescriptionOutlined fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} />
          )}
          {node.name}
          {node.shared && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              ({t('share')})
            </Typography>
          )}
        </Typography>
        {(actions.canEdit || actions.canRemove || actions.canShare) && (
          <IconButton
            size="small"
            aria-label={`${t('actions')} ${node.name}`}
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <MoreVert fontSize="small" />
          </IconButton>
        )}
        <Menu anchorEl={menu} open={!!menu} onClose={close}>
          {item(t('rename'), () => actions.onRename(node), actions.canEdit)}
          {item(t('moveUp'), () => actions.onShift(node, -1), actions.canEdit)}
          {item(t('moveDown'), () => actions.onShift(node, 1), actions.canEdit)}
          {item(t('move'), () => actions.onMoveTo(node), actions.canEdit)}
          {item(t('share'), () => actions.onShare(node), actions.canShare)}
          {item(t('delete'), () => actions.onRemove(node), actions.canRemove)}
        </Menu>
      </Box>
      {node.children.map((child) => (
        <Row key={child.id} node={child} depth={depth + 1} selected={selected} actions={actions} />
      ))}
    </>
  );
}

export function NoteTree({
  nodes,
  selected,
  actions,
}: {
  nodes: NoteNodeVO[];
  selected: string | undefined;
  actions: NoteTreeActions;
}) {
  const t = useTranslations('notes');
  return (
    // A labelled group, not an ARIA tree: the rows are buttons and a drag source with a keyboard menu, not treeitems
    // with arrow-key navigation, and a tree without treeitems is an invalid one (axe, issue 18).
    <Box role="group" aria-label={t('myNotes')}>
      {nodes.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
          {t('emptyTree')}
        </Typography>
      )}
      {nodes.map((n) => (
        <Row key={n.id} node={n} depth={0} selected={selected} actions={actions} />
      ))}
      {/* Dropping here puts a node at the end of the top level. */}
      <Box
        data-testid="note-root-drop"
        onDragOver={(e) => e.dataTransfer.types.includes(DRAG_TYPE) && e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const dragged = e.dataTransfer.getData(DRAG_TYPE);
          if (dragged) actions.onDrop(dragged, { kind: 'into', parentId: ROOT_ID });
        }}
        sx={{ minHeight: 24 }}
      />
    </Box>
  );
}
