'use client';

import { proxied } from '@/lib/client/fetcher';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption, FormValues } from '@/components/crud/types';
import type { RowOf } from '@/lib/contracts/resource';
import { dictBizResource, dictForms, dictResource } from '@/lib/contracts/system/dict';
import { optionLabel } from './use-system-data';

type DictRow = RowOf<typeof dictResource>;

export type DictKind = 'dict' | 'dict-biz';
export type DictLayout = 'horizontal' | 'vertical';

/** isSealed 0 → 1 is final: a sealed row is shown and viewed, never edited or removed. */
const sealed = (row: { isSealed?: number | string }) => Number(row.isSealed) === 1;

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
  const def = kind === 'dict' ? dictResource : dictBizResource;
  const forms = useMemo(() => dictForms(def), [def]);
  // System dictionaries are written by the platform administrator; the page's buttons still decide what it shows.
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
  const isSealed = { kind: 'select', options: yesNo } as const;
  const sealedColumn = {
    width: 80,
    valueGetter: (_: unknown, row: DictRow) => optionLabel(yesNo, row.isSealed),
  };
  const toBody = (v: FormValues) => {
    const { parentName: _parentName, children: _children, ...rest } = v;
    return rest;
  };
  const horizontal = layout === 'horizontal';
  const height = horizontal ? 'calc(100vh - 300px)' : 'calc(50vh - 190px)';

  return (
    <Box
      data-testid={`dict-${layout}`}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: horizontal ? { xs: '1fr', lg: '1fr 1fr' } : '1fr' }}
    >
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} aria-label={t('parentList')} role="region">
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('parentList')}
        </Typography>
        <ResourceScreen
          def={forms.header}
          fields={{ parentId: false, dictKey: false, isSealed }}
          columns={{ dictKey: false, sort: { width: 70 }, isSealed: sealedColumn }}
          overrides={{
            title: t('title'),
            permissions,
            toBody,
            readOnlyRow: sealed,
            onRowClick: setParent,
            currentRowId: parent?.id,
            height,
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} aria-label={t('childList')} role="region">
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {parent ? t('childListOf', { name: parent.dictValue, code: parent.code }) : t('childList')}
        </Typography>
        {parent ? (
          <ResourceScreen
            key={parent.id}
            def={forms.item}
            // The parent is shown by name; the code is the parent's.
            fields={{
              code: { readOnlyIn: ['add', 'edit'] },
              parentId: { name: 'parentName', readOnlyIn: ['add', 'edit'] },
              isSealed,
            }}
            columns={{ sort: { width: 70 }, isSealed: sealedColumn, remark: false }}
            order={{ form: ['code', 'parentId'] }}
            overrides={{
              title: t('childTitle'),
              api: {
                list: `/api/blade-system/${kind}/child-list`,
                detail: def.calls.detail && proxied(def.calls.detail),
                submit: proxied(def.calls.submit),
                remove: proxied(def.calls.remove),
              },
              params: { parentId: parent.id },
              searchFields: [],
              emptyValues: {
                code: parent.code,
                parentId: parent.id,
                parentName: parent.dictValue,
                dictValue: '',
                dictKey: '',
                sort: '',
                isSealed: 0,
                remark: '',
              },
              toForm: (row) => ({
                ...row,
                code: parent.code,
                parentId: parent.id,
                parentName: parent.dictValue,
              }),
              // The child's code and parent are the parent's, whatever the form holds.
              toBody: (v) => ({ ...toBody(v), code: parent.code, parentId: parent.id }),
              permissions,
              // A sealed header seals its items and takes no new ones (blade/ refuses them: 已封存的字典不可修改).
              readOnlyRow: (row) => sealed(parent) || sealed(row),
              buttons: { add: !sealed(parent), delete: !sealed(parent) },
              height,
            }}
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
