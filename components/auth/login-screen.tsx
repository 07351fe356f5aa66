import { getTranslations } from 'next-intl/server';
import type { LoginFormProps } from './login-form';
import { LoginTabs } from './login-tabs';
import { PublicFrame } from './public-frame';
import { SsoButtons } from './sso-buttons';

export async function LoginScreen(props: LoginFormProps & { tenantName?: string }) {
  const t = await getTranslations();
  return (
    <PublicFrame title={t('app.loginText')} tenantName={props.tenantName}>
      <LoginTabs
        hostTenantId={props.hostTenantId}
        captchaEnabled={props.captchaEnabled}
        redirect={props.redirect}
      />
      {/* The sources of the host's tenant (a customer host), else of the default one. */}
      <SsoButtons tenantId={props.hostTenantId ?? '000000'} redirect={props.redirect} />
    </PublicFrame>
  );
}
