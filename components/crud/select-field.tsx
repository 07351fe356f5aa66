'use client';

import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
  /** Shown in the list but not choosable (e.g. a person who may not take the case). */
  disabled?: boolean;
}

/**
 * A select outside a CrudForm (a filter above a hand-made table, a choice inside a dialog): small by default, one
 * entry per option, and with `emptyOption` a first entry whose value is '' (全部 in a filter, none in a choice).
 * The rest of the props go to the TextField as they are.
 */
export function SelectField<V extends string>({
  value,
  onChange,
  options,
  emptyOption,
  size = 'small',
  ...field
}: Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children' | 'size'> & {
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  emptyOption?: ReactNode;
  size?: 'small' | 'medium';
}) {
  return (
    <TextField {...field} select size={size} value={value} onChange={(e) => onChange(e.target.value as V)}>
      {emptyOption !== undefined && <MenuItem value="">{emptyOption}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
