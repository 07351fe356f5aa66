'use client';

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A business page's frame: the outlined panel headed by the page's title (its one h1, which the browser tests and
 * screen readers find the page by), above its search bar, tabs and list.
 */
export function PagePanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="h1" variant="h6">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
