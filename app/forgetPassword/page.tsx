import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';
import { ForgetPasswordForm } from '@/components/customer/forget-password-form';
import { pageTenant } from '@/components/customer/page-tenant';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('register');
  return { title: t('forget.title') };
}

/** Public: a customer sets a new password with a code sent to the account's own phone or e-mail. */
export default async function Page({ searchParams }: { searchParams: Promise<{ tenantId?: string }> }) {
  const [{ tenantId: given }, t] = await Promise.all([searchParams, getTranslations('register')]);
  const tenant = await pageTenant(typeof given === 'string' ? given : undefined);
  return (
    <PublicFrame maxWidth={560} title={t('forget.title')} tenantName={tenant.tenantName}>
      <ForgetPasswordForm tenantId={tenant.tenantId} />
    </PublicFrame>
  );
}
