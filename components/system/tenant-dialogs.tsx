'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import useSWR from 'swr';
import { z } from '@/lib/zod';
import { CrudForm } from '@/components/crud/crud-form';
import { FormDialog } from '@/components/crud/form-dialog';
import type { FieldOption, FormValues } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { tenantPackageDetail, tenantPackageSetting } from '@/lib/contracts/system/tenant.actions';

/** The form's value of the "none" option (a select shows no label for ''); sent blank, which Blade reads as "clear". */
const NONE = 'none';
const sent = (value: unknown) =>
  value === NONE || value === undefined || value === null ? '' : String(value);

interface TenantRef {
  tenantId: string;
  tenantName: string;
}

/**
 * 产品包配置 (`tenant/package-detail`, `tenant/package-setting`): the tenant's package. Saving re-grants the tenant's
 * menus from it (its `admin` role gets exactly them); "none" means every tenant menu.
 */
export function TenantPackageDialog({
  tenant,
  packages,
  onClose,
  onSaved,
}: {
  tenant: TenantRef;
  packages: FieldOption[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const t = useTranslations('system.tenant');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { data: detail, mutate } = useSWR<{ id?: string }>([
    proxied(tenantPackageDetail.call),
    { tenantId: tenant.tenantId },
  ]);
  const options: FieldOption[] = [{ value: NONE, label: t('noPackage') }, ...packages];
  const schema = useMemo(() => z.object({ packageId: z.string() }), []);
  // The form opens once the tenant's current package is known, so the select starts on it.
  return detail === undefined ? null : (
    <PackageForm
      title={`${t('packageSetting')}：${tenant.tenantName}`}
      initial={detail.id ? String(detail.id) : NONE}
      options={options}
      schema={schema}
      label={t('package')}
      onClose={onClose}
      onSave={async (packageId) => {
        await bladeRequest(proxied(tenantPackageSetting.call), {
          method: 'POST',
          params: { tenantId: tenant.tenantId, packageId },
        });
        notify(tcrud('success'), 'success');
        // The cached detail would open the dialog on the old package next time.
        await mutate();
        await onSaved();
        onClose();
      }}
    />
  );
}

function PackageForm({
  title,
  initial,
  options,
  schema,
  label,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  options: FieldOption[];
  schema: z.ZodType;
  label: string;
  onClose: () => void;
  onSave: (packageId: string) => Promise<void>;
}) {
  const form = useCrudForm<FormValues>(schema, { packageId: initial });
  return (
    <FormDialog
      open
      width={560}
      title={title}
      onClose={onClose}
      onSubmit={() => {
        if (form.validate()) void onSave(sent(form.values.packageId));
      }}
    >
      <CrudForm
        columns={1}
        mode="edit"
        form={form}
        fields={[{ name: 'packageId', label, kind: 'select', options }]}
      />
    </FormDialog>
  );
}
