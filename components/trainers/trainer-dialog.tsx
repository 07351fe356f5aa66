'use client';

import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BladeError } from '@/lib/client/fetcher';
import { SelectField } from '@/components/crud/select-field';
import {
  CNEX_UNITS,
  GENDERS,
  checkTrainer,
  type TrainerField,
  type TrainerVO,
} from '@/lib/contracts/application/trainers';
import { saveTrainer } from './api';

interface FormState {
  name: string;
  idCardNo: string;
  gender: string;
  education: string;
  employer: string;
  units: string[];
  experienceYears: string;
  phone: string;
}

const emptyForm: FormState = {
  name: '',
  idCardNo: '',
  gender: '',
  education: '',
  employer: '',
  units: [],
  experienceYears: '0',
  phone: '',
};

function formOf(person: TrainerVO | undefined): FormState {
  if (!person) return emptyForm;
  return {
    name: person.name,
    idCardNo: person.idCardNo,
    gender: person.gender,
    education: person.education,
    employer: person.employer,
    units: person.units ? person.units.split(',') : [],
    experienceYears: String(person.experienceYears),
    phone: person.phone,
  };
}

const TEXT_FIELDS = ['name', 'idCardNo', 'education', 'employer', 'experienceYears', 'phone'] as const;

/** Add or edit one person; the same rules as the server (lib/contracts/application/trainers.ts), then the call. */
export function TrainerDialog(props: {
  cnexId: string;
  /** The person edited; undefined adds one. */
  person?: TrainerVO;
  onClose: () => void;
  onSaved: (person: TrainerVO) => void;
}) {
  const t = useTranslations('trainers');
  const [form, setForm] = useState<FormState>(() => formOf(props.person));
  const [error, setError] = useState<{ field?: TrainerField; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof FormState, value: FormState[keyof FormState]) =>
    setForm((f) => ({ ...f, [field]: value }));
  const helper = (field: TrainerField) => (error?.field === field ? error.text : ' ');

  async function save() {
    const checked = checkTrainer(form);
    if (!checked.ok) {
      const { field, key, values } = checked.problem;
      setError({ field, text: t(key.replace(/^trainers\./, ''), values) });
      return;
    }
    setBusy(true);
    try {
      props.onSaved(await saveTrainer(props.cnexId, props.person?.id, checked.values));
    } catch (err) {
      setError({ text: err instanceof BladeError ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{props.person ? t('edit') : t('add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`columns.${field}`)}
              value={form[field]}
              onChange={(e) => set(field, e.target.value)}
              required={field === 'name' || field === 'idCardNo'}
              error={error?.field === field}
              helperText={helper(field)}
              size="small"
            />
          ))}
          <SelectField
            label={t('columns.gender')}
            value={form.gender}
            onChange={(gender) => set('gender', gender)}
            error={error?.field === 'gender'}
            helperText={helper('gender')}
            options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
          />
          <FormControl error={error?.field === 'units'} component="fieldset" required>
            <FormLabel component="legend">{t('columns.units')}</FormLabel>
            <FormGroup row>
              {CNEX_UNITS.map((unit) => (
                <FormControlLabel
                  key={unit}
                  label={t(`units.${unit}`)}
                  control={
                    <Checkbox
                      size="small"
                      checked={form.units.includes(unit)}
                      onChange={(e) =>
                        set(
                          'units',
                          e.target.checked ? [...form.units, unit] : form.units.filter((u) => u !== unit),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{helper('units')}</FormHelperText>
          </FormControl>
          {error && !error.field && <FormHelperText error>{error.text}</FormHelperText>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
