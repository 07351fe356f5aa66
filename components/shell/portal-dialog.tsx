'use client';

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper, { type PaperProps } from '@mui/material/Paper';
import { useTranslations } from 'next-intl';
import { createContext, useContext, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';

/** Spec 000 §2 "Dialog wrapper": default width 880. */
export const DIALOG_WIDTH = 880;

export interface PortalDialogProps {
  open: boolean;
  /** Called by the close button only: clicking outside and Escape never close (spec 000 §9). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Default 880 px (never wider than the screen). */
  width?: number;
  /** Buttons under the content (DialogActions or your own). */
  actions?: ReactNode;
  'data-testid'?: string;
  slotProps?: DialogProps['slotProps'];
}

/** The title bar's close button, the only way a dialog or drawer closes (spec 000 §9). */
function CloseButton({ onClose }: { onClose: () => void }) {
  const t = useTranslations('common');
  return (
    <IconButton
      aria-label={t('close')}
      onClick={onClose}
      sx={{ position: 'absolute', right: 8, top: 8 }}
      size="small"
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Keeps the user's drag offset; the title bar is the handle. */
function useDrag() {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const start = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if ((e.target as HTMLElement).closest('button')) return;
      start.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const s = start.current;
      if (!s) return;
      setOffset({ x: s.ox + e.clientX - s.x, y: s.oy + e.clientY - s.y });
    },
    onPointerUp: () => {
      start.current = null;
    },
  };
  return { offset, handlers, reset: () => setOffset({ x: 0, y: 0 }) };
}

const OffsetContext = createContext({ x: 0, y: 0 });

function DraggablePaper(props: PaperProps) {
  const offset = useContext(OffsetContext);
  return (
    <Paper {...props} style={{ ...props.style, transform: `translate(${offset.x}px, ${offset.y}px)` }} />
  );
}

/**
 * The shared modal of the portal: draggable by its title bar, closed only by its close button or the caller, width
 * 880 by default. Use it for every form dialog so that they all behave the same.
 */
export function PortalDialog({
  open,
  onClose,
  title,
  children,
  width = DIALOG_WIDTH,
  actions,
  slotProps,
  ...rest
}: PortalDialogProps) {
  const ts = useTranslations('shell');
  const { offset, handlers, reset } = useDrag();
  const titleId = useId();
  return (
    <OffsetContext.Provider value={offset}>
      <Dialog
        open={open}
        // Neither a backdrop click nor Escape closes it (every close reason is ignored): half-filled forms are not
        // lost by a stray click.
        onClose={() => undefined}
        maxWidth={false}
        aria-labelledby={titleId}
        data-testid={rest['data-testid']}
        PaperComponent={DraggablePaper}
        slotProps={{
          ...slotProps,
          paper: { sx: { width, maxWidth: 'calc(100% - 32px)' } },
          transition: { onExited: reset },
        }}
      >
        <DialogTitle
          id={titleId}
          {...handlers}
          title={ts('dialogDrag')}
          sx={{ cursor: 'move', userSelect: 'none', pr: 6, touchAction: 'none' }}
        >
          {title}
          <CloseButton onClose={onClose} />
        </DialogTitle>
        <Box sx={{ px: 3, pb: actions ? 0 : 3, overflow: 'auto' }}>{children}</Box>
        {actions}
      </Dialog>
    </OffsetContext.Provider>
  );
}

/** The drawer variant: slides in from the right, same closing rules and default width. */
export function PortalDrawer({
  open,
  onClose,
  title,
  children,
  width = DIALOG_WIDTH,
  actions,
}: PortalDialogProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={() => undefined}
      slotProps={{ paper: { sx: { width, maxWidth: '100%' }, role: 'dialog' } }}
    >
      <DialogTitle sx={{ pr: 6 }}>
        {title}
        <CloseButton onClose={onClose} />
      </DialogTitle>
      <Box sx={{ px: 3, pb: 3, flex: 1, overflow: 'auto' }}>{children}</Box>
      {actions}
    </Drawer>
  );
}
