'use client';

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { configureFetcher, swrFetcher } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import { messageValues } from '@/lib/i18n/message-args';
import { useThemeName } from '@/components/shell/settings';
import { portalTheme } from '@/lib/theme/themes';
import { NonceContext } from './nonce';
import { NotifierProvider, useNotify } from './notifier';

function FetcherBridge() {
  const notify = useNotify();
  const t = useTranslations('common');
  const all = useTranslations();
  useEffect(() => {
    configureFetcher({
      onError: (message) => notify(message, 'error'),
      // A hard navigation: the session is gone, so no client state should survive.
      onUnauthorized: () => {
        if (window.location.pathname !== '/login') hardNavigate('/login');
      },
      onLocked: () => {
        if (window.location.pathname !== '/lock') hardNavigate('/lock');
      },
      unknownErrorText: t('unknownError'),
      networkErrorText: t('networkError'),
      translate: (key, values) =>
        all.has(key)
          ? all(
              key,
              messageValues(values, (inner) => (all.has(inner) ? all(inner) : inner)),
            )
          : undefined,
    });
  }, [notify, t, all]);
  return null;
}

export function AppProviders({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // The theme chosen in the shell, by name (server renders use the default until the browser's choice is read).
  const [themeName] = useThemeName();
  return (
    <NonceContext.Provider value={nonce}>
      <ThemeProvider theme={portalTheme(themeName)}>
        <CssBaseline />
        <NotifierProvider>
          <FetcherBridge />
          <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false, shouldRetryOnError: false }}>
            {children}
          </SWRConfig>
        </NotifierProvider>
      </ThemeProvider>
    </NonceContext.Provider>
  );
}
