'use client';

import Alert from '@mui/material/Alert';
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
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import {
  APPLICATION_TYPES,
  applicationFieldsSchema,
  CCC_CATEGORIES,
  NEEDS_CERT_NUMBER,
  requiredFields,
  type ApplicationModelVO,
  type Translate,
} from '@/lib/contracts/application/application';
import { parseExMarking } from '@/lib/contracts/application/ex-marking';
import type { CnexType } from '@/lib/contracts/application/machine';
import { checkCertNumber, PATHS } from './api';
import { FieldGroup, InputField, useContractTranslate, type StepProps } from './form-fields';

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
  const change = (index: number, patch: Partial<ApplicationModelVO>) =>
    step.set({ models: models.map((m, i) => (i === index ? { ...m, ...patch } : m)) });
  const error = step.errors.models;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <Table size="small" aria-label={t('models')}>
        <TableHead>
          <TableRow>
            <TableCell>{tf('model')}</TableCell>
            <TableCell>{tf('spec')}</TableCell>
            <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
              {tf('isSampleModel')}
            </TableCell>
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

/** What is wrong in one marking, in the words blade/ uses (the contract's parser and its `exMarking` texts). */
function markingProblem(t: Translate, marking: string): string | null {
  const parsed = parseExMarking(marking);
  return parsed.ok ? null : t(`application.form.exMarking.${parsed.problem.key}`, parsed.problem.values);
}

function MarkingsList({ step }: { step: StepProps }) {
  const t = useTranslations('application.screen.form');
  const tf = useTranslations('application.screen.fields');
  const rule = useContractTranslate();
  const [draft, setDraft] = useState('');
  // The typed marking's problem: a marking is parsed as it is added, and only a sound one joins the list.
  const [problem, setProblem] = useState<string | null>(null);
  const markings = step.input.exMarkings;
  const add = () => {
    const parsed = parseExMarking(draft);
    if (!parsed.ok) {
      setProblem(rule(`application.form.exMarking.${parsed.problem.key}`, parsed.problem.values));
      return;
    }
    const { marking } = parsed.value;
    if (markings.includes(marking)) {
      setProblem(rule('application.form.exMarkingDuplicate', { marking }));
      return;
    }
    setProblem(null);
    step.set({ exMarkings: [...markings, marking] });
    setDraft('');
  };
  const error = problem ?? step.errors.exMarkings;
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {markings.map((m) => {
          // A stored marking the parser now refuses says why on its chip.
          const wrong = markingProblem(rule, m);
          return (
            <Chip
              key={m}
              label={m}
              title={wrong ?? undefined}
              color={wrong ? 'error' : 'default'}
              onDelete={
                step.readOnly ? undefined : () => step.set({ exMarkings: markings.filter((x) => x !== m) })
              }
            />
          );
        })}
      </Box>
      {!step.readOnly && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={tf('exMarkings')}
            placeholder="Ex db eb IIC T4 Gb"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              if (problem) setProblem(null);
            }}
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

/**
 * For a change or renewal: whether the customer's company holds the certificate named (checkCertNumber), once the
 * number is well formed and typing has paused. Informational: the server decides on submit, the form is not held.
 */
function CertNumberCheck({ certNumber }: { certNumber: string }) {
  const t = useTranslations('application.screen');
  const rule = useContractTranslate();
  const wellFormed = useMemo(() => applicationFieldsSchema(rule).shape.certNumber, [rule]);
  const value = certNumber.trim();
  const checkable = value !== '' && wellFormed.safeParse(value).success;
  const [asked, setAsked] = useState('');
  useEffect(() => {
    if (!checkable) return;
    const timer = setTimeout(() => setAsked(value), 400);
    return () => clearTimeout(timer);
  }, [value, checkable]);
  const { data } = useSWR(
    checkable && asked === value ? ([PATHS.checkCertNumber, value] as const) : null,
    ([, number]: readonly [string, string]) => checkCertNumber(number),
  );
  if (!data || !checkable || asked !== value) return null;
  const cert = data.certificate;
  return (
    <Alert
      role="status"
      severity={data.exists ? (cert?.certStatus === 'valid' ? 'success' : 'warning') : 'info'}
      sx={{ gridColumn: '1 / -1', mb: 2 }}
    >
      {data.exists && cert
        ? t('form.certCheck.found', {
            certNumber: cert.certNumber,
            productName: cert.productName,
            validTo: cert.validTo,
            status: t.has(`cert.status.${cert.certStatus}`)
              ? t(`cert.status.${cert.certStatus}`)
              : cert.certStatus,
          })
        : t('form.certCheck.notFound', { certNumber: value })}
    </Alert>
  );
}

/** Step 2: the product (or the CNEx record), its models, Ex markings and standards. */
export function ProductStep({ step }: { step: StepProps }) {
  const t = useTranslations('application.screen');
  const tf = useTranslations('application.screen.fields');
  const scheme = step.input.scheme;
  const required = requiredFields(scheme, (step.input.cnexType || null) as CnexType | null);
  const standards = splitStandards(step.input.standards);
  const error = step.errors.standards;
  const needsCertNumber = (NEEDS_CERT_NUMBER as readonly string[]).includes(step.input.applicationType);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <FieldGroup title={t('form.product')}>
        <InputField
          name="productName"
          label={scheme === 'cnex' ? tf('scope') : tf('productName')}
          step={step}
          required={required.includes('productName')}
        />
        {scheme === 'ccc' && (
          <InputField
            name="productCategory"
            label={tf('productCategory')}
            step={step}
            required={required.includes('productCategory')}
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
        {needsCertNumber && <InputField name="certNumber" label={tf('certNumber')} step={step} required />}
        <InputField name="ratedParams" label={tf('ratedParams')} step={step} multiline />
        {needsCertNumber && <CertNumberCheck certNumber={step.input.certNumber} />}
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
              required={required.includes('standards')}
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
