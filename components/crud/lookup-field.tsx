'use client';

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldOption } from './types';

/** Where a lookup field finds its records: the server searches, the field never loads a whole table. */
export interface LookupSpec {
  /** The first matches of a typed text (empty: the first records of the list), as options. */
  search: (text: string) => Promise<FieldOption[]>;
  /** The option of a stored value (the edit form's current record), read by id. */
  resolve: (value: string) => Promise<FieldOption | undefined>;
}

interface LookupFieldProps {
  id: string;
  name: string;
  label: string;
  value: unknown;
  lookup: LookupSpec;
  disabled: boolean;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

const WAIT_MS = 250;

/**
 * A record picker that searches as one types (a project among thousands, a contract among 100,000): the options are
 * the server's matches for the text, asked a moment after typing stops; the stored value is the record's id.
 */
export function LookupField({
  id,
  name,
  label,
  value,
  lookup,
  disabled,
  error,
  onChange,
  onBlur,
}: LookupFieldProps) {
  const t = useTranslations('crud');
  const [text, setText] = useState('');
  const [options, setOptions] = useState<FieldOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<FieldOption | null>(null);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);
  const stored = value === undefined || value === null || value === '' ? '' : String(value);
  const current = stored && chosen && String(chosen.value) === stored ? chosen : null;

  // An edit form opens with an id only: its record's label is read by id.
  useEffect(() => {
    if (!stored || current) return;
    let live = true;
    void lookup
      .resolve(stored)
      .then((found) => live && setChosen(found ?? { value: stored, label: stored }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [stored, current, lookup]);

  // The matches of the text, asked a moment after typing stops; an older answer never replaces a newer one.
  useEffect(() => {
    if (!open) return;
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      setLoading(true);
      void lookup
        .search(text.trim())
        .then((found) => ask === asked.current && setOptions(found))
        .catch(() => undefined)
        .finally(() => ask === asked.current && setLoading(false));
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [open, text, lookup]);

  const shown = useMemo(
    () =>
      current && !options.some((o) => String(o.value) === String(current.value))
        ? [current, ...options]
        : options,
    [current, options],
  );

  return (
    <Autocomplete<FieldOption>
      id={id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      openOnFocus
      disabled={disabled}
      options={shown}
      value={current}
      loading={loading}
      // The server matched the text already; the field does not filter again.
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => String(a.value) === String(b.value)}
      getOptionLabel={(o) => o.label}
      onChange={(_, option) => {
        setChosen(option);
        onChange(option ? String(option.value) : '');
      }}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setText(typed);
        if (reason === 'clear' || reason === 'reset') setText('');
      }}
      noOptionsText={t('noMatch')}
      loadingText={t('searching')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          size="small"
          error={!!error}
          helperText={error ?? ' '}
          onBlur={onBlur}
        />
      )}
    />
  );
}
