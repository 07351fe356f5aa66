'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RemoveLineButton, useEditableLines } from '@/components/crud/editable-lines';
import { FormDialog } from '@/components/crud/form-dialog';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import { formatMoney } from '@/lib/shared/money';
import type { PaymentNoteDetailVO } from '@/lib/contracts/payment/payment';
import { issueNote, type IssueForm } from './api';
import { lineProblems, linesTotal, type LineDraft } from './rules';

/** What finance bills by typing its number; a mark order's note is issued from the order (标志订单). */
const SUBJECTS = ['application', 'batch', 'cert_change'] as const;
type TypedSubject = (typeof SUBJECTS)[number];
const subjectNumber = (subject: TypedSubject, no: string): Partial<IssueForm> =>
  subject === 'batch'
    ? { batchNumber: no }
    : subject === 'cert_change'
      ? { changeNo: no }
      : { applicationNo: no };

/**
 * Finance issues a note (缴费通知单) for an application, an application batch or a certificate change named by its
 * number: itemised lines (item, amount), whose exact decimal total is shown as typed and sent as the total (blade/
 * refuses a total that is not their sum).
 */
export function IssueNoteDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (note: PaymentNoteDetailVO) => void | Promise<unknown>;
}) {
  const t = useTranslations('payment.screen.issue');
  const [subject, setSubject] = useState<TypedSubject>('application');
  const [number, setNumber] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [remark, setRemark] = useState('');
  const { lines, setLine, addLine, removeLine, canRemove } = useEditableLines<LineDraft>([
    { item: '', amount: '' },
  ]);
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const total = linesTotal(lines);

  const submit = async () => {
    setShown(true);
    if (!number.trim() || total === null || lines.some((l) => Object.keys(lineProblems(l)).length)) return;
    await run(async () => {
      const note = await issueNote({
        ...subjectNumber(subject, number.trim()),
        lines: lines.map((l) => ({ item: l.item.trim(), amount: l.amount.trim() })),
        totalAmount: total,
        ...(dueDate ? { dueDate } : {}),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      onClose();
      await onDone(note);
    });
  };

  return (
    <FormDialog
      open
      title={t('title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      width={640}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <SelectField
            label={t('subject')}
            value={subject}
            onChange={setSubject}
            sx={{ flex: 1 }}
            helperText=" "
            options={SUBJECTS.map((kind) => ({ value: kind, label: t(`subjects.${kind}`) }))}
          />
          <TextField
            label={t(`numbers.${subject}`)}
            required
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={shown && !number.trim()}
            helperText={shown && !number.trim() ? t('required') : ' '}
            sx={{ flex: 2 }}
          />
        </Box>
        <Typography variant="subtitle2">{t('lines')}</Typography>
        {lines.map((line, i) => {
          const problems = shown ? lineProblems(line) : {};
          return (
            <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={t('item')}
                size="small"
                sx={{ flex: 2 }}
                value={line.item}
                onChange={(e) => setLine(i, { item: e.target.value })}
                error={!!problems.item}
                helperText={problems.item ? t('required') : ' '}
              />
              <TextField
                label={t('amount')}
                size="small"
                sx={{ flex: 1 }}
                value={line.amount}
                onChange={(e) => setLine(i, { amount: e.target.value })}
                error={!!problems.amount}
                helperText={problems.amount ? t('badAmount') : ' '}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <RemoveLineButton label={t('removeLine')} disabled={!canRemove} onClick={() => removeLine(i)} />
            </Box>
          );
        })}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Button onClick={() => addLine({ item: '', amount: '' })}>{t('addLine')}</Button>
          <Typography aria-live="polite">
            {t('total', { total: total === null ? '--' : formatMoney(total) })}
          </Typography>
        </Box>
        <TextField
          label={t('dueDate')}
          type="date"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField label={t('remark')} value={remark} onChange={(e) => setRemark(e.target.value)} />
        <RefusalAlert refusal={refusal} />
      </Box>
    </FormDialog>
  );
}
