import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { LoginScreen } from '@/components/auth/login-screen';
import { getConfig } from '@/lib/env';
import { requestHost } from '@/lib/server/request-host';
import { resolveHostTenant } from '@/lib/server/host-tenant';
import { getPageSession } from '@/lib/session';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: { absolute: t('loginText') } };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ redirect?: string }> }) {
  const [session, host, params] = await Promise.all([getPageSession(), requestHost(), searchParams]);
  const hostTenant = await resolveHostTenant(host);
  if (session && (!hostTenant || hostTenant.tenantId === session.tenantId)) redirect('/');
  return (
    <LoginScreen
      hostTenantId={hostTenant?.tenantId}
      tenantName={hostTenant?.tenantName}
      captchaEnabled={getConfig().captchaEnabled}
      redirect={params.redirect}
    />
  );
}
