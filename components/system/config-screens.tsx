'use client';

import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { CrudForm } from '@/components/crud/crud-form';
import { CrudScreen } from '@/components/crud/crud-screen';
import { FormDialog } from '@/components/crud/form-dialog';
import type { CrudField, FieldOption, FormValues } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { requiredSchema } from './schema';
import { optionLabel } from './use-system-data';

interface ConfigRow {
  id: string;
  category: number;
  status: number;
  secretKeySet?: boolean;
  [key: string]: unknown;
}

const OSS_CATEGORIES: FieldOption[] = ['minio', 'qiniu', 'alioss', 'tencentcos', 'huaweiobs', 'amazons3'].map(
  (label, i) => ({
    value: i + 1,
    label,
  }),
);
const SMS_CATEGORIES: FieldOption[] = ['yunpian', 'qiniu', 'aliyun', 'tencent'].map((label, i) => ({
  value: i + 1,
  label,
}));
/** blade-resource marks the enabled configuration with status 2 (BladeX). */
const ENABLED = 2;

/**
 * Storage (oss) and SMS configurations: one per tenant is enabled at a time (`enable?id`). Secret keys are
 * write-only: blade/ answers `secretKey: ''` with `secretKeySet`, and an empty secret on save keeps the stored one.
 */
export function ResourceConfigScreen({ kind }: { kind: 'oss' | 'sms' }) {
  const t = useTranslations('system.resource');
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const [sending, setSending] = useState<ConfigRow | null>(null);
  const categories = kind === 'oss' ? OSS_CATEGORIES : SMS_CATEGORIES;
  const base = `/api/blade-resource/${kind}`;
  const codeField = kind === 'oss' ? 'ossCode' : 'smsCode';
  const fields: CrudField[] = [
    { name: 'category', label: t('category'), kind: 'select', options: categories },
    { name: codeField, label: t('code') },
    ...(kind === 'oss'
      ? ([
          { name: 'endpoint', label: t('endpoint'), wide: true },
          { name: 'transformEndpoint', label: t('transformEndpoint'), wide: true },
          { name: 'bucketName', label: t('bucketName') },
          { name: 'region', label: t('region') },
          { name: 'appId', label: t('appId') },
        ] satisfies CrudField[])
      : ([
          { name: 'templateId', label: t('templateId') },
          { name: 'signName', label: t('signName') },
          { name: 'regionId', label: t('region') },
        ] satisfies CrudField[])),
    { name: 'accessKey', label: t('accessKey') },
    {
      name: 'secretKey',
      label: t('secretKey'),
      kind: 'password',
      placeholder: t('secretHint'),
      hiddenIn: ['view'],
    },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<ConfigRow>[] = [
    {
      field: 'category',
      headerName: t('category'),
      width: 120,
      valueGetter: (_, r) => optionLabel(categories, r.category),
    },
    { field: codeField, headerName: t('code'), width: 140 },
    kind === 'oss'
      ? { field: 'endpoint', headerName: t('endpoint'), flex: 1, minWidth: 200 }
      : { field: 'templateId', headerName: t('templateId'), flex: 1, minWidth: 140 },
    kind === 'oss'
      ? { field: 'bucketName', headerName: t('bucketName'), width: 140 }
      : { field: 'signName', headerName: t('signName'), width: 140 },
    {
      field: 'status',
      headerName: tc('status'),
      width: 100,
      renderCell: ({ row }) =>
        row.status === ENABLED ? (
          <Chip size="small" color="success" label={tc('enabled')} />
        ) : (
          <Chip size="small" label={tc('disabled')} />
        ),
    },
  ];
  return (
    <>
      <CrudScreen<ConfigRow>
        title={t(`title_${kind}`)}
        api={{
          list: `${base}/list`,
          detail: `${base}/detail`,
          submit: `${base}/submit`,
          remove: `${base}/remove`,
        }}
        columns={columns}
        fields={fields}
        schema={requiredSchema(fields, ['category', codeField, 'accessKey'], tc)}
        emptyValues={Object.fromEntries(fields.map((f) => [f.name, '']))}
        toForm={(row) => ({ ...row, secretKey: '' })}
        toBody={(v) => {
          const { secretKey, secretKeySet: _s, statusName: _n, categoryName: _c, ...rest } = v;
          return secretKey ? { ...rest, secretKey } : rest;
        }}
        searchFields={[{ name: codeField, label: t('code') }]}
        permissions={{
          add: `${kind}_add`,
          edit: `${kind}_edit`,
          delete: `${kind}_delete`,
          view: `${kind}_view`,
        }}
        rowActions={[
          {
            label: tc('enable'),
            hidden: (row) => row.status === ENABLED || !can(`${kind}_enable`),
            onClick: (row) =>
              void bladeRequest(`${base}/enable`, { method: 'POST', params: { id: row.id } }).then(() => {
                notify(tcrud('success'), 'success');
                return mutate((key) => Array.isArray(key) && key[0] === `${base}/list`);
              }),
          },
          ...(kind === 'sms'
            ? [{ label: t('send'), hidden: !can('sms_send'), onClick: (row: ConfigRow) => setSending(row) }]
            : []),
        ]}
      />
      {sending && <SmsSendDialog code={String(sending.smsCode ?? '')} onClose={() => setSending(null)} />}
    </>
  );
}

function SmsSendDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const t = useTranslations('system.resource');
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
  return (
    <FormDialog
      open
      width={560}
      title={t('send')}
      onClose={onClose}
      onSubmit={() => {
        if (!form.validate()) return;
        void bladeRequest('/api/blade-resource/sms/endpoint/send-message', {
          method: 'POST',
          params: { code, phones: String(form.values.phones), params: String(form.values.params ?? '') },
        }).then(() => {
          notify(t('sent'), 'success');
          onClose();
        });
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
