import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/i18n/language-switch';
import { withBasePath } from '@/lib/client/navigation';
import type { LoginFormProps } from './login-form';
import { LoginTabs } from './login-tabs';
import { SsoButtons } from './sso-buttons';

export async function LoginScreen(props: LoginFormProps & { tenantName?: string }) {
  const t = await getTranslations();
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
      <Paper sx={{ width: '100%', maxWidth: 420, p: 4 }} elevation={6}>
        <Stack direction="row" sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={withBasePath('/logo.svg')} alt="" width={40} height={40} />
            <Box>
              <Typography component="h1" variant="h6" sx={{ lineHeight: 1.3 }}>
                {t('app.loginText')}
              </Typography>
              {props.tenantName ? (
                <Typography variant="body2" color="text.secondary">
                  {props.tenantName}
                </Typography>
              ) : null}
            </Box>
          </Stack>
          <LanguageSwitch color="primary" />
        </Stack>
        <LoginTabs
          hostTenantId={props.hostTenantId}
          captchaEnabled={props.captchaEnabled}
          redirect={props.redirect}
        />
        {/* The sources of the host's tenant (a customer host), else of the default one. */}
        <SsoButtons tenantId={props.hostTenantId ?? '000000'} redirect={props.redirect} />
      </Paper>
    </Box>
  );
}
