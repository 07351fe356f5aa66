'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { CrudGrid } from '@/components/crud/crud-grid';
import { useCrudList } from '@/components/crud/use-crud-list';
import type { SurveyAverages, SurveyVO } from '@/lib/contracts/quality/quality';
import { QUALITY_PATHS } from './api';
import { SurveyDialog } from './my-surveys';
import { PagePanel } from '@/components/crud/page-panel';

/** /businessManagement/survey: every survey with its average, and the averages overall and per question. */
export function StaffSurveys() {
  const t = useTranslations('quality');
  const list = useCrudList<SurveyVO>({ url: QUALITY_PATHS.surveys });
  // The averages travel with any page of the list: the smallest one is asked for them.
  const { data: summary } = useSWR<{ averages?: SurveyAverages }>([
    QUALITY_PATHS.surveys,
    { current: 1, size: 1, surveyState: 'answered' },
  ]);
  const averages = summary?.averages;
  const [open, setOpen] = useState<SurveyVO | null>(null);
  const columns: GridColDef<SurveyVO>[] = [
    { field: 'companyName', headerName: t('survey.companyName'), flex: 1 },
    { field: 'applicationNo', headerName: t('survey.applicationNo'), width: 160 },
    { field: 'productName', headerName: t('survey.productName'), flex: 1 },
    {
      field: 'surveyState',
      headerName: t('survey.surveyState'),
      width: 110,
      valueGetter: (_, row) => t(`survey.states.${row.surveyState}`),
    },
    {
      field: 'average',
      headerName: t('survey.average'),
      width: 110,
      renderCell: ({ row }) =>
        row.average ? (
          <Chip size="small" color={row.followupId ? 'error' : 'success'} label={row.average} />
        ) : (
          ''
        ),
    },
    { field: 'answeredAt', headerName: t('survey.answeredAt'), width: 170 },
  ];
  return (
    <PagePanel title={t('screen.staff.surveyTitle')}>
      {averages && (
        <Box aria-label={t('screen.staff.averages')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            color="primary"
            label={`${t('screen.staff.overall')} ${averages.overall || '-'} · ${t('screen.staff.answeredCount', { count: averages.answered })}`}
          />
          {averages.items.map((i) => (
            <Chip key={i.itemId} variant="outlined" label={`${i.title} ${i.average}`} />
          ))}
        </Box>
      )}
      <CrudGrid<SurveyVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('screen.staff.surveyTitle')}
        onRowClick={(row) => row.surveyState === 'answered' && setOpen(row)}
      />
      {open && <SurveyDialog survey={open} onClose={() => setOpen(null)} onDone={() => setOpen(null)} />}
    </PagePanel>
  );
}
