'use client';

import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { CrudGrid } from '@/components/crud/crud-grid';
import { FormDialog } from '@/components/crud/form-dialog';
import { useCrudList } from '@/components/crud/use-crud-list';
import { useRefusal } from '@/components/crud/use-refusal';
import { useNotify } from '@/components/providers/notifier';
import type { SurveyItemVO, SurveyVO } from '@/lib/contracts/quality/quality';
import { answerSurvey, QUALITY_PATHS } from './api';
import { completeAnswers, RatingForm, type Scores } from './rating-form';
import { PagePanel } from '@/components/crud/page-panel';

/** One survey in a dialog: the rating form to answer it, or its answers once given. */
export function SurveyDialog({
  survey,
  onClose,
  onDone,
}: {
  survey: SurveyVO;
  onClose: () => void;
  onDone: () => void | Promise<unknown>;
}) {
  const t = useTranslations('quality.screen');
  const notify = useNotify();
  const answered = survey.surveyState === 'answered';
  const { data: current } = useSWR<SurveyItemVO[]>(answered ? null : QUALITY_PATHS.surveyItems);
  // An answered survey shows the questions as they were asked.
  const items: SurveyItemVO[] = answered
    ? survey.answers.map((a, i) => ({ id: a.itemId, title: a.title, sort: i }))
    : (current ?? []);
  const [scores, setScores] = useState<Scores>(() =>
    Object.fromEntries(survey.answers.map((a) => [a.itemId, a.score])),
  );
  const [comment, setComment] = useState(survey.comment);
  const [tried, setTried] = useState(false);
  // A refusal was toasted by the fetcher; the dialog stays open with the scores given.
  const { busy, run } = useRefusal();
  const submit = async () => {
    setTried(true);
    const answers = completeAnswers(items, scores);
    if (!answers) return;
    await run(async () => {
      await answerSurvey({ id: survey.id, answers, comment });
      notify(t('mySurvey.saved'), 'success');
      await onDone();
    });
  };
  return (
    <FormDialog
      open
      title={`${t('mySurvey.title')} · ${survey.applicationNo} ${survey.productName}`}
      onClose={onClose}
      onSubmit={answered ? undefined : () => void submit()}
      submitting={busy}
      width={720}
    >
      <RatingForm
        items={items}
        scores={scores}
        onScore={(id, score) => setScores((s) => ({ ...s, [id]: score }))}
        comment={comment}
        onComment={setComment}
        readOnly={answered}
        showMissing={tried}
      />
    </FormDialog>
  );
}

/** /application/mySurvey: the surveys sent to the caller's company, answered once each. */
export function MySurveys() {
  const t = useTranslations('quality');
  const list = useCrudList<SurveyVO>({ url: QUALITY_PATHS.surveys });
  const [open, setOpen] = useState<SurveyVO | null>(null);
  const columns: GridColDef<SurveyVO>[] = [
    { field: 'applicationNo', headerName: t('survey.applicationNo'), flex: 1 },
    { field: 'productName', headerName: t('survey.productName'), flex: 1.5 },
    {
      field: 'surveyState',
      headerName: t('survey.surveyState'),
      width: 120,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.surveyState === 'answered' ? 'success' : 'warning'}
          label={t(`survey.states.${row.surveyState}`)}
        />
      ),
    },
    { field: 'average', headerName: t('survey.average'), width: 100 },
    { field: 'createTime', headerName: t('survey.createTime'), width: 170 },
  ];
  return (
    <PagePanel title={t('screen.mySurvey.title')}>
      <CrudGrid<SurveyVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('screen.mySurvey.title')}
        onRowClick={setOpen}
        rowActions={[
          {
            label: t('screen.mySurvey.answer'),
            onClick: setOpen,
            hidden: (row) => row.surveyState !== 'sent',
          },
          {
            label: t('screen.mySurvey.view'),
            onClick: setOpen,
            hidden: (row) => row.surveyState !== 'answered',
          },
        ]}
      />
      {open && (
        <SurveyDialog
          key={open.id}
          survey={open}
          onClose={() => setOpen(null)}
          onDone={async () => {
            setOpen(null);
            await list.reload();
          }}
        />
      )}
    </PagePanel>
  );
}
