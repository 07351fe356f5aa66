'use client';

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslations } from 'next-intl';
import { requiredFields, type Party } from '@/lib/contracts/application/application';
import { CNEX_TYPES, type CnexType } from '@/lib/contracts/application/machine';
import { factoryFromApplicant, shownParties } from './form-rules';
import { FieldGroup, InputField, type StepProps } from './form-fields';

/**
 * Step 1: applicant, manufacturer and factory (DOMAIN §1: they may differ; a CNEx record has the applicant only), and
 * the contact person. While "same as applicant" is on the factory's fields are read-only: the form copies the
 * applicant's into them on every change.
 */
export function PartiesStep({
  step,
  sameFactory,
  onSameFactory,
}: {
  step: StepProps;
  sameFactory: boolean;
  onSameFactory: (same: boolean) => void;
}) {
  const t = useTranslations('application.screen.fields');
  const tf = useTranslations('application.screen.form');
  const ts = useTranslations('application.screen');
  // Marked as the contract's submission needs them (others, when given, are still checked).
  const required = requiredFields(step.input.scheme, (step.input.cnexType || null) as CnexType | null);
  const shown = shownParties(step.input.scheme);
  const party = (prefix: Party, disabled = false) => (
    <>
      <InputField
        name={`${prefix}Name`}
        label={t(`${prefix}Name`)}
        step={step}
        required={required.includes(`${prefix}Name`)}
        disabled={disabled}
      />
      <InputField
        name={`${prefix}CreditCode`}
        label={t(`${prefix}CreditCode`)}
        step={step}
        required={required.includes(`${prefix}CreditCode`)}
        disabled={disabled}
      />
      <InputField
        name={`${prefix}Address`}
        label={t(`${prefix}Address`)}
        step={step}
        required={required.includes(`${prefix}Address`)}
        disabled={disabled}
      />
    </>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {step.input.scheme === 'cnex' && (
        <FieldGroup title={t('cnexType')}>
          <InputField
            name="cnexType"
            label={t('cnexType')}
            step={step}
            required
            options={CNEX_TYPES.map((c) => ({ value: c, label: ts(`cnexType.${c}`) }))}
          />
        </FieldGroup>
      )}
      <FieldGroup title={tf('applicant')}>{party('applicant')}</FieldGroup>
      {shown.includes('manufacturer') && (
        <>
          <FieldGroup title={tf('manufacturer')}>{party('manufacturer')}</FieldGroup>
          <FieldGroup
            title={tf('factory')}
            extra={
              <FormControlLabel
                control={
                  <Switch
                    checked={sameFactory}
                    disabled={step.readOnly}
                    onChange={(e) => {
                      onSameFactory(e.target.checked);
                      if (e.target.checked) step.set(factoryFromApplicant(step.input));
                    }}
                  />
                }
                label={tf('sameAsApplicant')}
              />
            }
          >
            {party('factory', sameFactory)}
          </FieldGroup>
        </>
      )}
      <FieldGroup title={tf('contact')}>
        <InputField
          name="contactName"
          label={t('contactName')}
          step={step}
          required={required.includes('contactName')}
        />
        <InputField
          name="contactPhone"
          label={t('contactPhone')}
          step={step}
          required={required.includes('contactPhone')}
        />
      </FieldGroup>
    </Box>
  );
}
