'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { RecordHeader, RecordState } from '@/components/business/record-header';
import { FileTreePage } from '@/components/files/file-tree-page';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import type { ApplicationTransition, Scheme } from '@/lib/contracts/application/machine';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { archiveRecord, PATHS } from './api';
import { ApplicationSummary } from './application-summary';
import { CaseHeader } from './case-header';
import { CertificateCard } from './certificate-card';
import { FactoryCheckForm, FactoryCheckList } from './factory-check';
import { inputOf } from './form-rules';
import { StepDialog } from './step-dialog';
import { offersFactoryCheck, staffSteps } from './step-logic';
import { ApplicationTimeline } from './timeline';
import { useApplication } from './use-application';

/** The step buttons of a case: what machine.ts offers from its state, filtered by the caller's button codes. */
export function StepButtons({
  row,
  onStep,
}: {
  row: Pick<ApplicationVO, 'scheme' | 'flowState'>;
  onStep: (t: ApplicationTransition) => void;
}) {
  const t = useTranslations('application.action');
  const ts = useTranslations('application.screen.step');
  const { ready, can } = usePermissions();
  if (!ready) return null;
  const steps = staffSteps(row.scheme, row.flowState, can);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={ts('buttons')}>
      {steps.map((s) => (
        <Button
          key={s.name}
          variant={s.to === 'terminated' || s.reasonRequired ? 'outlined' : 'contained'}
          color={s.to === 'terminated' ? 'error' : s.reasonRequired ? 'warning' : 'primary'}
          onClick={() => onStep(s)}
        >
          {t(s.name)}
        </Button>
      ))}
    </Box>
  );
}

/** The samples of a case as the customer and the lab recorded them. */
function Samples({ row }: { row: ApplicationVO }) {
  const t = useTranslations('application.screen.samples');
  return (
    <RecordHeader
      title={t('title')}
      items={[
        { label: t('sampleSent'), value: row.sampleSent ? t('yes') : t('no') },
        { label: t('courierNo'), value: row.sampleCourierNo },
        { label: t('sentAt'), value: row.sampleSentAt },
        { label: t('receivedAt'), value: row.samplesReceivedAt },
      ]}
    />
  );
}

/** /businessManagement/case?id=: the staff's case — details, timeline, documents, samples, factory checks, steps. */
export function CasePage({ scheme, id }: { scheme: Scheme | null; id: string }) {
  const t = useTranslations('application.screen');
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const { row, loading, reload } = useApplication(scheme, id);
  const [tab, setTab] = useState<'details' | 'timeline' | 'documents' | 'samples' | 'checks'>('details');
  const [step, setStep] = useState<ApplicationTransition | null>(null);
  if (!row) return <RecordState loading={loading} />;
  // After a step: the case, its history and its visits, and every business list that may now hold it elsewhere.
  const refresh = async () => {
    await reload();
    await mutate(
      (key) =>
        Array.isArray(key) &&
        typeof key[0] === 'string' &&
        (key[0] === PATHS.timeline ||
          key[0] === PATHS.factoryCheckList ||
          key[0].startsWith('/api/blade-customer/paymentNote/')),
    );
  };
  const checkForm = offersFactoryCheck(row.scheme, row.flowState, can);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CaseHeader row={row} staff />
      <StepButtons row={row} onStep={setStep} />
      {row.flowState === 'issued' && row.certificateId && <CertificateCard id={row.certificateId} />}
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} aria-label={t('detail.tabsLabel')}>
        <Tab value="details" label={t('detail.tabs.details')} />
        <Tab value="timeline" label={t('detail.tabs.timeline')} />
        <Tab value="documents" label={t('detail.tabs.documents')} />
        {row.scheme !== 'cnex' && <Tab value="samples" label={t('detail.tabs.samples')} />}
        {row.scheme !== 'cqst' && <Tab value="checks" label={t('detail.tabs.checks')} />}
      </Tabs>
      {tab === 'details' && <ApplicationSummary input={inputOf(row)} />}
      {tab === 'timeline' && <ApplicationTimeline id={row.id} />}
      {tab === 'documents' && (
        // Read: the server's node flags give staff no upload or delete on a customer's application archive.
        <FileTreePage record={archiveRecord(row.scheme, row.id)} queryView={false} />
      )}
      {tab === 'samples' && <Samples row={row} />}
      {tab === 'checks' && (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <FactoryCheckList applicationId={row.id} />
          {checkForm && <FactoryCheckForm row={row} onDone={refresh} />}
        </Paper>
      )}
      {step && <StepDialog row={row} transition={step} onClose={() => setStep(null)} onDone={refresh} />}
    </Box>
  );
}
