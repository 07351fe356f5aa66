'use client';

import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { FormDialog } from '@/components/crud/form-dialog';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import { useNotify } from '@/components/providers/notifier';
import type { BladePage as Page } from '@/components/crud/types';
import { CUSTOMER_KINDS, SUBJECT_TYPES, type SubjectType } from '@/lib/contracts/quality/machine';
import type { ComplaintSaveInput, ComplaintVO } from '@/lib/contracts/quality/quality';
import { QUALITY_PATHS, saveComplaint } from './api';

interface Option {
  id: string;
  label: string;
}

/** The company's applications or certificates to name what the complaint is about (the first 100, newest first). */
function useSubjects(type: SubjectType): Option[] {
  const url =
    type === 'application'
      ? QUALITY_PATHS.myApplications
      : type === 'certificate'
        ? QUALITY_PATHS.myCertificates
        : null;
  const { data } = useSWR<Page<Record<string, string>>>(url ? [url, { current: 1, size: 100 }] : null);
  return (data?.records ?? []).map((r) => ({
    id: String(r.id),
    label:
      type === 'application'
        ? `${r.applicationNo || r.id} ${r.productName ?? ''}`.trim()
        : `${r.certNumber} ${r.productName ?? ''}`.trim(),
  }));
}

/** The customer's complaint: new, or a change while not yet acknowledged. */
export function ComplaintForm({
  row,
  onClose,
  onSaved,
}: {
  row: ComplaintVO | null;
  onClose: () => void;
  onSaved: () => void | Promise<unknown>;
}) {
  const t = useTranslations('quality');
  const notify = useNotify();
  const [form, setForm] = useState({
    kind: row?.kind === 'survey_followup' ? 'complaint' : (row?.kind ?? 'complaint'),
    subjectType: row?.subjectType ?? ('service' as SubjectType),
    applicationId: row?.applicationId ?? '',
    certificateId: row?.certificateId ?? '',
    title: row?.title ?? '',
    content: row?.content ?? '',
  });
  const [tried, setTried] = useState(false);
  // A refusal was toasted by the fetcher; the dialog stays open with what was typed.
  const { busy, run } = useRefusal();
  const subjects = useSubjects(form.subjectType);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const subjectField = form.subjectType === 'application' ? 'applicationId' : 'certificateId';
  const missing = {
    title: !form.title.trim(),
    content: !form.content.trim(),
    subject: form.subjectType !== 'service' && !form[subjectField],
  };
  const submit = async () => {
    setTried(true);
    if (missing.title || missing.content || missing.subject) return;
    await run(async () => {
      const input: ComplaintSaveInput = {
        ...(row ? { id: row.id } : {}),
        kind: form.kind as ComplaintSaveInput['kind'],
        subjectType: form.subjectType,
        ...(form.subjectType === 'application' ? { applicationId: form.applicationId } : {}),
        ...(form.subjectType === 'certificate' ? { certificateId: form.certificateId } : {}),
        title: form.title.trim(),
        content: form.content.trim(),
        fileIds: row?.fileIds ?? [],
      };
      await saveComplaint(input);
      notify(t('screen.myComplaint.saved'), 'success');
      await onSaved();
    });
  };
  return (
    <FormDialog
      open
      title={row ? t('screen.myComplaint.edit') : t('screen.myComplaint.new')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      width={720}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <SelectField
          label={t('complaint.kind')}
          value={form.kind}
          onChange={set('kind')}
          options={CUSTOMER_KINDS.map((k) => ({ value: k, label: t(`complaint.kinds.${k}`) }))}
        />
        <SelectField
          label={t('complaint.subjectType')}
          value={form.subjectType}
          onChange={set('subjectType')}
          options={SUBJECT_TYPES.map((s) => ({ value: s, label: t(`complaint.subjects.${s}`) }))}
        />
        {form.subjectType !== 'service' && (
          <SelectField
            label={t(`complaint.${subjectField}`)}
            value={form[subjectField]}
            onChange={set(subjectField)}
            error={tried && missing.subject}
            sx={{ gridColumn: '1 / -1' }}
            options={subjects.map((o) => ({ value: o.id, label: o.label }))}
          />
        )}
        <TextField
          label={t('complaint.title')}
          value={form.title}
          onChange={(e) => set('title')(e.target.value)}
          required
          error={tried && missing.title}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          label={t('complaint.content')}
          value={form.content}
          onChange={(e) => set('content')(e.target.value)}
          required
          error={tried && missing.content}
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
    </FormDialog>
  );
}
