'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { RecordState } from '@/components/business/record-header';
import { FileTreePage } from '@/components/files/file-tree-page';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import type { ApplicationTransition, Scheme } from '@/lib/contracts/application/machine';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { archiveRecord, PATHS } from './api';
import { ApplicationSummary } from './application-summary';
import { CaseHeader } from './case-header';
import { CertificateCard } from './certificate-card';
import { formHref } from './columns';
import { inputOf } from './form-rules';
import { StepDialog } from './step-dialog';
import { customerSteps, isEditable, offersSampleSent } from './step-logic';
import { ApplicationTimeline } from './timeline';
import { useApplication } from './use-application';

/** The customer's samples-sent form: the courier number of the parcel (flowInstance/sampleSent). */
export function SampleSentForm({ id, onDone }: { id: string; onDone: (row: ApplicationVO) => void }) {
  const t = useTranslations('application.screen.samples');
  const notify = useNotify();
  const [courierNo, setCourierNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = (value: string) =>
    !value.trim() ? t('courierRequired') : value.trim().length > 64 ? t('courierTooLong') : null;
  const send = async () => {
    const problem = check(courierNo);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { data } = await bladeRequest<ApplicationVO>(PATHS.sampleSent, {
        method: 'POST',
        body: { id, courierNo: courierNo.trim() },
      });
      notify(t('sent'), 'success');
      onDone(data);
    } catch (failure) {
      if (!(failure instanceof BladeError)) throw failure;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('title')}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('courierNo')}
          required
          value={courierNo}
          onChange={(e) => setCourierNo(e.target.value)}
          onBlur={() => setError(check(courierNo))}
          error={!!error}
          helperText={error ?? ' '}
          sx={{ width: 320 }}
        />
        <Button variant="contained" disabled={busy} onClick={() => void send()}>
          {t('send')}
        </Button>
      </Box>
    </Paper>
  );
}

/** /application/detail?id=: the customer's case — state, return reason, timeline, documents, samples, certificate. */
export function ApplicationDetail({ scheme, id }: { scheme: Scheme | null; id: string }) {
  const t = useTranslations('application.screen');
  const ta = useTranslations('application.action');
  const router = useRouter();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const { row, loading, reload } = useApplication(scheme, id);
  const [tab, setTab] = useState<'details' | 'timeline' | 'documents'>('details');
  const [step, setStep] = useState<ApplicationTransition | null>(null);
  if (!row) return <RecordState loading={loading} />;
  const refresh = async () => {
    await reload();
    await mutate((key) => Array.isArray(key) && key[0] === PATHS.timeline);
  };
  const steps = customerSteps(row.scheme, row.flowState, can);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CaseHeader row={row} staff={false} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        {isEditable(row.flowState) && can('application_apply') && (
          <Button variant="contained" onClick={() => router.push(formHref(row))}>
            {t('common.edit')}
          </Button>
        )}
        {steps.map((s) => (
          <Button key={s.name} variant="outlined" color="warning" onClick={() => setStep(s)}>
            {ta(s.name)}
          </Button>
        ))}
      </Box>
      {offersSampleSent(row.scheme, row.flowState, can) && (
        <SampleSentForm id={row.id} onDone={() => void refresh()} />
      )}
      {row.flowState === 'issued' && row.certificateId && <CertificateCard id={row.certificateId} />}
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} aria-label={t('detail.tabsLabel')}>
        <Tab value="details" label={t('detail.tabs.details')} />
        <Tab value="timeline" label={t('detail.tabs.timeline')} />
        <Tab value="documents" label={t('detail.tabs.documents')} />
      </Tabs>
      {tab === 'details' && <ApplicationSummary input={inputOf(row)} />}
      {tab === 'timeline' && <ApplicationTimeline id={row.id} />}
      {tab === 'documents' && <FileTreePage record={archiveRecord(row.scheme, row.id)} queryView={false} />}
      {step && <StepDialog row={row} transition={step} onClose={() => setStep(null)} onDone={refresh} />}
    </Box>
  );
}
