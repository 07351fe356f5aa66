'use client';

import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { persistLocaleCookie } from '@/lib/client/navigation';
import { localeCookie, type Locale } from '@/lib/i18n/config';

/** Switch the language: remember it in the locale cookie and re-render with the new messages and title. */
export function useChooseLocale(): (next: Locale) => void {
  const router = useRouter();
  return useCallback(
    (next: Locale) => {
      persistLocaleCookie(localeCookie, next);
      router.refresh();
    },
    [router],
  );
}
