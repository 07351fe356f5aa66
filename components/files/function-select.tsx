'use client';

import { type TextFieldProps } from '@mui/material/TextField';
import useSWR from 'swr';
import { SelectField } from '@/components/crud/select-field';
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
    <SelectField
      {...field}
      value={value}
      onChange={onChange}
      options={(data?.records ?? []).map((fn) => ({
        value: fn.functionCode,
        label: `${fn.functionName} (${fn.functionCode})`,
      }))}
    />
  );
}
