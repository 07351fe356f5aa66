'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField } from '@/components/crud/types';
import { requiredSchema } from './schema';

interface Client {
  id: string;
  clientId: string;
  scope: string;
  authorizedGrantTypes: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

/**
 * OAuth clients. Secrets are stored hashed and never come back: the secret field is write-only (empty on edit
 * keeps the current secret).
 */
export function ClientScreen() {
  const t = useTranslations('system.client');
  const tc = useTranslations('system.common');
  const fields: CrudField[] = [
    { name: 'clientId', label: t('clientId'), readOnlyIn: ['edit'] },
    {
      name: 'clientSecret',
      label: t('clientSecret'),
      kind: 'password',
      placeholder: t('secretHint'),
      hiddenIn: ['view'],
    },
    { name: 'scope', label: t('scope') },
    { name: 'authorizedGrantTypes', label: t('grantTypes') },
    { name: 'accessTokenValidity', label: t('accessValidity'), kind: 'number' },
    { name: 'refreshTokenValidity', label: t('refreshValidity'), kind: 'number' },
    { name: 'webServerRedirectUri', label: t('redirectUri'), wide: true },
    { name: 'additionalInformation', label: t('additional'), kind: 'textarea' },
  ];
  const columns: GridColDef<Client>[] = [
    { field: 'clientId', headerName: t('clientId'), flex: 1, minWidth: 140 },
    { field: 'scope', headerName: t('scope'), width: 100 },
    { field: 'authorizedGrantTypes', headerName: t('grantTypes'), flex: 2, minWidth: 200 },
    { field: 'accessTokenValidity', headerName: t('accessValidity'), width: 140 },
    { field: 'refreshTokenValidity', headerName: t('refreshValidity'), width: 140 },
  ];
  return (
    <CrudScreen<Client>
      title={t('title')}
      api={{
        list: '/api/blade-system/client/list',
        detail: '/api/blade-system/client/detail',
        submit: '/api/blade-system/client/submit',
        remove: '/api/blade-system/client/remove',
      }}
      columns={columns}
      fields={fields}
      schema={requiredSchema(
        fields,
        ['clientId', 'scope', 'authorizedGrantTypes', 'accessTokenValidity', 'refreshTokenValidity'],
        tc,
      )}
      emptyValues={{
        clientId: '',
        clientSecret: '',
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password,captcha',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        webServerRedirectUri: '',
        additionalInformation: '',
      }}
      toForm={(row) => ({ ...row, clientSecret: '' })}
      toBody={(v) => {
        const { clientSecret, ...rest } = v;
        return clientSecret ? { ...rest, clientSecret } : rest;
      }}
      searchFields={[{ name: 'clientId', label: t('clientId') }]}
      permissions={{ add: 'client_add', edit: 'client_edit', delete: 'client_delete', view: 'client_view' }}
    />
  );
}
