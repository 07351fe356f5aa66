'use client';

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, type ReactNode } from 'react';
import type { Translate } from '@/lib/contracts/application/application';
import type { ApplicationInput } from './api';

/**
 * The shared contract's Translate in the user's language: its schemas name whole keys (`application.form.…`), so the
 * translator is the root one.
 */
export function useContractTranslate(): Translate {
  const t = useTranslations();
  return useCallback((key, values) => t(key, values), [t]);
}

/** The form's state as the steps see it: values, the messages to show, and the change / leave handlers. */
export interface StepProps {
  input: ApplicationInput;
  errors: Record<string, string | undefined>;
  set: (patch: Partial<ApplicationInput>) => void;
  blur: (name: string) => void;
  readOnly?: boolean;
}

type TextKey = {
  [K in keyof ApplicationInput]: ApplicationInput[K] extends string | null ? K : never;
}[keyof ApplicationInput];

/** One text (or select) field of the form: the step's message under it, a blank line when there is none. */
export function InputField({
  name,
  label,
  step,
  options,
  multiline,
  required,
  disabled,
}: {
  name: TextKey;
  label: string;
  step: StepProps;
  options?: { value: string; label: string }[];
  multiline?: boolean;
  required?: boolean;
  disabled?: boolean;
}) {
  const error = step.errors[name];
  return (
    <TextField
      id={`application-${name}`}
      name={name}
      label={label}
      size="small"
      fullWidth
      required={required}
      select={!!options}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      disabled={disabled || step.readOnly}
      value={step.input[name] ?? ''}
      onChange={(e) => step.set({ [name]: e.target.value } as Partial<ApplicationInput>)}
      onBlur={() => step.blur(name)}
      error={!!error}
      helperText={error ?? ' '}
      sx={multiline ? { gridColumn: '1 / -1' } : undefined}
    >
      {options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A titled group of fields in the form's two (or three) columns. */
export function FieldGroup({
  title,
  children,
  columns = 3,
  extra,
}: {
  title: string;
  children: ReactNode;
  columns?: number;
  extra?: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography component="legend" variant="subtitle2">
          {title}
        </Typography>
        {extra}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, 1fr)` },
          columnGap: 2,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
