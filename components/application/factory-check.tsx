'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { z } from '@/lib/zod';
import { firstErrors } from '@/components/crud/first-errors';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import { PATHS, type FactoryCheckResult, type FactoryCheckVO } from './api';
import { DocumentPicker } from './document-picker';

const RESULTS: readonly FactoryCheckResult[] = ['pass', 'nc', 'fail'];

/** A stored file's id (the files module's 32 hex digits). */
const FILE_ID = /^[0-9a-f]{32}$/i;

const EMPTY = { checkDate: '', result: '', ncItems: '', conclusion: '', reportFileId: '' };

/**
 * The visit's rules: a day, a result, a conclusion, the nonconformities when there are some, and optionally the
 * report among the application's documents.
 */
export function factoryCheckSchema(rule: (key: string) => string) {
  return z
    .object({
      checkDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, rule('checkDateRequired')),
      result: z.enum(RESULTS, { error: rule('resultRequired') }),
      ncItems: z.string().trim().max(2000, rule('tooLong')),
      conclusion: z.string().trim().min(1, rule('conclusionRequired')).max(2000, rule('tooLong')),
      reportFileId: z.string().refine((v) => v === '' || FILE_ID.test(v), rule('reportFileIdInvalid')),
    })
    .refine((v) => v.result !== 'nc' || v.ncItems.length > 0, {
      path: ['ncItems'],
      message: rule('ncItemsRequired'),
    });
}

/** The visits of a case (factoryCheck/list). */
export function FactoryCheckList({ applicationId }: { applicationId: string }) {
  const t = useTranslations('application.screen.check');
  const { data } = useSWR<FactoryCheckVO[]>([PATHS.factoryCheckList, { applicationId }]);
  if (!data?.length) return <Typography color="text.secondary">{t('none')}</Typography>;
  return (
    <Table size="small" aria-label={t('list')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('checkDate')}</TableCell>
          <TableCell>{t('result')}</TableCell>
          <TableCell>{t('ncItems')}</TableCell>
          <TableCell>{t('conclusion')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((c) => (
          <TableRow key={c.id}>
            <TableCell>{c.checkDate}</TableCell>
            <TableCell>{t(`results.${c.result}`)}</TableCell>
            <TableCell>{c.ncItems}</TableCell>
            <TableCell>{c.conclusion}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The inspector's result of a factory inspection (or CNEx on-site audit): factoryCheck/saveResult records the visit
 * and makes the step (pass → evaluation, nc → nonconformity correction). The server's refusal stays on the form.
 */
export function FactoryCheckForm({
  row,
  onDone,
}: {
  row: Pick<ApplicationVO, 'id' | 'scheme' | 'batchNumber'>;
  onDone: (row: ApplicationVO) => void | Promise<unknown>;
}) {
  const t = useTranslations('application.screen.check');
  const notify = useNotify();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { busy, refusal, run } = useRefusal();
  const schema = factoryCheckSchema((key) => t(`rules.${key}`));
  const problems = (v: typeof values): Record<string, string> => {
    const result = schema.safeParse(v);
    return result.success ? {} : firstErrors(result.error);
  };
  const set = (name: keyof typeof values, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors({ ...errors, [name]: problems(next)[name] });
  };
  const field = (name: keyof typeof values) => ({
    name,
    label: t(name),
    size: 'small' as const,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    onBlur: () => setErrors({ ...errors, [name]: problems(values)[name] }),
    error: !!errors[name],
    helperText: errors[name] ?? ' ',
  });
  const save = async () => {
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    await run(async () => {
      const { data } = await bladeRequest<{ application: ApplicationVO }>(PATHS.factoryCheckSave, {
        method: 'POST',
        body: {
          applicationId: row.id,
          ...values,
          ncItems: values.ncItems.trim() || undefined,
          reportFileId: values.reportFileId || undefined,
        },
      });
      notify(t('saved'), 'success');
      setValues(EMPTY);
      await onDone(data.application);
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('title')}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, columnGap: 2 }}>
        <TextField
          {...field('checkDate')}
          type="date"
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectField
          {...field('result')}
          onChange={(result) => set('result', result)}
          required
          options={RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) }))}
        />
        <TextField {...field('ncItems')} multiline minRows={2} required={values.result === 'nc'} />
        <TextField {...field('conclusion')} multiline minRows={2} required />
        <DocumentPicker
          row={row}
          label={t('reportFile')}
          value={values.reportFileId}
          onChange={(fileId) => set('reportFileId', fileId)}
          error={errors.reportFileId}
        />
      </Box>
      <RefusalAlert refusal={refusal} sx={{ mb: 1 }} />
      <Button variant="contained" disabled={busy} onClick={() => void save()}>
        {t('save')}
      </Button>
    </Paper>
  );
}
