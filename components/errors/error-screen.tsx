'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Link from 'next/link';
import type { ReactNode } from 'react';

export function ErrorScreen({
  message,
  homeLabel,
  action,
}: {
  message: string;
  homeLabel: string;
  action?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, textAlign: 'center' }}
    >
      <Box>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {message}
        </Typography>
        {action}
        <Button component={Link} href="/" variant="contained">
          {homeLabel}
        </Button>
      </Box>
    </Box>
  );
}
