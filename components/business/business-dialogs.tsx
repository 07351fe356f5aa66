'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { proxied } from '@/lib/client/fetcher';
import { z } from '@/lib/zod';
import { ActionDialog } from './action-dialog';

/** What every action dialog of a record gets from its screen. */
export interface RecordActionProps {
  id: string;
  /** The record's name, shown in the title. */
  name: string;
  onClose: () => void;
  onDone: () => void | Promise<unknown>;
}

const filled = (message: string) =>
  z.unknown().refine((v) => v !== undefined && v !== null && String(v).trim() !== '', message);
const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A finish (a project's or a contract's acceptance): the day and the warranty in months (0–120). */
export function AcceptanceDialog({ path, ...props }: RecordActionProps & { path: string }) {
  const t = useTranslations('businessScreens');
  const schema = useMemo(
    () =>
      z.object({
        acceptanceDate: z
          .string({ error: t('dateRequired') })
          .regex(/^\d{4}-\d{2}-\d{2}$/, t('dateRequired')),
        warrantyPeriod: filled(t('warrantyRequired')).pipe(
          z.coerce
            .number({ error: t('warrantyRange') })
            .int(t('warrantyRange'))
            .min(0, t('warrantyRange'))
            .max(120, t('warrantyRange')),
        ),
      }),
    [t],
  );
  return (
    <ActionDialog
      {...props}
      title={t('acceptanceTitle', { name: props.name })}
      url={proxied({ path })}
      fields={[
        { name: 'acceptanceDate', label: t('acceptanceDate'), kind: 'day' },
        { name: 'warrantyPeriod', label: t('warrantyPeriod'), kind: 'number' },
      ]}
      schema={schema}
      initial={{ acceptanceDate: today(), warrantyPeriod: '' }}
    />
  );
}

/** 立项 → 执行中, or 立项 / 执行中 → 终止, with a remark. */
export function ProjectStateDialog({ path, ...props }: RecordActionProps & { path: string }) {
  const t = useTranslations('businessScreens');
  const schema = useMemo(
    () =>
      z.object({
        projectStatus: z.enum(['2', '4'], { error: t('targetRequired') }),
        remark: z
          .string()
          .trim()
          .max(500, t('tooLong', { max: 500 }))
          .optional(),
      }),
    [t],
  );
  return (
    <ActionDialog
      {...props}
      title={t('stateTitle', { name: props.name })}
      url={proxied({ path })}
      fields={[
        {
          name: 'projectStatus',
          label: t('targetStatus'),
          kind: 'select',
          options: [
            { value: '2', label: t('statusRunning') },
            { value: '4', label: t('statusEnded') },
          ],
        },
        { name: 'remark', label: t('remark'), kind: 'textarea' },
      ]}
      schema={schema}
      initial={{ projectStatus: '', remark: '' }}
    />
  );
}

/** A form of one required text: the contract's end reason, a batch's bank reference or abnormal reason. */
function OneTextDialog({
  path,
  title,
  label,
  field,
  required,
  max,
  multiline,
  value = '',
  ...props
}: RecordActionProps & {
  path: string;
  title: string;
  label: string;
  field: string;
  required: string;
  max: number;
  multiline?: boolean;
  value?: string;
}) {
  const t = useTranslations('businessScreens');
  const schema = useMemo(
    () => z.object({ [field]: text(required, max, t('tooLong', { max })) }),
    [field, required, max, t],
  );
  return (
    <ActionDialog
      {...props}
      title={title}
      url={proxied({ path })}
      fields={[{ name: field, label, kind: multiline ? 'textarea' : 'text' }]}
      schema={schema}
      initial={{ [field]: value }}
    />
  );
}

/** 执行中 → 已终止; the reason is required. */
export function ContractEndDialog({ path, ...props }: RecordActionProps & { path: string }) {
  const t = useTranslations('businessScreens');
  return (
    <OneTextDialog
      {...props}
      path={path}
      title={t('endTitle', { name: props.name })}
      label={t('endReason')}
      field="remark"
      required={t('endReasonRequired')}
      max={500}
      multiline
    />
  );
}

/** The bank's reference of a batch's payment. */
export function BankNumberDialog({
  path,
  current,
  ...props
}: RecordActionProps & { path: string; current?: string }) {
  const t = useTranslations('businessScreens');
  return (
    <OneTextDialog
      {...props}
      value={current ?? ''}
      path={path}
      title={t('bankTitle', { name: props.name })}
      label={t('bankNumber')}
      field="bankTransactionNumber"
      required={t('bankNumberRequired')}
      max={64}
    />
  );
}

/** Marks a batch abnormal (receipts may then exceed its unpaid amount); the reason is required. */
export function AbnormalDialog({ path, ...props }: RecordActionProps & { path: string }) {
  const t = useTranslations('businessScreens');
  return (
    <OneTextDialog
      {...props}
      path={path}
      title={t('abnormalTitle', { name: props.name })}
      label={t('abnormalReason')}
      field="abnormalReason"
      required={t('abnormalReasonRequired')}
      max={500}
      multiline
    />
  );
}
