'use client';

import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { CrudField } from '@/components/crud/types';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import type { ApplicationState } from '@/lib/contracts/application/machine';
import { StateChip, useStateLabel } from './state-chip';

/** Where an application opens: the customer's form while it is theirs to edit, else the case. */
export const formHref = (row: Pick<ApplicationVO, 'id' | 'scheme'>) =>
  `/application/form?scheme=${row.scheme}&id=${encodeURIComponent(row.id)}`;
export const detailHref = (row: Pick<ApplicationVO, 'id' | 'scheme'>) =>
  `/application/detail?scheme=${row.scheme}&id=${encodeURIComponent(row.id)}`;
export const caseHref = (row: Pick<ApplicationVO, 'id' | 'scheme'>) =>
  `/businessManagement/case?scheme=${row.scheme}&id=${encodeURIComponent(row.id)}`;

/** The grid columns of an application list: product, number, scheme, state chip, (company,) updated. */
export function useApplicationColumns(withCompany: boolean): GridColDef<ApplicationVO>[] {
  const t = useTranslations('application.screen.fields');
  const ts = useTranslations('application.scheme');
  const tc = useTranslations('application.screen.cnexType');
  return useMemo(() => {
    const cols: GridColDef<ApplicationVO>[] = [
      { field: 'productName', headerName: t('productName'), flex: 1.4, minWidth: 180 },
      {
        field: 'applicationNo',
        headerName: t('applicationNo'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_, row) => row.applicationNo || '--',
      },
      {
        field: 'scheme',
        headerName: t('scheme'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_, row) =>
          row.scheme === 'cnex' && row.cnexType ? `${ts('cnex')} · ${tc(row.cnexType)}` : ts(row.scheme),
      },
      {
        field: 'flowState',
        headerName: t('flowState'),
        width: 130,
        renderCell: ({ row }) => <StateChip state={row.flowState} />,
      },
    ];
    if (withCompany)
      cols.push({ field: 'companyName', headerName: t('companyName'), flex: 1, minWidth: 160 });
    cols.push({
      field: 'updateTime',
      headerName: t('updateTime'),
      width: 170,
      valueGetter: (_, row) => row.updateTime || row.createTime,
    });
    return cols;
  }, [t, ts, tc, withCompany]);
}

/** The search fields the application lists share: the state (among `states`), and in progress or finished. */
export function useApplicationFilters() {
  const t = useTranslations('application.screen');
  const stateLabel = useStateLabel();
  const flowState = (states: readonly ApplicationState[]): CrudField => ({
    name: 'flowState',
    label: t('fields.flowState'),
    kind: 'select',
    options: states.map((s) => ({ value: s, label: stateLabel(s) })),
  });
  const isFinished: CrudField = {
    name: 'isFinished',
    label: t('staff.isFinished'),
    kind: 'select',
    options: [
      { value: '0', label: t('staff.inProgress') },
      { value: '1', label: t('staff.finished') },
    ],
  };
  return { flowState, isFinished };
}
