'use client';

import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { CrudGrid } from '@/components/crud/crud-grid';
import { TextPromptDialog } from '@/components/crud/text-prompt-dialog';
import { FormDialog } from '@/components/crud/form-dialog';
import { SearchBar, type SearchValues } from '@/components/crud/search-bar';
import { useCrudList } from '@/components/crud/use-crud-list';
import { useNotify } from '@/components/providers/notifier';
import {
  CHANGE_STATES,
  CHANGE_STEP_NAMES,
  CHANGE_STEPS,
  SNAPSHOT_FIELDS,
  type CertChangeDetailVO,
  type CertChangeVO,
  type ChangeStep,
} from '@/lib/contracts/cert-change/cert-change';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { CHANGE_PATHS, changeStep } from './api';
import { PagePanel } from '@/components/crud/page-panel';

const STATE_COLOR: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error'> = {
  draft: 'default',
  submitted: 'primary',
  returned: 'warning',
  accepted: 'primary',
  evaluation: 'primary',
  rejected: 'error',
  reissued: 'success',
};

export function ChangeStateChip({ state }: { state: string }) {
  const t = useTranslations('certChange.state');
  return <Chip size="small" color={STATE_COLOR[state] ?? 'default'} label={t(state)} />;
}

/**
 * Certificate changes (certChange/page): the customer's company's on /application/myCertChange, every change of the
 * tenant for staff on /businessManagement/certChange with the steps their buttons allow (the server checks role and
 * state again on the locked row).
 */
export function ChangeList({ staff }: { staff: boolean }) {
  const t = useTranslations('certChange.screen');
  const ts = useTranslations('certChange.state');
  const notify = useNotify();
  const tt = useTranslations('certChange.type');
  const [filters, setFilters] = useState<SearchValues>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList<CertChangeVO>({ url: CHANGE_PATHS.page, params });
  const [shown, setShown] = useState<CertChangeVO | null>(null);
  const [acting, setActing] = useState<{ row: CertChangeVO; step: ChangeStep } | null>(null);
  const { can } = usePermissions();
  const steps = staff
    ? CHANGE_STEP_NAMES.filter((name) => can(CHANGE_STEPS[name].code)).map((name) => ({
        label: t(`step.${name}`),
        color: name === 'return' || name === 'reject' ? ('warning' as const) : ('primary' as const),
        onClick: (row: CertChangeVO) => setActing({ row, step: name }),
        hidden: (row: CertChangeVO) =>
          !(CHANGE_STEPS[name].from as readonly string[]).includes(row.changeState),
      }))
    : [];
  const columns = useMemo<GridColDef<CertChangeVO>[]>(
    () => [
      { field: 'changeNo', headerName: t('changeNo'), width: 150 },
      { field: 'certNumber', headerName: t('certNumber'), flex: 1, minWidth: 160 },
      { field: 'certVersion', headerName: t('version'), width: 70 },
      { field: 'productName', headerName: t('productName'), flex: 1, minWidth: 140 },
      ...(staff ? [{ field: 'companyName', headerName: t('companyName'), flex: 1, minWidth: 150 }] : []),
      {
        field: 'changeTypes',
        headerName: t('changeTypes'),
        flex: 1.4,
        minWidth: 180,
        valueGetter: (_, row) => row.changeTypes.map((x) => tt(x)).join('、'),
      },
      {
        field: 'changeState',
        headerName: t('changeState'),
        width: 110,
        renderCell: ({ row }) => <ChangeStateChip state={row.changeState} />,
      },
      { field: 'submittedAt', headerName: t('submittedAt'), width: 170 },
    ],
    [t, tt, staff],
  );
  const title = staff ? t('staffTitle') : t('customerTitle');
  return (
    <PagePanel title={title}>
      <SearchBar
        fields={[
          { name: 'changeNo', label: t('changeNo') },
          { name: 'certNumber', label: t('certNumber') },
          {
            name: 'changeState',
            label: t('changeState'),
            kind: 'select',
            options: CHANGE_STATES.map((s) => ({ value: s, label: ts(s) })),
          },
        ]}
        onSearch={setFilters}
      />
      <CrudGrid<CertChangeVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        onRowClick={setShown}
        rowActions={[{ label: t('view'), onClick: setShown }, ...steps]}
      />
      {acting && (
        <TextPromptDialog
          title={t('stepTitle', { step: t(`step.${acting.step}`), no: acting.row.changeNo })}
          label={CHANGE_STEPS[acting.step].reason ? t('reason') : t('remark')}
          required={CHANGE_STEPS[acting.step].reason}
          submitLabel={t('confirm')}
          onClose={() => setActing(null)}
          onSubmit={async (reason) => {
            await changeStep(acting.step, acting.row.id, reason);
            notify(t('done'), 'success');
            await list.reload();
          }}
        />
      )}
      {shown && (
        <FormDialog
          open
          width={860}
          title={shown.changeNo || shown.certNumber}
          onClose={() => setShown(null)}
        >
          <ChangeDetail id={shown.id} />
        </FormDialog>
      )}
    </PagePanel>
  );
}

const shownValue = (v: unknown) =>
  Array.isArray(v)
    ? v.map((x) => (typeof x === 'string' ? x : (x as { model?: string }).model)).join('；')
    : String(v ?? '');

/** A change: the certificate's values and the new ones side by side (the changed ones marked), and its history. */
export function ChangeDetail({ id }: { id: string }) {
  const t = useTranslations('certChange.screen');
  const ts = useTranslations('certChange.state');
  const tt = useTranslations('certChange.type');
  const { data } = useSWR<CertChangeDetailVO>([CHANGE_PATHS.detail, { id }]);
  if (!data) return null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ChangeStateChip state={data.changeState} />
        <Typography variant="body2">{data.changeTypes.map((x) => tt(x)).join('、')}</Typography>
        {data.needsTest && <Chip size="small" color="warning" label={t('needsTest')} />}
        {data.needsFactoryVisit && <Chip size="small" color="warning" label={t('needsFactoryVisit')} />}
      </Stack>
      {data.returnReason && data.changeState === 'returned' && (
        <Alert severity="warning">{t('returnedBecause', { reason: data.returnReason })}</Alert>
      )}
      {data.rejectReason && (
        <Alert severity="error">{t('rejectedBecause', { reason: data.rejectReason })}</Alert>
      )}
      <Table size="small" aria-label={t('compare')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fieldName')}</TableCell>
            <TableCell>{t('beforeColumn')}</TableCell>
            <TableCell>{t('afterColumn')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SNAPSHOT_FIELDS.map((field) => {
            const before = shownValue(data.before[field]);
            const after = shownValue(data.after[field]);
            return (
              <TableRow key={field} selected={before !== after}>
                <TableCell>{t(`field.${field}`)}</TableCell>
                <TableCell>{before}</TableCell>
                <TableCell>{after}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="subtitle2">{t('history')}</Typography>
      <Table size="small" aria-label={t('history')}>
        <TableBody>
          {data.history.map((h, i) => (
            <TableRow key={i}>
              <TableCell>{h.createTime}</TableCell>
              <TableCell>{h.userName}</TableCell>
              <TableCell>
                {ts(h.fromState)} → {ts(h.toState)}
              </TableCell>
              <TableCell>{h.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
