'use client';

import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { CrudScreen } from '@/components/crud/crud-screen';
import { SelectField } from '@/components/crud/select-field';
import type { CrudField } from '@/components/crud/types';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { requiredSchema } from './schema';

interface Region {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  sort: number;
  remark: string;
}

/** The root of China's divisions in `blade_region`. */
const ROOT = '00';

function LevelSelect({
  label,
  parent,
  value,
  onChange,
}: {
  label: string;
  parent: string | null;
  value: string;
  onChange: (code: string) => void;
}) {
  const { data = [] } = useSWR<Region[]>(
    parent ? ['/api/blade-system/region/select', { code: parent }] : null,
  );
  return (
    <SelectField
      label={label}
      value={value}
      disabled={!parent || data.length === 0}
      onChange={onChange}
      sx={{ width: 220, flex: '0 0 auto' }}
      emptyOption="—"
      options={data.map((r) => ({ value: r.code, label: r.name }))}
    />
  );
}

/**
 * Administrative divisions: a cascading province → city → district select (`region/select`) chooses the level whose
 * children the grid lists and edits. Rows are keyed by code; remove takes one code (`id`) and refuses a parent.
 */
export function RegionScreen() {
  const t = useTranslations('system.region');
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const confirm = useConfirm();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const [path, setPath] = useState<[string, string, string]>(['', '', '']);
  const parentCode = path[2] || path[1] || path[0] || ROOT;
  const pick = (level: 0 | 1 | 2) => (code: string) =>
    setPath((p) => (level === 0 ? [code, '', ''] : level === 1 ? [p[0], code, ''] : [p[0], p[1], code]));
  const fields: CrudField[] = [
    { name: 'parentCode', label: t('parentCode'), readOnlyIn: ['add', 'edit'] },
    { name: 'code', label: t('code'), readOnlyIn: ['edit'] },
    { name: 'name', label: t('name') },
    { name: 'sort', label: tc('sort'), kind: 'number' },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<Region>[] = [
    { field: 'code', headerName: t('code'), width: 140 },
    { field: 'name', headerName: t('name'), flex: 1, minWidth: 160 },
    { field: 'level', headerName: t('level'), width: 90 },
    { field: 'sort', headerName: tc('sort'), width: 80 },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={t('cascade')}>
        <LevelSelect label={t('province')} parent={ROOT} value={path[0]} onChange={pick(0)} />
        <LevelSelect label={t('city')} parent={path[0] || null} value={path[1]} onChange={pick(1)} />
        <LevelSelect label={t('district')} parent={path[1] || null} value={path[2]} onChange={pick(2)} />
      </Box>
      <CrudScreen<Region>
        key={parentCode}
        title={t('title')}
        api={{ list: '/api/blade-system/region/list', submit: '/api/blade-system/region/submit' }}
        params={{ parentCode }}
        getRowId={(r) => r.code}
        columns={columns}
        fields={fields}
        schema={requiredSchema(fields, ['code', 'name', 'sort'], tc)}
        emptyValues={{
          parentCode,
          code: parentCode === ROOT ? '' : parentCode,
          name: '',
          sort: 1,
          remark: '',
        }}
        toBody={(v) => ({ ...v, parentCode })}
        searchFields={[{ name: 'name', label: t('name') }]}
        permissions={{ add: 'region_add', edit: 'region_edit' }}
        selectable={false}
        rowActions={[
          {
            label: tcrud('delete'),
            color: 'error',
            hidden: !can('region_delete'),
            onClick: async (row) => {
              if (!(await confirm(tcrud('deleteConfirm')))) return;
              await bladeRequest('/api/blade-system/region/remove', {
                method: 'POST',
                params: { id: row.code },
              });
              notify(tcrud('deleted'), 'success');
              await mutate(
                (key) => Array.isArray(key) && String(key[0]).startsWith('/api/blade-system/region/'),
              );
            },
          },
        ]}
      />
    </Box>
  );
}
