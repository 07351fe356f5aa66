import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageLinks } from '@/components/i18n/language-links';
import { withBasePath } from '@/lib/client/navigation';

/** The frame of the public pages (/login, /register, /forgetPassword): the card on the brand gradient. */
export function PublicFrame(props: {
  title: string;
  tenantName?: string;
  /** The card's widest (px): the login's narrow form, the registration's two columns. */
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #1f3a5f 0%, #409EFF 100%)',
        p: 2,
      }}
    >
      <Paper sx={{ width: '100%', maxWidth: props.maxWidth ?? 420, p: 4 }} elevation={6}>
        <Stack direction="row" sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={withBasePath('/logo.svg')} alt="" width={40} height={40} />
            <Box>
              <Typography component="h1" variant="h6" sx={{ lineHeight: 1.3 }}>
                {props.title}
              </Typography>
              {props.tenantName ? (
                <Typography variant="body2" color="text.secondary">
                  {props.tenantName}
                </Typography>
              ) : null}
            </Box>
          </Stack>
          <LanguageLinks />
        </Stack>
        {props.children}
      </Paper>
    </Box>
  );
}
