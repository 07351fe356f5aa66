'use client';

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { APPLICATION_TYPES, type ModelRow } from './api';
import { FieldGroup, InputField, type StepProps } from './form-fields';
import { CCC_CATEGORIES, EX_MARKING, NEEDS_CERT_NUMBER } from './form-rules';

/** The GB/T 3836 parts most applications cite (DOMAIN §0); any other code may be typed. */
const STANDARD_SUGGESTIONS = [
  'GB/T 3836.1-2021',
  'GB/T 3836.2-2021',
  'GB/T 3836.3-2021',
  'GB/T 3836.4-2021',
  'GB/T 3836.5-2021',
  'GB/T 3836.8-2021',
  'GB/T 3836.9-2021',
  'GB/T 3836.31-2021',
];

const splitStandards = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function ModelsTable({ step }: { step: StepProps }) {
  const t = useTranslations('application.screen.form');
  const tf = useTranslations('application.screen.fields');
  const models = step.input.models;
  const change = (index: number, patch: Partial<ModelRow>) =>
    step.set({ models: models.map((m, i) => (i === index ? { ...m, ...patch } : m)) });
  const error = step.errors.models;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <Table size="small" aria-label={t('models')}>
        <TableHead>
          <TableRow>
            <TableCell>{tf('model')}</TableCell>
            <TableCell>{tf('spec')}</TableCell>
            <TableCell padding="checkbox">{tf('isSampleModel')}</TableCell>
            <TableCell>{tf('differenceNote')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {models.map((m, i) => (
            <TableRow key={i}>
              {(['model', 'spec'] as const).map((name) => (
                <TableCell key={name}>
                  <TextField
                    size="small"
                    fullWidth
                    value={m[name]}
                    disabled={step.readOnly}
                    slotProps={{ htmlInput: { 'aria-label': `${tf(name)} ${i + 1}` } }}
                    onChange={(e) => change(i, { [name]: e.target.value })}
                    onBlur={() => step.blur('models')}
                  />
                </TableCell>
              ))}
              <TableCell padding="checkbox">
                <Checkbox
                  checked={m.isSampleModel}
                  disabled={step.readOnly}
                  slotProps={{ input: { 'aria-label': `${tf('isSampleModel')} ${i + 1}` } }}
                  onChange={(e) => change(i, { isSampleModel: e.target.checked })}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  fullWidth
                  value={m.differenceNote}
                  disabled={step.readOnly}
                  slotProps={{ htmlInput: { 'aria-label': `${tf('differenceNote')} ${i + 1}` } }}
                  onChange={(e) => change(i, { differenceNote: e.target.value })}
                />
              </TableCell>
              <TableCell>
                {!step.readOnly && (
                  <Button
                    color="error"
                    size="small"
                    onClick={() => step.set({ models: models.filter((_, j) => j !== i) })}
                  >
                    {t('removeModel')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!step.readOnly && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() =>
            step.set({
              models: [
                ...models,
                // The first model is the representative one unless the customer says otherwise.
                { model: '', spec: '', isSampleModel: models.length === 0, differenceNote: '' },
              ],
            })
          }
        >
          {t('addModel')}
        </Button>
      )}
      <FormHelperText error={!!error}>{error ?? ' '}</FormHelperText>
    </Box>
  );
}

function MarkingsList({ step }: { step: StepProps }) {
  const t = useTranslations('application.screen.form');
  const tf = useTranslations('application.screen.fields');
  const [draft, setDraft] = useState('');
  const markings = step.input.exMarkings;
  const add = () => {
    const value = draft.trim().replace(/\s+/g, ' ');
    if (!value || markings.includes(value)) return;
    step.set({ exMarkings: [...markings, value] });
    setDraft('');
  };
  const error = step.errors.exMarkings;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {markings.map((m) => (
          <Chip
            key={m}
            label={m}
            color={EX_MARKING.test(m) ? 'default' : 'error'}
            onDelete={
              step.readOnly ? undefined : () => step.set({ exMarkings: markings.filter((x) => x !== m) })
            }
          />
        ))}
      </Box>
      {!step.readOnly && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={tf('exMarkings')}
            placeholder="Ex db eb IIC T4 Gb"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            onBlur={() => step.blur('exMarkings')}
            sx={{ width: 360 }}
          />
          <Button onClick={add} disabled={!draft.trim()}>
            {t('addMarking')}
          </Button>
        </Box>
      )}
      <FormHelperText error={!!error}>{error ?? t('markingHelp')}</FormHelperText>
    </Box>
  );
}

/** Step 2: the product (or the CNEx record), its models, Ex markings and standards. */
export function ProductStep({ step }: { step: StepProps }) {
  const t = useTranslations('application.screen');
  const tf = useTranslations('application.screen.fields');
  const scheme = step.input.scheme;
  const standards = splitStandards(step.input.standards);
  const error = step.errors.standards;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <FieldGroup title={t('form.product')}>
        <InputField
          name="productName"
          label={scheme === 'cnex' ? tf('scope') : tf('productName')}
          step={step}
          required
        />
        {scheme === 'ccc' && (
          <InputField
            name="productCategory"
            label={tf('productCategory')}
            step={step}
            required
            options={CCC_CATEGORIES.map((c) => ({ value: c, label: `${c} ${t(`category.${c}`)}` }))}
          />
        )}
        <InputField name="unitNo" label={tf('unitNo')} step={step} />
        <InputField name="trademark" label={tf('trademark')} step={step} />
        <InputField
          name="applicationType"
          label={tf('applicationType')}
          step={step}
          required
          options={APPLICATION_TYPES.map((a) => ({ value: a, label: t(`applicationType.${a}`) }))}
        />
        {NEEDS_CERT_NUMBER.includes(step.input.applicationType) && (
          <InputField name="certNumber" label={tf('certNumber')} step={step} required />
        )}
        <InputField name="ratedParams" label={tf('ratedParams')} step={step} multiline />
      </FieldGroup>
      <FieldGroup title={t('form.models')} columns={1}>
        <ModelsTable step={step} />
      </FieldGroup>
      <FieldGroup title={tf('exMarkings')} columns={1}>
        <MarkingsList step={step} />
      </FieldGroup>
      <FieldGroup title={tf('standards')} columns={1}>
        <Autocomplete<string, true, false, true>
          multiple
          freeSolo
          options={STANDARD_SUGGESTIONS}
          value={standards}
          disabled={step.readOnly}
          onChange={(_, next) =>
            step.set({ standards: [...new Set(next.map((s) => s.trim()).filter(Boolean))].join(',') })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={tf('standards')}
              error={!!error}
              helperText={error ?? t('form.standardsHelp')}
              onBlur={() => step.blur('standards')}
            />
          )}
        />
        <InputField name="remark" label={tf('remark')} step={step} multiline />
      </FieldGroup>
    </Box>
  );
}
