'use client';

import { proxied } from '@/lib/client/fetcher';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, type HTMLAttributes, type Key } from 'react';
import useSWR from 'swr';
import { splitIds } from '@/components/crud/ids';
import { myUserListByName } from '@/lib/contracts/system/my.actions';

/** One answer row of `blade-user/my/userListByName`. */
export interface PickedUser {
  id: string;
  account: string;
  realName: string;
  name: string;
  deptName: string;
}

export const USER_LIST_BY_NAME = proxied(myUserListByName.call);

/** How long typing pauses before the list is asked again: one call per word, not per key. */
const TYPING_PAUSE_MS = 250;

interface Option {
  id: string;
  label: string;
  account?: string;
  deptName?: string;
}

const toOption = (u: PickedUser): Option => ({
  id: String(u.id),
  label: u.realName || u.name || u.account,
  account: u.account,
  deptName: u.deptName,
});

export interface UserPickerProps {
  label: string;
  /** One id (a leader, a responsible user) or, with `multiple`, an id list (array or comma-joined). */
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  multiple?: boolean;
  /**
   * Names of ids already chosen (the row's `userName`, `leaderName`, `recipientNames`): the server's answer for the
   * typed text need not contain them, and a disabled user never appears there at all.
   */
  known?: Readonly<Record<string, string>>;
}

/**
 * A user of the caller's tenant picked by account or real name. Any signed-in user may ask userListByName, so the
 * picker works on every page whatever its rights; the server filters (and caps at 50), the control does not.
 */
export function UserPicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  multiple,
  known,
}: UserPickerProps) {
  const t = useTranslations('partyScreens');
  // What the input shows (a chosen user's name, too) and what the user typed (the search).
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // Asked only while the list is open: a form with several pickers does not load users nobody looks for.
  const { data, isLoading } = useSWR<PickedUser[]>(open ? [USER_LIST_BY_NAME, { name }] : null);
  const found = useMemo(() => (data ?? []).map(toOption), [data]);
  const ids = multiple
    ? splitIds(value)
    : value === undefined || value === null || value === ''
      ? []
      : [String(value)];
  // Options that stay: the chosen ones, by what was found or what the row named them.
  const [seen, setSeen] = useState<Record<string, Option>>({});
  const optionOf = (id: string): Option =>
    found.find((o) => o.id === id) ?? seen[id] ?? { id, label: known?.[id] || id };
  const chosen = ids.map(optionOf);
  const remember = (options: Option[]) =>
    setSeen((prev) => ({ ...prev, ...Object.fromEntries(options.map((o) => [o.id, o])) }));
  const common = {
    options: found,
    loading: isLoading,
    disabled,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    inputValue: input,
    onInputChange: (_: unknown, next: string, reason: string) => {
      setInput(next);
      // Choosing an option writes its label into the input; that is no search.
      setTyped(reason === 'input' ? next : '');
    },
    // The server matched already (account or real name); the control must not filter its answer again.
    filterOptions: (options: Option[]) => options,
    getOptionLabel: (o: Option) => o.label,
    isOptionEqualToValue: (a: Option, b: Option) => a.id === b.id,
    noOptionsText: t('noUsers'),
    loadingText: t('loadingUsers'),
    size: 'small' as const,
    fullWidth: true,
    onBlur,
    renderOption: (props: HTMLAttributes<HTMLLIElement> & { key: Key }, o: Option) => {
      const { key, ...rest } = props;
      return (
        <Box component="li" key={key} {...rest}>
          <span>{o.label}</span>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {[o.account, o.deptName].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={label} error={!!error} helperText={error ?? ' '} />
    ),
  };
  return multiple ? (
    <Autocomplete
      {...common}
      multiple
      value={chosen}
      onChange={(_, next: Option[]) => {
        remember(next);
        onChange(next.map((o) => o.id));
      }}
    />
  ) : (
    <Autocomplete
      {...common}
      value={chosen[0] ?? null}
      onChange={(_, next: Option | null) => {
        if (next) remember([next]);
        onChange(next ? next.id : '');
      }}
    />
  );
}

/** An id → name map from two parallel comma-joined lists (a message's recipientIds and recipientNames). */
export function namesById(ids: unknown, names: unknown): Record<string, string> {
  const idList = splitIds(ids);
  const nameList = typeof names === 'string' ? names.split(',') : [];
  return Object.fromEntries(idList.map((id, i) => [id, nameList[i] ?? '']));
}
