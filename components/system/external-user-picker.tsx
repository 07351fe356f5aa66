'use client';

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { BladePage } from '@/components/crud/types';

/** A picked external user: the id blade/ wants and the label the field shows. */
export interface PickedUser {
  id: string;
  label: string;
}

interface ExternalUserRow {
  id: string;
  account: string;
  realName: string;
}

const PAGE = '/api/blade-user/externalUser/page';
/** Options shown per search; more matches ask for a narrower search instead of loading every customer contact. */
export const PICKER_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

export function userLabel(user: { realName: string; account: string }): string {
  return `${user.realName} (${user.account})`;
}

/**
 * External users matching the typed text by name or by account. blade/'s page filters are ANDed, so the two
 * searches are separate pages merged here; without text, the first page.
 */
function useMatches(search: string) {
  const byName = useSWR<BladePage<ExternalUserRow>>([
    PAGE,
    { current: 1, size: PICKER_PAGE_SIZE, ...(search ? { realName: search } : {}) },
  ]);
  const byAccount = useSWR<BladePage<ExternalUserRow>>(
    search ? [PAGE, { current: 1, size: PICKER_PAGE_SIZE, account: search }] : null,
  );
  const seen = new Set<string>();
  const options: PickedUser[] = [];
  for (const row of [...(byName.data?.records ?? []), ...(byAccount.data?.records ?? [])]) {
    const id = String(row.id);
    if (seen.has(id)) continue;
    seen.add(id);
    options.push({ id, label: userLabel(row) });
  }
  // At least this many matches are not shown (either search may list users the other left out).
  const unlisted = Math.max(
    ...[byName.data, byAccount.data].map((found) => (found ? found.total - found.records.length : 0)),
  );
  const loading = byName.isLoading || byAccount.isLoading;
  return { options, unlisted, loading };
}

interface PickerProps<Multiple extends boolean> {
  label: string;
  multiple: Multiple;
  value: Multiple extends true ? PickedUser[] : PickedUser | null;
  onChange: (value: Multiple extends true ? PickedUser[] : PickedUser | null) => void;
  onBlur: () => void;
  error?: string;
  disabled: boolean;
}

/** Picks external users by searching blade/ as one types (a tenant may hold thousands of customer contacts). */
export function ExternalUserPicker<Multiple extends boolean>({
  label,
  multiple,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: PickerProps<Multiple>) {
  const t = useTranslations('system.deptLabUser');
  const [input, setInput] = useState('');
  // Only typing searches: the input also shows a single pick's label, which is not a search.
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { options, unlisted, loading } = useMatches(search);
  const hint = unlisted > 0 ? t('moreMatches', { count: unlisted }) : t('searchHint');

  return (
    <Autocomplete<PickedUser, boolean>
      multiple={multiple}
      value={value as PickedUser[] | PickedUser | null}
      onChange={(_, picked) => onChange(picked as PickerProps<Multiple>['value'])}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        setInput(text);
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      options={options}
      // blade/ filtered already; the labels of picked users that are not among the matches stay as they are.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      filterSelectedOptions={multiple}
      loading={loading}
      loadingText={t('searching')}
      noOptionsText={t('noMatch')}
      disabled={disabled}
      size="small"
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error ?? hint}
          placeholder={t('searchPlaceholder')}
        />
      )}
    />
  );
}
