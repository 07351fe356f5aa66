'use client';

import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormDialog } from '@/components/crud/form-dialog';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { useRefusal } from '@/components/crud/use-refusal';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import type { ApplicationTransition } from '@/lib/contracts/application/machine';
import { transit, type TransitInput } from './api';
import { DocumentPicker } from './document-picker';
import { stepInput } from './step-logic';

const FIELD: Record<Exclude<ReturnType<typeof stepInput>, 'none'>, keyof TransitInput> = {
  reason: 'reason',
  testConclusion: 'testConclusion',
  evaluationComment: 'evaluationComment',
};

/**
 * One step of a case (applicationFlow/transit): a confirmation, with the text the step needs — a reason for a
 * return, rectification, nonconformity, refusal or termination, the test conclusion for passTest, the comment for
 * evaluate. The server's refusal stays in the dialog as it came, with what was typed.
 */
export function StepDialog({
  row,
  transition,
  onClose,
  onDone,
}: {
  row: Pick<ApplicationVO, 'id' | 'scheme' | 'batchNumber'>;
  transition: ApplicationTransition;
  onClose: () => void;
  onDone: (row: ApplicationVO) => void | Promise<unknown>;
}) {
  const t = useTranslations('application');
  const kind = stepInput(transition);
  const [text, setText] = useState('');
  const [reportId, setReportId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, refusal, run } = useRefusal();
  const check = (value: string) =>
    kind !== 'none' && !value.trim() ? t(`screen.step.${kind}Required`) : null;
  const submit = async () => {
    const problem = check(text);
    setError(problem);
    if (problem) return;
    await run(async () => {
      const after = await transit({
        id: row.id,
        action: transition.name,
        ...(kind === 'none' ? {} : { [FIELD[kind]]: text.trim() }),
        ...(kind === 'testConclusion' && reportId ? { testReportFileId: reportId } : {}),
      });
      onClose();
      await onDone(after);
    });
  };
  return (
    <FormDialog
      open
      title={t(`action.${transition.name}`)}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      submitLabel={t('screen.step.ok')}
      width={560}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>
          {t('screen.step.confirm', {
            action: t(`action.${transition.name}`),
            state: t(`state.${transition.to}`),
          })}
        </Typography>
        {kind !== 'none' && (
          <TextField
            label={t(`screen.step.${kind}`)}
            required
            multiline
            minRows={3}
            fullWidth
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(check(e.target.value));
            }}
            onBlur={() => setError(check(text))}
            error={!!error}
            helperText={error ?? ' '}
          />
        )}
        {kind === 'testConclusion' && (
          // The report is optional: the conclusion is what evaluation needs.
          <DocumentPicker
            row={row}
            label={t('screen.step.testReport')}
            value={reportId}
            onChange={setReportId}
          />
        )}
        <RefusalAlert refusal={refusal} />
      </Box>
    </FormDialog>
  );
}
