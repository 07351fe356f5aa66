import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { ConfirmProvider } from '@/components/providers/confirm';
import { NotifierProvider } from '@/components/providers/notifier';

export function renderWithIntl(ui: ReactElement, locale: 'zh' | 'en' = 'zh', options?: RenderOptions) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="Asia/Shanghai">
      <NotifierProvider>
        <ConfirmProvider>
          {/* A cache per render: no test sees another's data. */}
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
        </ConfirmProvider>
      </NotifierProvider>
    </NextIntlClientProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
