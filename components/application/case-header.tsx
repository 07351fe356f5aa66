'use client';

import Alert from '@mui/material/Alert';
import { useTranslations } from 'next-intl';
import { RecordHeader } from '@/components/business/record-header';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import { StateChip } from './state-chip';

/** The top of a case: product, number, scheme, state, dates; the return reason while it is returned. */
export function CaseHeader({ row, staff }: { row: ApplicationVO; staff: boolean }) {
  const t = useTranslations('application.screen');
  const ts = useTranslations('application.scheme');
  const f = (name: string) => t(`fields.${name}`);
  return (
    <>
      <RecordHeader
        title={row.productName || t('common.untitled')}
        items={[
          { label: f('flowState'), value: <StateChip state={row.flowState} /> },
          { label: f('applicationNo'), value: row.applicationNo },
          {
            label: f('scheme'),
            value:
              row.scheme === 'cnex' && row.cnexType
                ? `${ts('cnex')} · ${t(`cnexType.${row.cnexType}`)}`
                : ts(row.scheme),
          },
          { label: f('batchNumber'), value: row.batchNumber },
          ...(staff ? [{ label: f('companyName'), value: row.companyName }] : []),
          { label: f('engineerName'), value: row.engineerName },
          { label: f('submittedAt'), value: row.submittedAt },
          { label: f('acceptedAt'), value: row.acceptedAt },
          { label: f('finishedAt'), value: row.finishedAt },
          ...(row.issuedCertNumber ? [{ label: f('issuedCertNumber'), value: row.issuedCertNumber }] : []),
          ...(row.testConclusion
            ? [{ label: f('testConclusion'), value: row.testConclusion, wide: true }]
            : []),
          ...(row.inspectionConclusion
            ? [{ label: f('inspectionConclusion'), value: row.inspectionConclusion, wide: true }]
            : []),
          ...(row.evaluationComment
            ? [{ label: f('evaluationComment'), value: row.evaluationComment, wide: true }]
            : []),
        ]}
      />
      {row.flowState === 'returned' && row.retreatReason && (
        <Alert severity="warning">{t('detail.returnReason', { reason: row.retreatReason })}</Alert>
      )}
    </>
  );
}
