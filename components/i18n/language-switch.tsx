'use client';

import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { persistLocaleCookie } from '@/lib/client/navigation';
import { localeCookie, locales, type Locale } from '@/lib/i18n/config';

/** Language dropdown: the current language is disabled; choosing one re-renders with the new messages and title. */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const t = useTranslations('layout');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (next: Locale) => {
    persistLocaleCookie(localeCookie, next);
    setAnchor(null);
    router.refresh();
  };

  return (
    <>
      <Tooltip title={t('language')}>
        <IconButton color={color} aria-label={t('language')} onClick={(e) => setAnchor(e.currentTarget)}>
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l}
            disabled={l === locale}
            selected={l === locale}
            onClick={() => choose(l)}
            lang={l}
          >
            {t(`languages.${l}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
