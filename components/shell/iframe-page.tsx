'use client';

import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { safeFrameSource } from './menu-model';
import { useShell } from './shell-context';

/**
 * /myiframe/{routerPath}: an external menu item shown inside the layout. The source comes from the item's fields in
 * the query (src, name, and the item's own query parameters, which are passed on to the embedded page).
 */
export function IframePage() {
  const t = useTranslations('shell.iframe');
  const params = useSearchParams();
  const { contentSize } = useShell();
  const src = safeFrameSource(params.get('src'));
  if (!src) return <Alert severity="warning">{t('invalid')}</Alert>;
  const extra = new URLSearchParams(params);
  extra.delete('src');
  extra.delete('name');
  const rest = extra.toString();
  const url = rest ? `${src}${src.includes('?') ? '&' : '?'}${rest}` : src;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" href={url} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNew />}>
          {t('openNew')}
        </Button>
      </Box>
      <Box
        component="iframe"
        src={url}
        title={params.get('name') ?? url}
        data-testid="myiframe"
        sx={{
          border: 0,
          width: '100%',
          height: Math.max(400, contentSize.height - 64),
          bgcolor: 'background.paper',
        }}
      />
    </Box>
  );
}
