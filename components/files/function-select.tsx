'use client';

import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import useSWR from 'swr';
import type { BladePage } from '@/components/crud/types';
import { CONFIG_PATHS } from './api';

export interface FileFunction {
  id: string;
  functionCode: string;
  functionName: string;
  usePosition?: string;
  is_hidden?: number | string;
}

/** Picks one of the tenant's file functions (all of them: a tenant has a few dozen at most), by its code. */
export function FunctionSelect({
  value,
  onChange,
  ...field
}: Omit<TextFieldProps, 'select' | 'size' | 'value' | 'onChange' | 'children'> & {
  value: string;
  onChange: (functionCode: string) => void;
}) {
  const { data } = useSWR<BladePage<FileFunction>>([
    `${CONFIG_PATHS.function}/list`,
    { current: 1, size: 500 },
  ]);
  return (
    <TextField
      {...field}
      select
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {(data?.records ?? []).map((fn) => (
        <MenuItem key={fn.id} value={fn.functionCode}>
          {fn.functionName} ({fn.functionCode})
        </MenuItem>
      ))}
    </TextField>
  );
}
