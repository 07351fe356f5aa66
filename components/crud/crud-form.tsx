'use client';

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { indentedOptions, splitIds } from './ids';
import { LookupField } from './lookup-field';
import { TreeChecklist } from './tree-checklist';
import type { CrudField, FormMode } from './types';
import type { CrudFormState } from './use-crud-form';

/** `yyyy-MM-dd HH:mm:ss` (Blade) ⇄ `yyyy-MM-ddTHH:mm` (datetime-local). */
const toInputDate = (v: unknown, withTime: boolean) => {
  const s = typeof v === 'string' ? v : '';
  return withTime ? s.slice(0, 16).replace(' ', 'T') : s.slice(0, 10);
};
const fromInputDate = (v: string, withTime: boolean) =>
  !v ? '' : withTime ? `${v.replace('T', ' ')}:00`.slice(0, 19) : `${v} 00:00:00`;

interface CrudFormProps {
  fields: CrudField[];
  form: CrudFormState;
  mode: FormMode;
  /** Fields per row; the spec's dialogs use two. */
  columns?: number;
}

/**
 * Renders fields from a list: MUI controls, the message of the schema under each one after blur
 * (`helperText={error ?? ' '}` keeps the height steady), read-only in view mode.
 */
export function CrudForm({ fields, form, mode, columns = 2 }: CrudFormProps) {
  const t = useTranslations('crud');
  // Several forms share a page (search bar and dialog): ids must differ for labels to point at the right input.
  const formId = useId();
  const visible = fields.filter((f) => !f.hiddenIn?.includes(mode));
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` },
        columnGap: 2,
        pt: 1,
      }}
    >
      {visible.map((field) => {
        const disabled = mode === 'view' || !!field.readOnlyIn?.includes(mode);
        const error = form.errors[field.name];
        const value = form.values[field.name];
        const kind = field.kind ?? 'text';
        const span =
          field.wide || kind === 'textarea' || kind === 'treeMulti' ? { gridColumn: '1 / -1' } : undefined;
        const common = {
          id: `${formId}-${field.name}`,
          name: field.name,
          label: field.label,
          fullWidth: true,
          size: 'small' as const,
          disabled,
          error: !!error,
          helperText: error ?? ' ',
          placeholder: field.placeholder,
          onBlur: () => form.blur(field.name),
        };
        let control;
        switch (kind) {
          case 'custom':
            control = field.render?.({
              value,
              onChange: (v) => form.setValue(field.name, v),
              onBlur: () => form.blur(field.name),
              error,
              disabled,
            });
            break;
          case 'treeMulti':
            control = (
              <TreeChecklist
                label={field.label}
                tree={field.tree ?? []}
                value={splitIds(value)}
                onChange={(ids) => {
                  form.setValue(field.name, ids);
                  form.blur(field.name);
                }}
                onBlur={() => form.blur(field.name)}
                error={error}
                disabled={disabled}
              />
            );
            break;
          case 'switch':
            control = (
              <FormControlLabel
                sx={{ mb: 2.5 }}
                label={field.label}
                disabled={disabled}
                control={
                  <Switch
                    name={field.name}
                    checked={Number(value) === 1}
                    onChange={(e) => form.setValue(field.name, e.target.checked ? 1 : 0)}
                  />
                }
              />
            );
            break;
          case 'lookup':
            control = (
              <LookupField
                id={common.id}
                name={field.name}
                label={field.label}
                value={value}
                lookup={field.lookup!}
                disabled={disabled}
                error={error}
                onChange={(v) => form.setValue(field.name, v)}
                onBlur={() => form.blur(field.name)}
              />
            );
            break;
          case 'select':
          case 'tree': {
            const options = kind === 'tree' ? indentedOptions(field.tree) : (field.options ?? []);
            control = (
              <TextField
                {...common}
                select
                value={value === undefined || value === null ? '' : String(value)}
                onChange={(e) => {
                  const raw = e.target.value;
                  const match = options.find((o) => String(o.value) === raw);
                  form.setValue(field.name, match ? match.value : raw);
                }}
              >
                {kind === 'tree' && <MenuItem value="0">{t('topLevel')}</MenuItem>}
                {options.map((o) => (
                  <MenuItem key={String(o.value)} value={String(o.value)}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
            break;
          }
          case 'number':
            control = (
              <TextField
                {...common}
                type="number"
                value={value === undefined || value === null ? '' : String(value)}
                onChange={(e) =>
                  form.setValue(field.name, e.target.value === '' ? '' : Number(e.target.value))
                }
              />
            );
            break;
          case 'day':
            control = (
              <TextField
                {...common}
                type="date"
                slotProps={{ inputLabel: { shrink: true } }}
                value={typeof value === 'string' ? value.slice(0, 10) : ''}
                onChange={(e) => form.setValue(field.name, e.target.value)}
              />
            );
            break;
          case 'date':
          case 'datetime': {
            const withTime = kind === 'datetime';
            control = (
              <TextField
                {...common}
                type={withTime ? 'datetime-local' : 'date'}
                slotProps={{ inputLabel: { shrink: true } }}
                value={toInputDate(value, withTime)}
                onChange={(e) => form.setValue(field.name, fromInputDate(e.target.value, withTime))}
              />
            );
            break;
          }
          default:
            control = (
              <TextField
                {...common}
                type={kind === 'password' ? 'password' : 'text'}
                slotProps={kind === 'money' ? { htmlInput: { inputMode: 'decimal' } } : undefined}
                multiline={kind === 'textarea'}
                minRows={kind === 'textarea' ? 3 : undefined}
                value={value === undefined || value === null ? '' : String(value)}
                onChange={(e) => form.setValue(field.name, e.target.value)}
              />
            );
        }
        return (
          <Box key={field.name} sx={span} data-field={field.name}>
            {control}
          </Box>
        );
      })}
    </Box>
  );
}
