'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from '@/lib/zod';
import { CrudForm } from '@/components/crud/crud-form';
import { FormDialog } from '@/components/crud/form-dialog';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption, FormValues } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import {
  SMS_ENABLED,
  smsCategoriesOffered,
  smsCategory,
  smsResource,
  type SmsSendAnswer,
} from '@/lib/contracts/system/sms';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useEnableConfig } from './enable-config';

const SEND_PATH = '/api/blade-resource/sms/endpoint/send-message';
const ENABLE_PATH = '/api/blade-resource/sms/enable';

/**
 * SMS configurations: one per tenant is enabled at a time (`sms/enable`). Only categories that work are offered: the
 * four vendors, and outside production the log channel, whose sends say they were logged, not sent. The secret key
 * is write-only: empty on edit keeps the stored one.
 */
export function SmsScreen() {
  const t = useTranslations('system.sms');
  const tAll = useTranslations();
  const { can } = usePermissions();
  const [sending, setSending] = useState<string | null>(null);
  // The build inlines NODE_ENV: a production portal does not offer the log channel (blade/ refuses it there too).
  const options: FieldOption[] = smsCategoriesOffered(process.env.NODE_ENV === 'production').map((c) => ({
    value: c.value,
    label: tAll(c.label),
  }));
  const { statusColumn, enableAction } = useEnableConfig({
    def: smsResource,
    enablePath: ENABLE_PATH,
    enabledStatus: SMS_ENABLED,
    permissionCode: 'sms_enable',
  });
  return (
    <>
      <ResourceScreen
        def={smsResource}
        viewCode="sms_view"
        fields={{
          category: { kind: 'select', options },
          secretKey: { placeholder: t('secretHint'), hiddenIn: ['view'] },
          endpoint: { placeholder: t('endpointHint'), wide: true },
        }}
        columns={{
          // A stored row keeps its category's name even where that category is no longer offered.
          category: {
            valueGetter: (value: number) => {
              const category = smsCategory(value);
              return category ? tAll(category.label) : value;
            },
          },
          status: statusColumn,
        }}
        overrides={{
          rowActions: [
            enableAction,
            { label: t('send'), hidden: !can('sms_send'), onClick: (row) => setSending(row.smsCode) },
          ],
        }}
      />
      {sending !== null && <SmsSendDialog code={sending} onClose={() => setSending(null)} />}
    </>
  );
}

/** A test send through one configuration; says what really happened: sent, or only logged (the log channel). */
export function SmsSendDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const t = useTranslations('system.sms');
  const notify = useNotify();
  const schema = useMemo(
    () =>
      z.object({
        phones: z
          .string()
          .trim()
          .min(1, t('phonesRequired'))
          .refine((v) => v.split(',').every((p) => /^1\d{10}$/.test(p.trim())), t('phonesInvalid')),
        params: z
          .string()
          .optional()
          .refine((v) => {
            if (!v?.trim()) return true;
            try {
              return typeof JSON.parse(v) === 'object';
            } catch {
              return false;
            }
          }, t('paramsInvalid')),
      }),
    [t],
  );
  const form = useCrudForm<FormValues>(schema, { phones: '', params: '' });
  const send = async () => {
    let answer: SmsSendAnswer;
    try {
      const res = await bladeRequest<SmsSendAnswer>(SEND_PATH, {
        method: 'POST',
        params: { code, phones: String(form.values.phones), params: String(form.values.params ?? '') },
      });
      answer = res.data;
    } catch (error) {
      // The vendor's refusal was already shown by the fetcher; the dialog stays open.
      if (error instanceof BladeError) return;
      throw error;
    }
    if (answer.outcome === 'logged') notify(t('logged'), 'warning');
    else notify(t('sent'), 'success');
    onClose();
  };
  return (
    <FormDialog
      open
      width={560}
      title={t('send')}
      onClose={onClose}
      onSubmit={() => {
        if (form.validate()) void send();
      }}
    >
      <CrudForm
        columns={1}
        mode="add"
        form={form}
        fields={[
          { name: 'phones', label: t('phones'), placeholder: '13800000000,13900000000' },
          { name: 'params', label: t('params'), kind: 'textarea', placeholder: '{"code":"1234"}' },
        ]}
      />
    </FormDialog>
  );
}
