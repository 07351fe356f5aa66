'use client';

import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { MenuNode } from '@/lib/shared/menu';
import { BUTTONS_KEY, buttonCodes, ROUTES_KEY } from './buttons';

export interface Permissions {
  /** False until `menu/buttons` has answered: callers hide buttons meanwhile rather than flash them. */
  ready: boolean;
  /** True when the caller's roles hold the button code; an undefined code means "no button permission needed". */
  can: (code: string | undefined) => boolean;
}

/**
 * Client-side button permissions from `menu/buttons`. This only hides what the role lacks; blade/ enforces the same
 * codes on the calls they guard, so a hidden button is a convenience, never the security boundary.
 */
export function usePermissions(): Permissions {
  const { data } = useSWR<MenuNode[]>(BUTTONS_KEY);
  const codes = useMemo(() => buttonCodes(data), [data]);
  const can = useCallback((code: string | undefined) => code === undefined || codes.has(code), [codes]);
  return { ready: data !== undefined, can };
}

/**
 * Refetches the sidebar routes and the button codes. Call it after any menu, grant or top-menu change so the
 * navigation follows without a new login.
 */
export function useRevalidateNavigation(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    // Keys may carry params (a top menu id): match the path whether the key is a string or [path, params].
    const matches = (key: unknown) => {
      const path = Array.isArray(key) ? key[0] : key;
      return typeof path === 'string' && (path.startsWith(ROUTES_KEY) || path.startsWith(BUTTONS_KEY));
    };
    await mutate(matches);
  }, [mutate]);
}
