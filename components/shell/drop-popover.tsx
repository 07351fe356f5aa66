'use client';

import Popover from '@mui/material/Popover';
import type { ReactNode } from 'react';

/**
 * A panel that drops from under the right edge of the button that opened it (the notice bell, the icon picker), so
 * it stays inside the window for buttons at the right of the top bar or of a field. Open while `anchor` is set.
 */
export function DropPopover({
  anchor,
  onClose,
  children,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {children}
    </Popover>
  );
}
