import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { ConfirmProvider } from '@/components/providers/confirm';
import { NotifierProvider } from '@/components/providers/notifier';

// A ripple is decoration that animates after the event that started it, so its state updates land outside the test's
// act() (React warns of each); the screens' behaviour is the same without it.
const testTheme = createTheme({ components: { MuiButtonBase: { defaultProps: { disableRipple: true } } } });

export function renderWithIntl(ui: ReactElement, locale: 'zh' | 'en' = 'zh', options?: RenderOptions) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={testTheme}>
      <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="Asia/Shanghai">
        <NotifierProvider>
          <ConfirmProvider>
            {/* A cache per render: no test sees another's data. */}
            <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
          </ConfirmProvider>
        </NotifierProvider>
      </NextIntlClientProvider>
    </ThemeProvider>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}
