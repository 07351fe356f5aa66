import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/app-providers';
import { basePath } from '@/lib/client/navigation';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return {
    title: { default: t('title'), template: `%s - ${t('shortTitle')}` },
    // Metadata URLs are not given the BASE_PATH by Next.
    icons: { icon: `${basePath}/favicon.svg` },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  // proxy.ts puts a fresh nonce in each page request's CSP; emotion's <style> elements must carry it (SECURITY 12).
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang={locale === 'zh' ? 'zh-CN' : 'en'}>
      <body>
        <AppRouterCacheProvider options={{ key: 'css', nonce }}>
          <NextIntlClientProvider>
            <AppProviders nonce={nonce}>{children}</AppProviders>
          </NextIntlClientProvider>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
