'use client';

import Box from '@mui/material/Box';
import List, { type ListProps } from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A record's history, oldest first, as a list along a line (a case's timeline, a certificate's decisions). A plain
 * list: @mui/lab (Timeline) is not among the portal's packages, and a list reads the same to assistive technology.
 */
export function HistoryList(props: Omit<ListProps, 'sx'>) {
  return <List {...props} sx={{ borderLeft: 2, borderColor: 'divider', ml: 1 }} />;
}

/** One step of a HistoryList: what was done, a chip for where it led, when and by whom, and the words given. */
export function HistoryEntry({
  testId,
  action,
  chip,
  time,
  userName,
  remark,
}: {
  testId: string;
  action: string;
  chip: ReactNode;
  time: string;
  userName: string | null;
  remark?: string;
}) {
  return (
    <ListItem alignItems="flex-start" data-testid={testId}>
      <ListItemText
        primary={
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography component="span" variant="subtitle2">
              {action}
            </Typography>
            {chip}
            <Typography component="span" variant="caption" color="text.secondary">
              {time}
              {userName ? ` · ${userName}` : ''}
            </Typography>
          </Box>
        }
        secondary={remark}
      />
    </ListItem>
  );
}
