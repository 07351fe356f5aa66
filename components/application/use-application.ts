'use client';

import useSWR from 'swr';
import { BladeError } from '@/lib/client/fetcher';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import { SCHEMES, type Scheme } from '@/lib/contracts/application/machine';
import { selectApplication } from './api';

/**
 * One application by id through its scheme's select call. Links carry the scheme; an address without it (typed, or
 * from a message) asks each scheme's call in turn, quietly, and keeps the first that knows the id.
 */
export function useApplication(scheme: Scheme | null, id: string) {
  const { data, error, isLoading, mutate } = useSWR<ApplicationVO | null>(
    id ? ['application-case', scheme ?? '', id] : null,
    async () => {
      if (scheme) return selectApplication(scheme, id);
      for (const s of SCHEMES) {
        try {
          const row = await selectApplication(s, id, true);
          if (row) return row;
        } catch (failure) {
          if (!(failure instanceof BladeError)) throw failure;
        }
      }
      return null;
    },
  );
  return { row: data ?? null, loading: isLoading && !error, reload: () => mutate() };
}
