'use client';

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { FormDialog } from '@/components/crud/form-dialog';
import { SearchBar } from '@/components/crud/search-bar';
import { useUrlSearchList } from '@/components/crud/use-url-filters';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { formatMoney } from '@/lib/shared/money';
import { NOTE_STATES, PAYMENT_CODES, type PaymentNoteVO } from '@/lib/contracts/payment/payment';
import { PAYMENT_PATHS } from './api';
import { IssueNoteDialog } from './issue-dialog';
import { NoteDetail } from './note-detail';
import { PagePanel } from '@/components/crud/page-panel';

/** The search fields, which a link's query may preset (a dashboard tile: `?noteState=issued`, `?overdue=1`). */
const NOTE_FILTERS = ['noteNo', 'applicationNo', 'noteState', 'overdue'] as const;

/**
 * Payment notes (selectPaymentNotesPage): the customer's own company's on /application/myPaymentNote (open one to
 * upload a voucher), every note of the tenant for finance on /businessManagement/paymentNote (issue a note, confirm or
 * reject vouchers, cancel). The server decides which rows; the buttons follow the caller's codes.
 */
export function PaymentNoteList({ staff }: { staff: boolean }) {
  const t = useTranslations('payment.screen');
  const { can } = usePermissions();
  const { search, setSearch, barKey, list } = useUrlSearchList<PaymentNoteVO>(
    PAYMENT_PATHS.page,
    NOTE_FILTERS,
  );
  const [shown, setShown] = useState<PaymentNoteVO | null>(null);
  const [issuing, setIssuing] = useState(false);
  const columns = useMemo<GridColDef<PaymentNoteVO>[]>(
    () => [
      { field: 'noteNo', headerName: t('list.noteNo'), flex: 1, minWidth: 150 },
      {
        field: 'applicationNo',
        headerName: t('list.subjectNo'),
        flex: 1,
        minWidth: 150,
        // What the note bills: an application, a mark order, an application batch or a certificate change (issue 16).
        valueGetter: (_v: string, row: PaymentNoteVO) =>
          row.applicationNo || row.orderNo || row.batchNumber || row.changeNo,
      },
      { field: 'productName', headerName: t('list.productName'), flex: 1.2, minWidth: 160 },
      ...(staff ? [{ field: 'companyName', headerName: t('list.companyName'), flex: 1, minWidth: 160 }] : []),
      {
        field: 'totalAmount',
        headerName: t('list.totalAmount'),
        width: 130,
        align: 'right',
        valueFormatter: (v: string) => formatMoney(v),
      },
      {
        field: 'paidAmount',
        headerName: t('list.paidAmount'),
        width: 130,
        align: 'right',
        valueFormatter: (v: string) => formatMoney(v),
      },
      {
        field: 'noteState',
        headerName: t('list.noteState'),
        // Still owed past its due date: the state says so where the eye looks (the due date is further right).
        width: 150,
        renderCell: ({ row }) =>
          row.overdue ? (
            <Chip
              size="small"
              color="error"
              label={`${t(`state.${row.noteState}`)} · ${t('list.overdueYes')}`}
            />
          ) : (
            <Chip
              size="small"
              color={
                row.noteState === 'paid' ? 'success' : row.noteState === 'cancelled' ? 'default' : 'warning'
              }
              label={t(`state.${row.noteState}`)}
            />
          ),
      },
      { field: 'dueDate', headerName: t('list.dueDate'), width: 120 },
      { field: 'createTime', headerName: t('list.createTime'), width: 170 },
    ],
    [t, staff],
  );
  const title = staff ? t('staffTitle') : t('customerTitle');
  return (
    <PagePanel title={title}>
      <SearchBar
        key={barKey}
        initial={search}
        fields={[
          { name: 'noteNo', label: t('list.noteNo') },
          { name: 'applicationNo', label: t('list.applicationNo') },
          {
            name: 'noteState',
            label: t('list.noteState'),
            kind: 'select',
            options: NOTE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
          },
          {
            name: 'overdue',
            label: t('list.overdue'),
            kind: 'select',
            options: [{ value: '1', label: t('list.overdueYes') }],
          },
        ]}
        onSearch={setSearch}
      />
      <CrudGrid<PaymentNoteVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        onRowClick={setShown}
        rowActions={[{ label: t('list.view'), onClick: setShown }]}
        toolbar={
          staff && can(PAYMENT_CODES.issue) ? (
            <Button variant="contained" onClick={() => setIssuing(true)}>
              {t('issue.open')}
            </Button>
          ) : undefined
        }
      />
      {shown && (
        <FormDialog open title={shown.noteNo} onClose={() => setShown(null)} width={820}>
          <NoteDetail
            id={shown.id}
            viewer={{ staff, canConfirm: can(PAYMENT_CODES.confirm), canCancel: can(PAYMENT_CODES.cancel) }}
            onChanged={() => void list.reload()}
          />
        </FormDialog>
      )}
      {issuing && <IssueNoteDialog onClose={() => setIssuing(false)} onDone={() => list.reload()} />}
    </PagePanel>
  );
}
