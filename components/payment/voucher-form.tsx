'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BladeError } from '@/lib/client/fetcher';
import type { PaymentNoteDetailVO } from '@/lib/contracts/payment/payment';
import { payWithVoucher, type VoucherForm as VoucherValues } from './api';
import { voucherProblems, type VoucherDraft } from './rules';
import { FileChooser } from '@/components/crud/file-chooser';
import { RefusalAlert } from '@/components/crud/refusal-alert';

/**
 * The customer's voucher (缴费凭证) of one open note: amount (within the unpaid remainder), pay date, payer and the
 * bank slip. The slip is uploaded into the note's archive, then the voucher is saved naming it. `send` is the call
 * (tests give their own); a refusal stays in the form with what was typed.
 */
export function VoucherForm({
  note,
  onSaved,
  send = payWithVoucher,
}: {
  note: Pick<PaymentNoteDetailVO, 'id' | 'unpaidAmount'>;
  onSaved: (note: PaymentNoteDetailVO) => void;
  send?: typeof payWithVoucher;
}) {
  const t = useTranslations('payment.screen.voucher');
  const tc = useTranslations('common');
  const [values, setValues] = useState({ amount: note.unpaidAmount, payDate: '', payerName: '', remark: '' });
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const draft: VoucherDraft = { ...values, hasFile: file !== null };
  const problems = voucherProblems(draft, note.unpaidAmount);
  const problem = (field: keyof VoucherDraft) =>
    shown && problems[field] ? t(`problem.${problems[field]}`, { remainder: note.unpaidAmount }) : null;
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0 || !file) return;
    setRefusal(null);
    setPercent(0);
    try {
      const form: VoucherValues = {
        amount: values.amount.trim(),
        payDate: values.payDate,
        payerName: values.payerName.trim(),
        ...(values.remark.trim() ? { remark: values.remark.trim() } : {}),
      };
      const after = await send(note.id, form, file, (p) => setPercent(p.percent), {
        unknown: tc('unknownError'),
        network: tc('networkError'),
      });
      onSaved(after);
    } catch (failure) {
      if (failure instanceof BladeError) setRefusal(failure.message);
      else throw failure;
    } finally {
      setPercent(null);
    }
  };

  return (
    <Box component="form" noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle1">{t('title')}</Typography>
      <TextField
        label={t('amount')}
        required
        value={values.amount}
        onChange={set('amount')}
        error={!!problem('amount')}
        helperText={problem('amount') ?? t('remainder', { remainder: note.unpaidAmount })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        label={t('payDate')}
        type="date"
        required
        value={values.payDate}
        onChange={set('payDate')}
        error={!!problem('payDate')}
        helperText={problem('payDate') ?? ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('payerName')}
        required
        value={values.payerName}
        onChange={set('payerName')}
        error={!!problem('payerName')}
        helperText={problem('payerName') ?? ' '}
      />
      <TextField label={t('remark')} value={values.remark} onChange={set('remark')} />
      <FileChooser
        label={t('chooseSlip')}
        inputLabel={t('slip')}
        accept="image/*,application/pdf"
        file={file}
        onChange={setFile}
        placeholder={t('noSlip')}
        problem={problem('hasFile')}
      />
      {percent !== null && <LinearProgress variant="determinate" value={percent} />}
      <RefusalAlert refusal={refusal} />
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={percent !== null}>
          {t('submit')}
        </Button>
      </Box>
    </Box>
  );
}
