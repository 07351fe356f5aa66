'use client';

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import type { CrudField, FieldOption, FormValues } from '@/components/crud/types';
import { optionLabel } from './use-system-data';

interface DictRow {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  isSealed: number;
  remark: string;
}

export type DictKind = 'dict' | 'dict-biz';
export type DictLayout = 'horizontal' | 'vertical';

const sealedValue = (message: string) =>
  z.number({ error: message }).refine((v) => v === 0 || v === 1, message);
/** isSealed 0 → 1 is final: a sealed row is shown and viewed, never edited or removed. */
const sealed = (row: { isSealed?: number | string }) => Number(row.isSealed) === 1;
const sortNumber = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(100000, message);

/**
 * Dictionary management (spec §2, §5): a parent list (code, name, sort, sealed, remark) and the children of the
 * chosen parent. A child's code and parent come from the parent and cannot be edited. `horizontal` puts the lists
 * side by side, `vertical` one above the other.
 */
export function DictScreen({
  kind = 'dict',
  layout = 'horizontal',
}: {
  kind?: DictKind;
  layout?: DictLayout;
}) {
  const t = useTranslations('system.dict');
  const tc = useTranslations('system.common');
  const [parent, setParent] = useState<DictRow | null>(null);
  const base = `/api/blade-system/${kind}`;
  const perm = kind === 'dict' ? 'dict' : 'dictbiz';
  const permissions = {
    add: `${perm}_add`,
    edit: `${perm}_edit`,
    delete: `${perm}_delete`,
    view: `${perm}_view`,
  };
  const yesNo: FieldOption[] = [
    { value: 0, label: tc('no') },
    { value: 1, label: tc('yes') },
  ];

  const parentSchema = useMemo(
    () =>
      z.object({
        code: z.string().trim().min(1, t('codeRequired')),
        dictValue: z.string().trim().min(1, t('nameRequired')),
        sort: sortNumber(t('sortRequired')),
        isSealed: sealedValue(t('sealedRequired')),
        remark: z.string().optional(),
      }),
    [t],
  );
  const childSchema = useMemo(
    () =>
      z.object({
        code: z.string().trim().min(1, t('codeRequired')),
        dictValue: z.string().trim().min(1, t('nameRequired')),
        dictKey: z.string().trim().min(1, t('keyRequired')),
        sort: sortNumber(t('sortRequired')),
        isSealed: sealedValue(t('sealedRequired')).optional(),
        remark: z.string().optional(),
      }),
    [t],
  );

  const parentFields: CrudField[] = [
    { name: 'code', label: t('code') },
    { name: 'dictValue', label: t('name') },
    { name: 'sort', label: t('sort'), kind: 'number' },
    { name: 'isSealed', label: t('sealed'), kind: 'select', options: yesNo },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const childFields: CrudField[] = [
    { name: 'code', label: t('code'), readOnlyIn: ['add', 'edit'] },
    { name: 'parentName', label: t('parent'), readOnlyIn: ['add', 'edit'] },
    { name: 'dictValue', label: t('name') },
    { name: 'dictKey', label: t('key') },
    { name: 'sort', label: t('sort'), kind: 'number' },
    { name: 'isSealed', label: t('sealed'), kind: 'select', options: yesNo },
    { name: 'remark', label: tc('remark'), kind: 'textarea' },
  ];
  const sealedColumn: GridColDef<DictRow> = {
    field: 'isSealed',
    headerName: t('sealed'),
    width: 80,
    valueGetter: (_, row) => optionLabel(yesNo, row.isSealed),
  };
  const parentColumns: GridColDef<DictRow>[] = [
    { field: 'code', headerName: t('code'), flex: 1, minWidth: 120 },
    { field: 'dictValue', headerName: t('name'), flex: 1, minWidth: 120 },
    { field: 'sort', headerName: t('sort'), width: 70 },
    sealedColumn,
    { field: 'remark', headerName: tc('remark'), flex: 1, minWidth: 100 },
  ];
  const childColumns: GridColDef<DictRow>[] = [
    { field: 'code', headerName: t('code'), flex: 1, minWidth: 100 },
    { field: 'dictValue', headerName: t('name'), flex: 1, minWidth: 100 },
    { field: 'dictKey', headerName: t('key'), flex: 1, minWidth: 80 },
    { field: 'sort', headerName: t('sort'), width: 70 },
    sealedColumn,
  ];
  const toBody = (v: FormValues) => {
    const { parentName: _parentName, children: _children, ...rest } = v;
    return rest;
  };
  const horizontal = layout === 'horizontal';
  const height = horizontal ? 'calc(100vh - 300px)' : 'calc(50vh - 190px)';

  return (
    <Box
      data-testid={`dict-${layout}`}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: horizontal ? { xs: '1fr', lg: '1fr 1fr' } : '1fr',
      }}
    >
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} aria-label={t('parentList')} role="region">
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('parentList')}
        </Typography>
        <CrudScreen<DictRow>
          title={t('title')}
          api={{
            list: `${base}/parent-list`,
            detail: `${base}/detail`,
            submit: `${base}/submit`,
            remove: `${base}/remove`,
          }}
          columns={parentColumns}
          fields={parentFields}
          schema={parentSchema}
          emptyValues={{
            code: '',
            dictValue: '',
            sort: '',
            isSealed: 0,
            remark: '',
            parentId: '0',
            dictKey: '-1',
          }}
          searchFields={[
            { name: 'code', label: t('code') },
            { name: 'dictValue', label: t('name') },
          ]}
          permissions={permissions}
          toBody={toBody}
          readOnlyRow={sealed}
          onRowClick={setParent}
          currentRowId={parent?.id}
          height={height}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} aria-label={t('childList')} role="region">
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {parent ? t('childListOf', { name: parent.dictValue, code: parent.code }) : t('childList')}
        </Typography>
        {parent ? (
          <CrudScreen<DictRow>
            key={parent.id}
            title={t('childTitle')}
            api={{
              list: `${base}/child-list`,
              detail: `${base}/detail`,
              submit: `${base}/submit`,
              remove: `${base}/remove`,
            }}
            params={{ parentId: parent.id }}
            columns={childColumns}
            fields={childFields}
            schema={childSchema}
            emptyValues={{
              code: parent.code,
              parentId: parent.id,
              parentName: parent.dictValue,
              dictValue: '',
              dictKey: '',
              sort: '',
              isSealed: 0,
              remark: '',
            }}
            toForm={(row) => ({
              ...row,
              code: parent.code,
              parentId: parent.id,
              parentName: parent.dictValue,
            })}
            // The child's code and parent are the parent's, whatever the form holds.
            toBody={(v) => ({ ...toBody(v), code: parent.code, parentId: parent.id })}
            permissions={permissions}
            // A sealed header seals its items and takes no new ones (blade/ refuses them: 已封存的字典不可修改).
            readOnlyRow={(row) => sealed(parent) || sealed(row)}
            buttons={{ add: !sealed(parent), delete: !sealed(parent) }}
            height={height}
          />
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('pickParent')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
