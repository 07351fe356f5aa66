'use client';

import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { locales, type Locale } from '@/lib/i18n/config';
import { useChooseLocale } from './use-choose-locale';

/** The shell's language dropdown (the public pages use LanguageLinks): the current language is disabled; choosing one re-renders with the new messages and title. */
export function LanguageSwitch() {
  const t = useTranslations('layout');
  const locale = useLocale() as Locale;
  const chooseLocale = useChooseLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (next: Locale) => {
    setAnchor(null);
    chooseLocale(next);
  };

  return (
    <>
      <Tooltip title={t('language')}>
        <IconButton color="inherit" aria-label={t('language')} onClick={(e) => setAnchor(e.currentTarget)}>
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
