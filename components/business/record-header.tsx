'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

export interface HeaderItem {
  label: string;
  value: ReactNode;
  /** Amounts: right-aligned figures. */
  money?: boolean;
  wide?: boolean;
}

/** The top of a detail page: the record's name, its status and its fields as label / value pairs. */
export function RecordHeader({
  title,
  status,
  items,
}: {
  title: string;
  status?: string;
  items: HeaderItem[];
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography component="h1" variant="h6">
          {title}
        </Typography>
        {status && (
          <Chip size="small" color="primary" variant="outlined" label={status} data-testid="status" />
        )}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          columnGap: 3,
          rowGap: 1,
        }}
      >
        {items.map((item) => (
          <Box key={item.label} sx={item.wide ? { gridColumn: '1 / -1' } : undefined}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {item.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontVariantNumeric: item.money ? 'tabular-nums' : undefined }}
              data-label={item.label}
            >
              {item.value === '' || item.value === null || item.value === undefined ? '--' : item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** While the record loads, or when the id reaches none (another tenant's, removed, outside the data scope). */
export function RecordState({ loading }: { loading: boolean }) {
  const t = useTranslations('businessScreens');
  return loading ? (
    <Typography color="text.secondary">{t('loading')}</Typography>
  ) : (
    <Alert severity="warning">{t('notFound')}</Alert>
  );
}
