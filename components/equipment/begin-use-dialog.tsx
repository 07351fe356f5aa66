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
import { useRefusal } from '@/components/crud/use-refusal';
import type { EquipmentUsageVO } from '@/lib/contracts/equipment/equipment';
import { beginUse } from './api';

/**
 * Walk-up use of an instrument (equipment/beginUseEquipment): in use from now until the given end. The server checks
 * the colour, the certificate's validity and the other bookings; its refusal shows here and the dialog stays open.
 */
export function BeginUseDialog({
  equipment,
  onClose,
  onDone,
  send = beginUse,
}: {
  equipment: { id: string; assetNo: string; name: string };
  onClose: () => void;
  onDone: () => void;
  send?: (id: string, endTime: string, purpose: string) => Promise<EquipmentUsageVO>;
}) {
  const t = useTranslations('equipment.screen');
  const [end, setEnd] = useState('');
  const [purpose, setPurpose] = useState('');
  const [shown, setShown] = useState(false);
  const { refusal, run } = useRefusal();
  const missing = shown && !end;
  const submit = async () => {
    setShown(true);
    if (!end) return;
    await run(async () => {
      await send(equipment.id, end.replace('T', ' '), purpose.trim());
      onDone();
    });
  };
  return (
    <Dialog open onClose={(_, why) => why !== 'backdropClick' && onClose()} maxWidth="xs" fullWidth>
      <DialogTitle>{`${t('begin')}：${equipment.assetNo} ${equipment.name}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <TextField
            label={t('endTime')}
            type="datetime-local"
            required
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={missing}
            helperText={missing ? t('endRequired') : ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label={t('purpose')} value={purpose} onChange={(e) => setPurpose(e.target.value)} />
          <RefusalAlert refusal={refusal} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()}>
          {t('begin')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
