'use client';

import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';
import type { FieldOption } from './types';

interface DictItem {
  dictKey: string | number;
  dictValue: string;
}

/**
 * The items of several system dictionaries (`dict/dictionary?code=`) as select options, by code: one hook call however
 * many dictionary fields a resource declares. A numeric field's options carry numbers, so they match its values.
 */
export function useDictionaries(fields: readonly { dict: string; numeric: boolean }[]) {
  const key = fields.map((f) => f.dict).join(',');
  const { data } = useSWR(key ? ['dictionaries', key] : null, async () =>
    Promise.all(
      fields.map(async (f) => {
        const { data: items } = await bladeRequest<DictItem[]>('/api/blade-system/dict/dictionary', {
          params: { code: f.dict },
        });
        return items;
      }),
    ),
  );
  const options: Record<string, FieldOption[]> = {};
  fields.forEach((f, i) => {
    options[f.dict] = (data?.[i] ?? []).map((d) => ({
      value: f.numeric ? Number(d.dictKey) : String(d.dictKey),
      label: d.dictValue,
    }));
  });
  return options;
}
