'use client';

import { createContext, useContext } from 'react';

/**
 * The page's CSP nonce (proxy.ts makes one per page request; app/layout.tsx reads it). Emotion gets it through its
 * cache; components that write their own <style> elements, such as the DataGrid's CSS variables, take it from here.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
