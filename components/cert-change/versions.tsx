'use client';

import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { PATHS } from '@/components/application/api';
import { RecordHeader } from '@/components/business/record-header';
import type { SnapshotVO } from '@/lib/contracts/cert-change/cert-change';

interface VersionVO {
  id: string;
  version: number;
  issueDate: string;
  validTo: string;
  certStatus: string;
  current: boolean;
  supersededAt: string;
}

/**
 * Every version of a certificate number (certificate/detail `versions`): a change reissues the number as a new version
 * and the earlier ones stay readable — choosing a row shows that version's certificate.
 */
export function CertificateVersions({ id }: { id: string }) {
  const t = useTranslations('certChange.screen');
  const tc = useTranslations('application.screen.cert');
  const { data } = useSWR<{ versions?: VersionVO[] }>([PATHS.certificateDetail, { id }]);
  const [chosen, setChosen] = useState<string | null>(null);
  const versions = data?.versions ?? [];
  if (versions.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('versions')}
      </Typography>
      <Table size="small" aria-label={t('versions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('version')}</TableCell>
            <TableCell>{tc('issueDate')}</TableCell>
            <TableCell>{tc('validTo')}</TableCell>
            <TableCell>{tc('certStatus')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((v) => (
            <TableRow
              key={v.id}
              hover
              selected={v.id === (chosen ?? id)}
              onClick={() => setChosen(v.id)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>
                {t('versionNo', { version: v.version })}{' '}
                {v.current ? (
                  <Chip size="small" color="success" label={t('current')} />
                ) : (
                  <Chip size="small" label={t('superseded')} />
                )}
              </TableCell>
              <TableCell>{v.issueDate}</TableCell>
              <TableCell>{v.validTo}</TableCell>
              <TableCell>{v.current ? tc(`status.${v.certStatus}`) : t('superseded')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {chosen && chosen !== id && <VersionCard id={chosen} />}
    </>
  );
}

type VersionDetail = SnapshotVO & {
  certNumber: string;
  version: number;
  current: boolean;
  certStatus: string;
  issueDate: string;
  validTo: string;
};

/**
 * One version as it was issued: the fields a change alters (holder, manufacturer, factory and their addresses,
 * product, markings, standards), so two versions can be told apart; a replaced version reads 已换发, not its stored
 * status.
 */
function VersionCard({ id }: { id: string }) {
  const t = useTranslations('certChange.screen');
  const tc = useTranslations('application.screen.cert');
  const { data } = useSWR<VersionDetail>([PATHS.certificateDetail, { id }]);
  if (!data) return null;
  const field = (name: keyof SnapshotVO) => ({ label: t(`field.${name}`), value: String(data[name] ?? '') });
  return (
    <RecordHeader
      title={t('versionTitle', { number: data.certNumber, version: data.version })}
      status={data.current ? tc(`status.${data.certStatus}`) : t('superseded')}
      items={[
        field('holderName'),
        field('holderAddress'),
        field('manufacturerName'),
        field('factoryName'),
        field('factoryAddress'),
        field('productName'),
        { label: tc('issueDate'), value: data.issueDate },
        { label: tc('validTo'), value: data.validTo },
        { label: t('field.exMarkings'), value: data.exMarkings.join('；'), wide: true },
        { label: t('field.standards'), value: data.standards, wide: true },
      ]}
    />
  );
}
