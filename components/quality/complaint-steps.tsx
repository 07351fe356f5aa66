'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { FormDialog } from '@/components/crud/form-dialog';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import type { ComplaintState, ComplaintTransition } from '@/lib/contracts/quality/machine';
import type { ComplaintDetail, HandlerCandidate } from '@/lib/contracts/quality/quality';
import { complaintHandlers, complaintStep } from './api';
import { offeredSteps, stepInput } from './step-logic';

/** One step in a dialog: the handler to assign (conflicting people shown but not selectable), or the text it needs. */
export function ComplaintStepDialog({
  id,
  transition,
  onClose,
  onDone,
}: {
  id: string;
  transition: ComplaintTransition;
  onClose: () => void;
  onDone: (after: ComplaintDetail) => void | Promise<unknown>;
}) {
  const t = useTranslations('quality');
  const kind = stepInput(transition);
  const [text, setText] = useState('');
  const [handlerId, setHandlerId] = useState('');
  const [handlers, setHandlers] = useState<HandlerCandidate[] | null>(null);
  // The missing input's message, or the server's refusal.
  const { busy, refusal: problem, setRefusal: setProblem, run } = useRefusal();
  useEffect(() => {
    if (kind !== 'handler') return;
    let live = true;
    complaintHandlers(id)
      .then((list) => live && setHandlers(list))
      .catch(() => live && setHandlers([]));
    return () => {
      live = false;
    };
  }, [id, kind]);
  const submit = async () => {
    if (kind === 'handler' && !handlerId) return setProblem(t('complaint.handlerRequired'));
    if (kind === 'text' && !text.trim()) return setProblem(t('complaint.textRequired'));
    await run(async () => {
      const after = await complaintStep({
        id,
        action: transition.name,
        ...(kind === 'handler' ? { handlerId } : {}),
        ...(text.trim() ? { text: text.trim() } : {}),
      });
      await onDone(after);
    });
  };
  return (
    <FormDialog
      open
      title={t(`complaint.step.${transition.name}`)}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      width={560}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {kind === 'handler' && (
          <SelectField
            label={t('screen.staff.handler')}
            value={handlerId}
            onChange={setHandlerId}
            helperText={handlers && handlers.length === 0 ? t('screen.staff.noHandlers') : undefined}
            options={(handlers ?? []).map((h) => ({
              value: h.id,
              label: `${h.realName}${h.conflict ? t('screen.staff.conflictMark') : ''}`,
              disabled: h.conflict,
            }))}
          />
        )}
        <TextField
          label={t('screen.staff.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          required={kind === 'text'}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
      </Box>
    </FormDialog>
  );
}

/**
 * The buttons of the steps the case offers the caller (step-logic.ts offeredSteps), each opening its dialog.
 */
export function ComplaintStepButtons({
  id,
  state,
  holds,
  side,
  isHandler = false,
  onDone,
}: {
  id: string;
  state: ComplaintState;
  holds: (code: string) => boolean;
  side: 'customer' | 'staff';
  isHandler?: boolean;
  onDone: (after: ComplaintDetail) => void | Promise<unknown>;
}) {
  const t = useTranslations('quality.complaint.step');
  const [open, setOpen] = useState<ComplaintTransition | null>(null);
  const steps = offeredSteps(state, holds, side, isHandler);
  if (steps.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {steps.map((s) => (
        <Button
          key={s.name}
          variant={s.name === 'notAccept' || s.name === 'reopen' ? 'outlined' : 'contained'}
          color={s.name === 'notAccept' ? 'warning' : 'primary'}
          onClick={() => setOpen(s)}
        >
          {t(s.name)}
        </Button>
      ))}
      {open && (
        <ComplaintStepDialog
          id={id}
          transition={open}
          onClose={() => setOpen(null)}
          onDone={async (after) => {
            setOpen(null);
            await onDone(after);
          }}
        />
      )}
    </Box>
  );
}
