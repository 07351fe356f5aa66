'use client';

import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export interface AuthFieldProps extends Pick<
  OutlinedInputProps,
  'name' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'autoFocus' | 'error' | 'inputProps' | 'sx'
> {
  label: string;
  helperText?: string;
}

/**
 * A text field of the sign-in forms, looking and labelled as the theme's TextField (small, full width, outlined, the
 * helper text as its description). TextField carries the select, filled and standard variants, and with the select the
 * menu, popover and modal: about 16 KB compressed the login page does not use and must not load.
 */
export function AuthField({ label, helperText, error, sx, ...input }: AuthFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl fullWidth size="small" error={error} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
