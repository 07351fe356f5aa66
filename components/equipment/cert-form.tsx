'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FileChooser } from '@/components/crud/file-chooser';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import { CERT_RESULTS } from '@/lib/contracts/equipment/equipment';
import { saveCert, type CertValues } from './api';

const EMPTY = { certNo: '', agency: '', calibrationDate: '', validTo: '', result: '', remark: '' };
type Field = keyof typeof EMPTY;
const REQUIRED: Partial<Record<Field, string>> = {
  certNo: 'certNoRequired',
  agency: 'agencyRequired',
  calibrationDate: 'calibrationDateRequired',
  validTo: 'validToRequired',
  result: 'resultRequired',
};

/**
 * A measurement certificate of one instrument: number, agency, calibration date, valid-to (after it), result and the
 * scan (uploaded into the instrument's archive). A refusal shows the server's words and keeps what was typed.
 */
export function CertForm({
  equipmentId,
  onSaved,
  send = saveCert,
}: {
  equipmentId: string;
  onSaved: () => void;
  send?: (values: CertValues, file: File | null) => Promise<void>;
}) {
  const t = useTranslations('equipment');
  const [values, setValues] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const problemOf = (field: Field): string | null => {
    if (REQUIRED[field] && !values[field].trim()) return t(`cert.${REQUIRED[field]}`);
    if (field === 'validTo' && values.calibrationDate && values.validTo <= values.calibrationDate)
      return t('cert.validToBeforeCalibration');
    return null;
  };
  const problem = (field: Field) => (shown ? problemOf(field) : null);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = async () => {
    setShown(true);
    if ((Object.keys(EMPTY) as Field[]).some((f) => problemOf(f))) return;
    await run(async () => {
      await send(
        { equipmentId, ...values, certNo: values.certNo.trim(), agency: values.agency.trim() },
        file,
      );
      setValues(EMPTY);
      setFile(null);
      setShown(false);
      onSaved();
    });
  };
  const text = (field: Field, type = 'text') => (
    <TextField
      size="small"
      label={t(`cert.${field}`)}
      required={!!REQUIRED[field]}
      type={type}
      value={values[field]}
      onChange={set(field)}
      error={!!problem(field)}
      helperText={problem(field) ?? ' '}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
  return (
    <Box component="form" noValidate>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('screen.addCert')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {text('certNo')}
        {text('agency')}
        {text('calibrationDate', 'date')}
        {text('validTo', 'date')}
        <SelectField
          label={t('cert.result')}
          required
          value={values.result}
          onChange={(result) => setValues((v) => ({ ...v, result }))}
          error={!!problem('result')}
          helperText={problem('result') ?? ' '}
          sx={{ minWidth: 120 }}
          options={CERT_RESULTS.map((r) => ({ value: r, label: r }))}
        />
        <FileChooser
          label={t('screen.chooseFile')}
          inputLabel={t('screen.certFile')}
          accept="image/*,application/pdf"
          file={file}
          onChange={setFile}
          placeholder={t('screen.noFile')}
          size="small"
        />
      </Stack>
      <RefusalAlert refusal={refusal} sx={{ my: 1 }} />
      <Button variant="contained" size="small" onClick={() => void submit()} disabled={busy}>
        {t('screen.save')}
      </Button>
    </Box>
  );
}
