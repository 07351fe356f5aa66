'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { FieldPairs, type FieldPair } from './field-pairs';

/** The top of a detail page: the record's name, its status and its fields as label / value pairs. */
export function RecordHeader({
  title,
  status,
  items,
}: {
  title: string;
  status?: string;
  items: readonly FieldPair[];
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
      <FieldPairs items={items} />
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
