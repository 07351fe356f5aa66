'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { SelectField } from '@/components/crud/select-field';
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
    <SelectField
      label={label}
      fullWidth
      value={value}
      onChange={onChange}
      error={!!error}
      helperText={error ?? (files.length ? ' ' : t('pickEmpty'))}
      emptyOption={t('pickNone')}
      options={files.map((f) => ({ value: f.fileId, label: `${f.catalogName} / ${f.fileName}` }))}
    />
  );
}
