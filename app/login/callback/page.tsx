import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SsoCallback } from '@/components/auth/sso-callback';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sso');
  return { title: { absolute: t('callbackTitle') } };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Where an identity provider sends the browser back (SSO and social login); public, like the login page. */
export default async function SsoCallbackPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const params = {
    code: first(query.code),
    state: first(query.state),
    iss: first(query.iss),
    error: first(query.error),
    error_description: first(query.error_description),
  };
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ width: '100%', maxWidth: 420, p: 4 }} elevation={6}>
        <SsoCallback params={params} />
      </Paper>
    </Box>
  );
}
