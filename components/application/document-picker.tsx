'use client';

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import type { ApplicationVO, BatchFileVO } from '@/lib/contracts/application/application';
import { SCHEME_CALLS } from './api';

/**
 * One of the application's documents (the scheme's batch file list, this application's rows), chosen by its file id:
 * the test report passTest records, the report of a factory inspection. Optional, so "none" is the first choice.
 */
export function DocumentPicker({
  row,
  label,
  value,
  onChange,
  error,
}: {
  row: Pick<ApplicationVO, 'id' | 'scheme' | 'batchNumber'>;
  label: string;
  value: string;
  onChange: (fileId: string) => void;
  error?: string;
}) {
  const t = useTranslations('application.screen.documents');
  const { data } = useSWR<BatchFileVO[]>(
    row.batchNumber ? [SCHEME_CALLS[row.scheme].files, { batchNumber: row.batchNumber }, 'POST'] : null,
  );
  const files = (data ?? []).filter((f) => String(f.applicationId) === String(row.id));
  return (
    <TextField
      select
      label={label}
      fullWidth
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? (files.length ? ' ' : t('pickEmpty'))}
    >
      <MenuItem value="">{t('pickNone')}</MenuItem>
      {files.map((f) => (
        <MenuItem key={f.fileId} value={f.fileId}>
          {`${f.catalogName} / ${f.fileName}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
