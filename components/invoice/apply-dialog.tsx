'use client';

import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormDialog } from '@/components/crud/form-dialog';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import type { InvoiceableNoteVO, InvoiceInfoOptionVO, InvoiceVO } from '@/lib/contracts/invoice/invoice';
import { applyInvoice, type ApplyValues } from './api';
import { applyProblems, availableOf } from './rules';

/**
 * 申请开票: the customer picks notes with paid money not yet invoiced and one of its invoice information records; the
 * exact remaining amount of the chosen notes is shown and is the default amount (a smaller one may be typed). The
 * notes and records come loaded (MyInvoices loads them); `send` is the call (tests give their own).
 */
export function ApplyDialog({
  notes,
  infos,
  onClose,
  onDone,
  send = applyInvoice,
}: {
  notes: InvoiceableNoteVO[];
  infos: InvoiceInfoOptionVO[];
  onClose: () => void;
  onDone: (invoice: InvoiceVO) => void;
  send?: (values: ApplyValues) => Promise<InvoiceVO>;
}) {
  const t = useTranslations('invoice.screen.apply');
  const tk = useTranslations('invoice.screen.kind');
  const [chosen, setChosen] = useState<string[]>(notes.length === 1 ? [notes[0].noteId] : []);
  const [infoId, setInfoId] = useState(infos.find((i) => i.isDefault === 1)?.id ?? infos[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const available = availableOf(notes, chosen);
  const problems = applyProblems({ noteIds: chosen, infoId, amount, available });
  const problem = (field: keyof typeof problems) =>
    shown && problems[field] ? t(`problem.${problems[field]}`, { available }) : null;

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const submit = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    await run(async () =>
      onDone(
        await send({
          noteIds: chosen,
          infoId,
          ...(amount.trim() ? { amount: amount.trim() } : {}),
          ...(remark.trim() ? { remark: remark.trim() } : {}),
        }),
      ),
    );
  };

  return (
    <FormDialog
      open
      title={t('title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      submitLabel={t('submit')}
      width={640}
    >
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        <Typography variant="subtitle2">{t('notes')}</Typography>
        {notes.length === 0 ? (
          <Typography color="text.secondary">{t('noNotes')}</Typography>
        ) : (
          <FormGroup>
            {notes.map((n) => (
              <FormControlLabel
                key={n.noteId}
                control={<Checkbox checked={chosen.includes(n.noteId)} onChange={() => toggle(n.noteId)} />}
                label={t('noteLine', {
                  noteNo: n.noteNo,
                  applicationNo: n.applicationNo,
                  paid: n.paidAmount,
                  invoiced: n.invoicedAmount,
                  free: n.invoiceableAmount,
                })}
              />
            ))}
          </FormGroup>
        )}
        {problem('noteIds') && <FormHelperText error>{problem('noteIds')}</FormHelperText>}
        <Typography data-testid="invoice-available" sx={{ fontWeight: 600 }}>
          {t('available', { available })}
        </Typography>
        {infos.length === 0 ? (
          <Alert severity="info">{t('noInfo')}</Alert>
        ) : (
          <SelectField
            label={t('info')}
            value={infoId}
            onChange={setInfoId}
            error={!!problem('infoId')}
            helperText={problem('infoId') ?? ' '}
            fullWidth
            options={infos.map((i) => ({
              value: i.id,
              label: `${i.title}（${i.taxpayerId}，${tk(i.invoiceKind)}）`,
            }))}
          />
        )}
        <TextField
          label={t('amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!!problem('amount')}
          helperText={problem('amount') ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
        <TextField label={t('remark')} value={remark} onChange={(e) => setRemark(e.target.value)} fullWidth />
        <RefusalAlert refusal={refusal} />
      </Stack>
    </FormDialog>
  );
}
