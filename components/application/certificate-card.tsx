'use client';

import Chip from '@mui/material/Chip';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { RecordHeader } from '@/components/business/record-header';
import { PATHS, type CertificateVO } from './api';
import { CertificateHistory } from './certificate-history';

/** The certificate of an issued case (certificate/detail). */
export function CertificateCard({ id }: { id: string }) {
  const t = useTranslations('application.screen.cert');
  const { data } = useSWR<CertificateVO>([PATHS.certificateDetail, { id }]);
  if (!data) return null;
  return (
    <>
      <RecordHeader
        title={t('of', { number: data.certNumber })}
        items={[
          { label: t('certNumber'), value: data.certNumber },
          { label: t('version'), value: data.version },
          {
            label: t('certStatus'),
            value: (
              <Chip
                size="small"
                color={data.certStatus === 'valid' ? 'success' : 'default'}
                label={t(`status.${data.certStatus}`)}
              />
            ),
          },
          { label: t('holderName'), value: data.holderName },
          { label: t('productName'), value: data.productName },
          { label: t('issueDate'), value: data.issueDate },
          { label: t('validTo'), value: data.validTo },
          { label: t('exMarkings'), value: (data.exMarkings ?? []).join('；'), wide: true },
        ]}
      />
      <CertificateHistory id={data.id} />
    </>
  );
}
