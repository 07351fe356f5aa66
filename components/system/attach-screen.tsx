'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { z } from '@/lib/zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { downloadFile } from '@/components/files/api';
import { formatBytes } from '@/components/files/model';
import type { CrudField } from '@/components/crud/types';
import { usePermissions } from '@/lib/permissions/use-permissions';

interface Attach {
  id: string;
  name: string;
  originalName: string;
  extension: string;
  attachSize: number;
  link: string;
  createTime: string;
}

const none = z.object({});

/** Attachments (every stored upload of the tenant): list, detail, remove and download. */
export function AttachScreen() {
  const t = useTranslations('system.attach');
  const tc = useTranslations('system.common');
  const { can } = usePermissions();
  const fields: CrudField[] = [
    { name: 'originalName', label: t('originalName'), wide: true },
    { name: 'name', label: t('name'), wide: true },
    { name: 'extension', label: t('extension') },
    { name: 'attachSize', label: t('attachSize') },
    { name: 'createTime', label: tc('createTime') },
  ];
  const columns: GridColDef<Attach>[] = [
    { field: 'originalName', headerName: t('originalName'), flex: 1, minWidth: 200 },
    { field: 'extension', headerName: t('extension'), width: 90 },
    {
      field: 'attachSize',
      headerName: t('attachSize'),
      width: 120,
      // A size the server left out reads '--' here, like a negative one, where the file screens leave it blank.
      valueGetter: (_, r) => formatBytes(Number(r.attachSize)) || '--',
    },
    { field: 'createTime', headerName: tc('createTime'), width: 170, sortable: true },
  ];
  return (
    <CrudScreen<Attach>
      title={t('title')}
      api={{
        list: '/api/blade-resource/attach/list',
        detail: '/api/blade-resource/attach/detail',
        remove: '/api/blade-resource/attach/remove',
      }}
      columns={columns}
      fields={fields}
      schema={none}
      emptyValues={{}}
      buttons={{ add: false, edit: false }}
      permissions={{ delete: 'attach_delete', view: 'attach_view' }}
      searchFields={[{ name: 'originalName', label: t('originalName') }]}
      rowActions={[
        {
          label: t('download'),
          hidden: !can('attach_download'),
          // The files module's short-lived download key, never a token in the URL.
          onClick: (row) => void downloadFile(row.id),
        },
      ]}
    />
  );
}
