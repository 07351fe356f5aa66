'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { RecordState } from '@/components/business/record-header';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { useRefusal } from '@/components/crud/use-refusal';
import { useNotify } from '@/components/providers/notifier';
import { withBasePath } from '@/lib/client/navigation';
import type { ApplicationBatchVO, ApplicationVO } from '@/lib/contracts/application/application';
import type { Scheme } from '@/lib/contracts/application/machine';
import {
  PATHS,
  SCHEME_CALLS,
  saveApplication,
  saveBatchStep,
  submitApplication,
  type ApplicationInput,
} from './api';
import { ApplicationSummary } from './application-summary';
import { detailHref, formHref } from './columns';
import { ApplicationDocuments } from './documents';
import { useContractTranslate, type StepProps } from './form-fields';
import { emptyInput, factoryFromApplicant, FORM_STEPS, inputOf, PARTY_STEP, stepErrors } from './form-rules';
import { PartiesStep } from './parties-step';
import { ProductStep } from './product-step';
import { StateChip } from './state-chip';
import { isEditable } from './step-logic';

const LAST_STEP = FORM_STEPS.length - 1;
const clampStep = (step: unknown) => Math.min(LAST_STEP, Math.max(0, Number(step) || 0));

/** The parties (and contact) of the caller's newest CCC application start a new one; its product is not taken. */
function prefilled(scheme: Scheme, last: ApplicationVO | null | undefined): ApplicationInput {
  const input = emptyInput(scheme);
  if (!last) return input;
  for (const key of PARTY_STEP) input[key] = last[key] ?? '';
  return input;
}

interface BodyProps {
  scheme: Scheme;
  initial: ApplicationInput;
  initialStep: number;
  saved: ApplicationVO | null;
}

/** The wizard itself; mounted once its starting values are known, then it owns them. */
export function ApplicationFormBody({ scheme, initial, initialStep, saved }: BodyProps) {
  const t = useTranslations('application.screen');
  const rule = useContractTranslate();
  const router = useRouter();
  const notify = useNotify();
  const [input, setInput] = useState(initial);
  const [current, setCurrent] = useState(saved);
  const [step, setStep] = useState(initialStep);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [sameFactory, setSameFactory] = useState(
    !!initial.applicantName &&
      initial.factoryName === initial.applicantName &&
      initial.factoryCreditCode === initial.applicantCreditCode &&
      initial.factoryAddress === initial.applicantAddress,
  );
  const { busy, refusal, setRefusal, run } = useRefusal();
  const stepName = FORM_STEPS[step];

  const set = (patch: Partial<ApplicationInput>) => {
    let next = { ...input, ...patch };
    if (sameFactory) next = factoryFromApplicant(next);
    setInput(next);
    // A field whose message shows is re-checked as it is corrected.
    setErrors((prev) => {
      if (!Object.keys(patch).some((k) => prev[k])) return prev;
      const now = stepErrors(stepName, next, rule);
      return Object.fromEntries(Object.keys(prev).map((k) => [k, now[k]]));
    });
  };
  const blur = (name: string) =>
    setErrors((prev) => ({ ...prev, [name]: stepErrors(stepName, input, rule)[name] }));
  const stepProps: StepProps = { input, errors, set, blur };

  /** Saves the draft (and the step to come back to); the server's refusal stays on the page as it came. */
  const save = async (resumeAt: number): Promise<ApplicationVO | null> => {
    const saved = await run(async () => {
      const row = await saveApplication(scheme, input, current?.id, current?.batchNumber);
      if (!current) {
        // The new draft's address, without a navigation that would remount the wizard.
        window.history.replaceState(null, '', withBasePath(formHref(row)));
      }
      setCurrent(row);
      if (row.batchNumber) await saveBatchStep(row.batchNumber, resumeAt);
      return row;
    });
    return saved.ok ? saved.value : null;
  };

  const next = async () => {
    const found = stepErrors(stepName, input, rule);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (await save(step + 1)) setStep(step + 1);
  };

  const submit = async () => {
    // Every step's rules again: a step may have been left by "back" with a field emptied since.
    for (const [index, name] of FORM_STEPS.entries()) {
      const found = stepErrors(name, input, rule);
      if (Object.keys(found).length) {
        setStep(index);
        setErrors(found);
        return;
      }
    }
    const row = await save(LAST_STEP);
    if (!row) return;
    await run(async () => {
      const done = await submitApplication(scheme, row.id);
      notify(t('form.submitted', { no: done.applicationNo ?? '' }), 'success');
      router.push(detailHref(done));
    });
  };

  const onSave = async () => {
    if (await save(step)) notify(t('form.saved'), 'success');
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Typography component="h1" variant="h6">
          {t('form.title', { scheme: t(`form.schemeTitle.${scheme}`) })}
        </Typography>
        {current && <StateChip state={current.flowState} />}
        {current?.batchNumber && (
          <Typography variant="body2" color="text.secondary">
            {t('fields.batchNumber')}: {current.batchNumber}
          </Typography>
        )}
      </Box>
      {current?.flowState === 'returned' && current.retreatReason && (
        <Alert severity="warning">{t('detail.returnReason', { reason: current.retreatReason })}</Alert>
      )}
      <Stepper activeStep={step} alternativeLabel>
        {FORM_STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`form.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />
      <Box>
        {stepName === 'parties' && (
          <PartiesStep
            step={stepProps}
            sameFactory={sameFactory}
            onSameFactory={(same) => {
              setSameFactory(same);
              if (same) setInput(factoryFromApplicant(input));
            }}
          />
        )}
        {stepName === 'product' && <ProductStep step={stepProps} />}
        {stepName === 'documents' && <ApplicationDocuments scheme={scheme} id={current?.id ?? null} />}
        {stepName === 'review' && <ApplicationSummary input={input} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button disabled={step === 0 || busy} onClick={() => setStep(step - 1)}>
          {t('form.back')}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => void onSave()}>
          {t('form.saveDraft')}
        </Button>
        {step < LAST_STEP ? (
          <Button variant="contained" disabled={busy} onClick={() => void next()}>
            {t('form.next')}
          </Button>
        ) : (
          <Button variant="contained" disabled={busy} onClick={() => void submit()}>
            {t('form.submit')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/** /application/form?scheme=&id=: a new application of a scheme, or the customer's draft / returned one. */
export function ApplicationForm({ scheme, id }: { scheme: Scheme; id: string }) {
  const t = useTranslations('application.screen');
  const router = useRouter();
  const {
    data: row,
    error,
    isLoading,
  } = useSWR<ApplicationVO>(id ? [SCHEME_CALLS[scheme].select, { id }, 'POST'] : null);
  const { data: batch, error: batchError } = useSWR<ApplicationBatchVO>(
    row?.batchNumber ? [PATHS.batch, { batchNumber: row.batchNumber }, 'POST'] : null,
  );
  // A new application starts from the parties of the company's newest CCC one (the parties do not depend on the
  // scheme; the call is the only "last application" the catalogue has).
  const { data: last, error: lastError } = useSWR<ApplicationVO | null>(
    id ? null : [PATHS.lastCcc, {}, 'POST'],
  );
  if (id) {
    if (!row) return <RecordState loading={isLoading && !error} />;
    if (!isEditable(row.flowState)) {
      return (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => router.push(detailHref(row))}>
              {t('common.open')}
            </Button>
          }
        >
          {t('form.notEditable')}
        </Alert>
      );
    }
    if (row.batchNumber && batch === undefined && !batchError) return <RecordState loading />;
    return (
      <ApplicationFormBody
        scheme={row.scheme}
        initial={inputOf(row)}
        initialStep={clampStep(batch?.step)}
        saved={row}
      />
    );
  }
  if (last === undefined && !lastError) return <RecordState loading />;
  return (
    <ApplicationFormBody scheme={scheme} initial={prefilled(scheme, last)} initialStep={0} saved={null} />
  );
}
