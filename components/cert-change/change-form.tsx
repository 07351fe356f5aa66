'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { useRefusal } from '@/components/crud/use-refusal';
import { parseExMarking } from '@/lib/contracts/application/ex-marking';
import {
  CHANGE_TYPE_NAMES,
  type CertChangeDetailVO,
  type ChangeFileNodeVO,
  type ChangeScheme,
  type ChangeType,
  type Classification,
  type SnapshotField,
  type SnapshotVO,
} from '@/lib/contracts/cert-change/cert-change';
import { changeApi, type AfterForm, type ChangeApi } from './api';

/** The text fields of the form (models keep the certificate's: they are changed through the drawings and files). */
const TEXT_FIELDS: readonly SnapshotField[] = [
  'holderName',
  'holderAddress',
  'manufacturerName',
  'manufacturerAddress',
  'factoryName',
  'factoryAddress',
  'productName',
  'standards',
];

export interface ChangeFormProps {
  certificate: { id: string; certNumber: string; scheme: ChangeScheme } & SnapshotVO;
  /** A draft or returned change being continued. */
  change?: CertChangeDetailVO;
  onDone: (change: CertChangeDetailVO) => void;
  api?: ChangeApi;
}

const toText = (field: SnapshotField, s: SnapshotVO) =>
  field === 'exMarkings' ? s.exMarkings.join('\n') : String(s[field as keyof SnapshotVO] ?? '');

/**
 * 申请变更: choose the change types (classifyCertChange says what they need), write the after-values of the fields
 * those types change beside the certificate's, save the draft, upload the change files node by node, submit. Ex
 * markings are checked here by the same rules as the server's (ex-marking.ts); the server checks everything again.
 */
export function ChangeForm({ certificate, change, onDone, api = changeApi }: ChangeFormProps) {
  const t = useTranslations('certChange.screen');
  const tt = useTranslations('certChange.type');
  const tf = useTranslations('application.form');
  const scheme = certificate.scheme;
  const [step, setStep] = useState(0);
  const [types, setTypes] = useState<ChangeType[]>(change?.changeTypes ?? []);
  const [classification, setClassification] = useState<Classification | null>(null);
  const [after, setAfter] = useState<Record<string, string>>({});
  const [reason, setReason] = useState(change?.reason ?? '');
  const [saved, setSaved] = useState<CertChangeDetailVO | null>(change ?? null);
  const [nodes, setNodes] = useState<ChangeFileNodeVO[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, refusal, setRefusal, run } = useRefusal();

  const classify = () => {
    if (types.length === 0) {
      setErrors({ types: t('typesRequired') });
      return;
    }
    setErrors({});
    void run(async () => {
      const c = await api.classify(types, scheme);
      setClassification(c);
      const start = change?.after ?? certificate;
      setAfter(Object.fromEntries(c.fields.map((f) => [f, toText(f, start)])));
      setStep(1);
    });
  };

  const shownFields = (classification?.fields ?? []).filter(
    (f) => TEXT_FIELDS.includes(f) || f === 'exMarkings',
  );

  const save = () => {
    const problems: Record<string, string> = {};
    const body: AfterForm = {};
    for (const field of shownFields) {
      const value = (after[field] ?? '').trim();
      if (field === 'exMarkings') {
        const markings = value
          .split(/\n+/)
          .map((m) => m.trim())
          .filter(Boolean);
        for (const marking of markings) {
          const parsed = parseExMarking(marking);
          if (!parsed.ok) {
            problems[field] = tf(`exMarking.${parsed.problem.key}`, parsed.problem.values);
            break;
          }
        }
        body.exMarkings = markings;
      } else (body as Record<string, string>)[field] = value;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    void run(async () => {
      const result = await api.save(scheme, {
        ...(saved ? { id: saved.id } : {}),
        certificateId: certificate.id,
        changeTypes: types,
        reason: reason.trim(),
        after: body,
      });
      setSaved(result);
      setNodes(await api.files(scheme, result.id));
      setStep(2);
    });
  };

  const upload = (node: ChangeFileNodeVO, file: File | undefined) => {
    if (!file || !saved) return;
    void run(async () => {
      await api.upload(scheme, saved.id, node.id, file);
      setNodes(await api.files(scheme, saved.id));
    });
  };

  const submit = () => {
    if (!saved) return;
    const missing = nodes.filter((n) => n.mustUpload === 1 && n.fileCount === 0).map((n) => n.catalogName);
    if (missing.length) {
      setRefusal(t('filesMissing', { files: missing.join('、') }));
      return;
    }
    void run(async () => onDone(await api.submit(scheme, saved.id)));
  };

  return (
    <Stack spacing={2} sx={{ minWidth: { md: 640 } }}>
      <Typography variant="body2" color="text.secondary">
        {t('certificateLine', { number: certificate.certNumber, product: certificate.productName })}
      </Typography>
      <Stepper activeStep={step}>
        {['stepTypes', 'stepForm', 'stepFiles'].map((key) => (
          <Step key={key}>
            <StepLabel>{t(key)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 && (
        <Box>
          <FormGroup aria-label={t('stepTypes')}>
            {CHANGE_TYPE_NAMES.map((type) => (
              <FormControlLabel
                key={type}
                label={tt(type)}
                control={
                  <Checkbox
                    checked={types.includes(type)}
                    onChange={(e) =>
                      setTypes((now) => (e.target.checked ? [...now, type] : now.filter((x) => x !== type)))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {errors.types && (
            <Typography color="error" variant="body2">
              {errors.types}
            </Typography>
          )}
          <Button variant="contained" onClick={classify} disabled={busy} sx={{ mt: 1 }}>
            {t('next')}
          </Button>
        </Box>
      )}

      {step === 1 && classification && (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1}>
            {classification.needsTest && <Chip color="warning" size="small" label={t('needsTest')} />}
            {classification.needsFactoryVisit && (
              <Chip color="warning" size="small" label={t('needsFactoryVisit')} />
            )}
          </Stack>
          {shownFields.length === 0 && (
            <Alert severity="info" role="status">
              {t('noFields')}
            </Alert>
          )}
          {shownFields.map((field) => (
            <Stack key={field} direction={{ xs: 'column', md: 'row' }} spacing={1}>
              <TextField
                label={t('before', { field: t(`field.${field}`) })}
                value={toText(field, certificate)}
                fullWidth
                multiline={field === 'exMarkings'}
                slotProps={{ input: { readOnly: true } }}
              />
              <TextField
                label={t('after', { field: t(`field.${field}`) })}
                value={after[field] ?? ''}
                onChange={(e) => setAfter((now) => ({ ...now, [field]: e.target.value }))}
                fullWidth
                multiline={field === 'exMarkings'}
                error={Boolean(errors[field])}
                helperText={errors[field] || (field === 'exMarkings' ? t('markingsHelp') : undefined)}
              />
            </Stack>
          ))}
          <TextField
            label={t('reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(0)}>{t('back')}</Button>
            <Button variant="contained" onClick={save} disabled={busy}>
              {t('saveDraft')}
            </Button>
          </Stack>
        </Stack>
      )}

      {step === 2 && saved && (
        <Stack spacing={1}>
          {nodes.map((node) => (
            <Stack
              key={node.id || node.catalogCode}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
            >
              <Typography component="div" sx={{ flex: 1 }}>
                {node.catalogName}
                {node.mustUpload === 1 && (
                  <Chip size="small" color="error" variant="outlined" label={t('required')} sx={{ ml: 1 }} />
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('fileCount', { count: node.fileCount })}
              </Typography>
              <Button component="label" size="small" disabled={busy}>
                {t('upload')}
                <input
                  hidden
                  type="file"
                  aria-label={t('uploadInto', { node: node.catalogName })}
                  onChange={(e) => upload(node, e.target.files?.[0])}
                />
              </Button>
            </Stack>
          ))}
          <Stack direction="row" spacing={1}>
            <Button onClick={() => setStep(1)}>{t('back')}</Button>
            <Button variant="contained" onClick={submit} disabled={busy}>
              {t('submit')}
            </Button>
          </Stack>
        </Stack>
      )}

      <RefusalAlert refusal={refusal} />
    </Stack>
  );
}
