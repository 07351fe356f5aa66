'use client';

import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { z } from '@/lib/zod';
import {
  tenantDetail,
  tenantList,
  tenantRemove,
  tenantSetting,
  tenantSubmit,
} from '@/lib/contracts/system/tenant.actions';
import { CrudForm } from '@/components/crud/crud-form';
import { CrudScreen } from '@/components/crud/crud-screen';
import { FormDialog } from '@/components/crud/form-dialog';
import { joinIds } from '@/components/crud/ids';
import type { BladePage, CrudField, FieldOption, FormValues } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { requiredSchema } from './schema';
import { TenantPackageDialog } from './tenant-dialogs';

interface Tenant {
  id: string;
  tenantId: string;
  tenantName: string;
  domain: string;
  linkman: string;
  contactNumber: string;
  address: string;
  accountNumber: number;
  expireTime: string;
  packageId: string;
}

/** The platform's own tenant: its menus are not a package's (blade/ refuses a package for it). */
const PLATFORM_TENANT = '000000';

/**
 * Tenants (platform administrator): creating one provisions its administrator, departments, roles and the menus
 * of its package. 授权配置 sets the account quota and the expiry date of the selected tenants; a row's 产品包配置 sets
 * its package (re-granting its menus). All of it is the platform administrator's. There is no 数据源配置: one database
 * serves every tenant, and blade/ refuses `tenant/datasource`.
 */
export function TenantScreen() {
  const t = useTranslations('system.tenant');
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const { data: packages } = useSWR<BladePage<{ id: string; packageName: string }>>([
    '/api/blade-system/tenant-package/list',
    { current: 1, size: 500 },
  ]);
  const packageOptions: FieldOption[] = (packages?.records ?? []).map((p) => ({
    value: p.id,
    label: p.packageName,
  }));
  const packageNames = new Map(packageOptions.map((o) => [String(o.value), o.label]));
  const [setting, setSetting] = useState<{ ids: string[]; reload: () => Promise<unknown> } | null>(null);
  const [created, setCreated] = useState<Record<string, unknown> | null>(null);
  const [packageOf, setPackageOf] = useState<Tenant | null>(null);

  const fields: CrudField[] = [
    { name: 'tenantId', label: t('tenantId'), hiddenIn: ['add'], readOnlyIn: ['edit'] },
    { name: 'tenantName', label: t('tenantName') },
    { name: 'domain', label: t('domain') },
    {
      name: 'adminPassword',
      label: t('adminPassword'),
      kind: 'password',
      hiddenIn: ['edit', 'view'],
      placeholder: t('adminPasswordHint'),
    },
    { name: 'packageId', label: t('package'), kind: 'select', options: packageOptions },
    { name: 'linkman', label: t('linkman') },
    { name: 'contactNumber', label: t('contactNumber') },
    { name: 'address', label: t('address'), wide: true },
  ];
  const columns: GridColDef<Tenant>[] = [
    { field: 'tenantId', headerName: t('tenantId'), width: 100, sortable: true },
    { field: 'tenantName', headerName: t('tenantName'), flex: 1, minWidth: 140, sortable: true },
    {
      field: 'packageId',
      headerName: t('package'),
      width: 140,
      valueGetter: (_, r) => packageNames.get(String(r.packageId)) ?? '',
    },
    { field: 'linkman', headerName: t('linkman'), width: 100 },
    { field: 'contactNumber', headerName: t('contactNumber'), width: 130 },
    {
      field: 'accountNumber',
      headerName: t('accountNumber'),
      width: 110,
      valueGetter: (_, r) =>
        r.accountNumber === undefined || Number(r.accountNumber) < 0 ? t('unlimited') : r.accountNumber,
    },
    {
      field: 'expireTime',
      headerName: t('expireTime'),
      width: 170,
      valueGetter: (_, r) => r.expireTime || t('unlimited'),
    },
  ];

  return (
    <>
      <CrudScreen<Tenant>
        title={t('title')}
        api={{
          list: proxied(tenantList.call),
          detail: proxied(tenantDetail.call),
          submit: proxied(tenantSubmit.call),
          remove: proxied(tenantRemove.call),
        }}
        columns={columns}
        fields={fields}
        schema={requiredSchema(fields, ['tenantName', 'packageId', 'linkman'], tc)}
        emptyValues={{
          tenantName: '',
          domain: '',
          packageId: '',
          linkman: '',
          contactNumber: '',
          address: '',
        }}
        toBody={(v) => {
          const { accountNumber: _a, expireTime: _e, adminPassword, ...rest } = v;
          // Without a password blade/ gives the new administrator the initial password (account.initPassword).
          return adminPassword ? { ...rest, adminPassword } : rest;
        }}
        searchFields={[
          { name: 'tenantId', label: t('tenantId') },
          { name: 'tenantName', label: t('tenantName') },
        ]}
        permissions={{ add: 'tenant_add', edit: 'tenant_edit', delete: 'tenant_delete', view: 'tenant_view' }}
        onSaved={({ action, data }) => {
          // The new tenant's id is what its administrator logs in with: show it once.
          if (action === 'add' && data && typeof data === 'object' && Object.keys(data).length) {
            setCreated(data as Record<string, unknown>);
          }
        }}
        rowActions={[
          {
            label: t('packageSetting'),
            hidden: (row) => !can('tenant_package') || row.tenantId === PLATFORM_TENANT,
            onClick: (row) => setPackageOf(row),
          },
        ]}
        toolbarExtra={({ selected, reload }) => (
          <>
            {can('tenant_setting') && (
              <Button
                variant="outlined"
                onClick={() =>
                  selected.length
                    ? setSetting({ ids: selected, reload })
                    : notify(tcrud('selectAtLeastOne'), 'warning')
                }
              >
                {t('setting')}
              </Button>
            )}
            {/* Rendered here, where the grid's reload is at hand. */}
            {packageOf && (
              <TenantPackageDialog
                tenant={packageOf}
                packages={packageOptions}
                onClose={() => setPackageOf(null)}
                onSaved={reload}
              />
            )}
          </>
        )}
      />
      {setting && (
        <TenantSettingDialog
          onClose={() => setSetting(null)}
          onSave={async (values) => {
            await bladeRequest(proxied(tenantSetting.call), {
              method: 'POST',
              params: {
                ids: joinIds(setting.ids),
                accountNumber: values.accountNumber,
                expireTime: values.expireTime || undefined,
              },
            });
            notify(tcrud('success'), 'success');
            await setting.reload();
            setSetting(null);
          }}
        />
      )}
      {created && (
        <FormDialog open title={t('createdTitle')} onClose={() => setCreated(null)}>
          <dl data-testid="tenant-created">
            {Object.entries(created)
              .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
              .map(([k, v]) => (
                <div key={k}>
                  <dt style={{ fontWeight: 600 }}>{k}</dt>
                  <dd data-key={k}>{String(v)}</dd>
                </div>
              ))}
          </dl>
        </FormDialog>
      )}
    </>
  );
}

function TenantSettingDialog({
  onClose,
  onSave,
}: {
  onClose: () => void;
  onSave: (v: { accountNumber: number; expireTime: string }) => Promise<void>;
}) {
  const t = useTranslations('system.tenant');
  const schema = useMemo(
    () =>
      z.object({
        accountNumber: z
          .number({ error: t('accountNumberRule') })
          .int(t('accountNumberRule'))
          .min(-1, t('accountNumberRule')),
        expireTime: z.string().optional(),
      }),
    [t],
  );
  const form = useCrudForm<FormValues>(schema, { accountNumber: -1, expireTime: '' });
  const fields: CrudField[] = [
    { name: 'accountNumber', label: t('accountNumber'), kind: 'number', placeholder: t('accountNumberHint') },
    { name: 'expireTime', label: t('expireTime'), kind: 'datetime' },
  ];
  return (
    <FormDialog
      open
      title={t('setting')}
      width={560}
      onClose={onClose}
      onSubmit={() => {
        const parsed = form.validate();
        if (parsed) void onSave(form.values as { accountNumber: number; expireTime: string });
      }}
    >
      <CrudForm fields={fields} form={form} mode="add" columns={1} />
    </FormDialog>
  );
}
