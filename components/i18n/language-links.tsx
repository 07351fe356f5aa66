'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLocale, useTranslations } from 'next-intl';
import { locales, type Locale } from '@/lib/i18n/config';
import { useChooseLocale } from './use-choose-locale';

/**
 * The language choice of the public pages (login, registration): the other languages as text buttons, each in its own
 * language. Lighter than the shell's dropdown (no menu, popover or tooltip on a page that must load fast) and one click.
 */
export function LanguageLinks() {
  const t = useTranslations('layout');
  const locale = useLocale() as Locale;
  const choose = useChooseLocale();
  return (
    <Stack component="nav" aria-label={t('language')} direction="row">
      {locales
        .filter((l) => l !== locale)
        .map((l) => (
          <Button key={l} size="small" lang={l} onClick={() => choose(l)}>
            {t(`languages.${l}`)}
          </Button>
        ))}
    </Stack>
  );
}
