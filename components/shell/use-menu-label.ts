'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { defaultLocale } from '@/lib/i18n/config';
import type { MenuNode } from '@/lib/shared/menu';

/**
 * A menu's name is the tenant's data, written in the source language (zh): shown as stored there, so a renamed menu
 * shows its new name. Other languages show the `menu` message of the menu's code when there is one (the seeded
 * menus), else the stored name.
 */
export function useMenuLabel(): (node: Pick<MenuNode, 'code' | 'name'>) => string {
  const locale = useLocale();
  const t = useTranslations('menu');
  return useCallback(
    (node) => (locale !== defaultLocale && node.code && t.has(node.code) ? t(node.code) : node.name),
    [locale, t],
  );
}
