import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PublicFrame } from '@/components/auth/public-frame';
import { pageTenant } from '@/components/customer/page-tenant';
import { RegisterForm } from '@/components/customer/register-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('register');
  return { title: t('title') };
}

/** Public: a customer company registers itself and its first user (spec 001 §7.2). */
export default async function Page({ searchParams }: { searchParams: Promise<{ tenantId?: string }> }) {
  const [{ tenantId: given }, t] = await Promise.all([searchParams, getTranslations('register')]);
  const tenant = await pageTenant(typeof given === 'string' ? given : undefined);
  return (
    <PublicFrame maxWidth={560} title={t('title')} tenantName={tenant.tenantName}>
      <RegisterForm tenantId={tenant.tenantId} />
    </PublicFrame>
  );
}
