'use client';

import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode } from 'react';

/** An icon button of the top bar: its label is both the tooltip and the accessible name. */
export function BarButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
