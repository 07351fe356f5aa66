'use client';

import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormDialog } from '@/components/crud/form-dialog';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import { INVOICE_KINDS, SPECIAL_FIELDS, type InvoiceInfoVO } from '@/lib/contracts/invoice/invoice';
import { saveInfo, type InfoValues } from './api';
import { infoProblems, type InfoDraft } from './rules';

const EMPTY: InfoDraft = {
  title: '',
  taxpayerId: '',
  invoiceKind: 'ordinary',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  email: '',
};

/**
 * The invoice information form (开票信息): title, taxpayer id, kind; the address, phone, bank and account become
 * required when the kind is special. `send` is the call (tests give their own); a refusal stays in the form.
 */
export function InfoForm({
  initial,
  onClose,
  onSaved,
  send = saveInfo,
}: {
  initial?: InvoiceInfoVO | null;
  onClose: () => void;
  onSaved: (info: InvoiceInfoVO) => void;
  send?: (values: InfoValues) => Promise<InvoiceInfoVO>;
}) {
  const t = useTranslations('invoice.screen.info');
  const tk = useTranslations('invoice.screen.kind');
  const [values, setValues] = useState<InfoDraft>(
    initial
      ? {
          title: initial.title,
          taxpayerId: initial.taxpayerId,
          invoiceKind: initial.invoiceKind,
          address: initial.address,
          phone: initial.phone,
          bankName: initial.bankName,
          bankAccount: initial.bankAccount,
          email: initial.email,
        }
      : EMPTY,
  );
  const [isDefault, setDefault] = useState(initial?.isDefault === 1);
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const problems = infoProblems(values);
  const special = values.invoiceKind === 'special';
  const problem = (field: keyof InfoDraft) =>
    shown && problems[field] ? t(`problem.${problems[field]}`) : null;
  const set = (field: keyof InfoDraft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    await run(async () => {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as InfoDraft;
      onSaved(
        await send({
          ...(initial ? { id: initial.id } : {}),
          ...trimmed,
          taxpayerId: trimmed.taxpayerId.toUpperCase(),
          isDefault: isDefault ? 1 : 0,
        }),
      );
    });
  };

  const field = (name: keyof InfoDraft, required: boolean) => (
    <TextField
      key={name}
      label={t(name)}
      required={required}
      value={values[name]}
      onChange={set(name)}
      error={!!problem(name)}
      helperText={problem(name) ?? ' '}
      fullWidth
    />
  );

  return (
    <FormDialog
      open
      title={t('formTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      submitLabel={t('save')}
      width={560}
    >
      <Stack spacing={0.5} sx={{ pt: 1 }}>
        {field('title', true)}
        {field('taxpayerId', true)}
        <SelectField
          label={t('invoiceKind')}
          value={values.invoiceKind}
          onChange={(invoiceKind) => setValues((v) => ({ ...v, invoiceKind }))}
          helperText={special ? t('specialHint') : ' '}
          fullWidth
          options={INVOICE_KINDS.map((k) => ({ value: k, label: tk(k) }))}
        />
        {SPECIAL_FIELDS.map((name) => field(name, special))}
        {field('email', false)}
        <FormControlLabel
          control={<Checkbox checked={isDefault} onChange={(e) => setDefault(e.target.checked)} />}
          label={t('setDefault')}
        />
        <RefusalAlert refusal={refusal} />
      </Stack>
    </FormDialog>
  );
}
