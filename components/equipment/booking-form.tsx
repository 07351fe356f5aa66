'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import type { EquipmentUsageVO } from '@/lib/contracts/equipment/equipment';
import { saveBooking, type BookingValues } from './api';

export interface EquipmentOption {
  id: string;
  assetNo: string;
  name: string;
}

/** `yyyy-MM-ddTHH:mm` (a datetime-local input) as the calls take it: `yyyy-MM-dd HH:mm`. */
const toCall = (local: string) => local.replace('T', ' ');
/** `yyyy-MM-dd HH:mm:ss` of an answer as a datetime-local value. */
const toInput = (answer: string) => answer.slice(0, 16).replace(' ', 'T');

type Problem = 'equipmentRequired' | 'startRequired' | 'endRequired' | 'endBeforeStart';

function problemsOf(v: { equipmentId: string; start: string; end: string }) {
  const out: Partial<Record<'equipmentId' | 'start' | 'end', Problem>> = {};
  if (!v.equipmentId) out.equipmentId = 'equipmentRequired';
  if (!v.start) out.start = 'startRequired';
  if (!v.end) out.end = 'endRequired';
  // Both `yyyy-MM-ddTHH:mm`: the text order is the time order.
  else if (v.start && v.end <= v.start) out.end = 'endBeforeStart';
  return out;
}

/**
 * A new booking, or a booking not yet begun moved: instrument, start, end, purpose. The overlap, the colour and the
 * certificate's validity are the server's checks (the constraint decides overlaps): its refusal shows here in its
 * words and the dialog stays open with what was typed. `send` is the call (tests give their own).
 */
export function BookingForm({
  equipment,
  booking,
  fixedEquipmentId,
  initial,
  onClose,
  onSaved,
  send = saveBooking,
}: {
  equipment: readonly EquipmentOption[];
  booking?: EquipmentUsageVO;
  fixedEquipmentId?: string;
  /** A new booking's start and end as datetime-local values (a day picked in the week view). */
  initial?: { start: string; end: string };
  onClose: () => void;
  onSaved: (saved: EquipmentUsageVO) => void;
  send?: (values: BookingValues) => Promise<EquipmentUsageVO>;
}) {
  const t = useTranslations('equipment.screen');
  const [values, setValues] = useState({
    equipmentId: booking?.equipmentId ?? fixedEquipmentId ?? '',
    start: booking ? toInput(booking.startTime) : (initial?.start ?? ''),
    end: booking ? toInput(booking.endTime) : (initial?.end ?? ''),
    purpose: booking?.purpose ?? '',
  });
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const problems = problemsOf(values);
  const problem = (field: keyof typeof problems) => (shown && problems[field] ? t(problems[field]) : null);
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    await run(async () => {
      const saved = await send({
        ...(booking ? { id: booking.id } : {}),
        equipmentId: values.equipmentId,
        startTime: toCall(values.start),
        endTime: toCall(values.end),
        purpose: values.purpose.trim(),
      });
      onSaved(saved);
    });
  };

  return (
    <Dialog open onClose={(_, why) => why !== 'backdropClick' && onClose()} maxWidth="sm" fullWidth>
      <DialogTitle>{booking ? t('editBooking') : t('newBooking')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <SelectField
            label={t('equipment')}
            required
            value={values.equipmentId}
            onChange={(equipmentId) => setValues((v) => ({ ...v, equipmentId }))}
            disabled={!!fixedEquipmentId}
            error={!!problem('equipmentId')}
            helperText={problem('equipmentId') ?? ' '}
            options={equipment.map((e) => ({ value: e.id, label: `${e.assetNo} ${e.name}` }))}
          />
          <TextField
            label={t('startTime')}
            type="datetime-local"
            required
            value={values.start}
            onChange={set('start')}
            error={!!problem('start')}
            helperText={problem('start') ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('endTime')}
            type="datetime-local"
            required
            value={values.end}
            onChange={set('end')}
            error={!!problem('end')}
            helperText={problem('end') ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('purpose')}
            value={values.purpose}
            onChange={set('purpose')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <RefusalAlert refusal={refusal} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
