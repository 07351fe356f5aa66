'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { FileChooser } from '@/components/crud/file-chooser';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { TextPromptDialog } from '@/components/crud/text-prompt-dialog';
import { FormDialog } from '@/components/crud/form-dialog';
import { SearchBar, type SearchValues } from '@/components/crud/search-bar';
import { useCrudList } from '@/components/crud/use-crud-list';
import { useRefusal } from '@/components/crud/use-refusal';
import { downloadFile } from '@/components/files/api';
import {
  INVOICE_CODES,
  INVOICE_STATES,
  type InvoiceState,
  type InvoiceVO,
} from '@/lib/contracts/invoice/invoice';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { formatMoney } from '@/lib/shared/money';
import { INVOICE_PATHS, issueInvoice, redFlushInvoice, rejectInvoice } from './api';

const STATE_COLOR: Record<InvoiceState, 'warning' | 'success' | 'default' | 'error'> = {
  applied: 'warning',
  issued: 'success',
  rejected: 'default',
  red_flushed: 'error',
};

/** Finance issues an applied invoice: its number, date and the file (uploaded into the invoice's archive). */
function IssueDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: InvoiceVO;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslations('invoice.screen.staff');
  const tc = useTranslations('common');
  const [invoiceNo, setInvoiceNo] = useState('');
  const [invoiceDate, setInvoiceDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useRefusal();
  const missing = {
    invoiceNo: !invoiceNo.trim(),
    invoiceDate: !/^\d{4}-\d{2}-\d{2}$/.test(invoiceDate),
    file: !file,
  };
  const submit = async () => {
    setShown(true);
    if (missing.invoiceNo || missing.invoiceDate || !file) return;
    await run(async () => {
      await issueInvoice(invoice.id, { invoiceNo: invoiceNo.trim(), invoiceDate }, file, {
        unknown: tc('unknownError'),
        network: tc('networkError'),
      });
      onDone();
      onClose();
    });
  };
  return (
    <FormDialog
      open
      title={t('issueTitle', { applicationNo: invoice.applicationNo })}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={busy}
      submitLabel={t('confirm')}
      width={520}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {t('buyer', { title: invoice.title, taxpayerId: invoice.taxpayerId })}
        </Typography>
        <TextField
          label={t('invoiceNo')}
          required
          value={invoiceNo}
          onChange={(e) => setInvoiceNo(e.target.value)}
          error={shown && missing.invoiceNo}
          helperText={shown && missing.invoiceNo ? t('required') : ' '}
        />
        <TextField
          label={t('invoiceDate')}
          type="date"
          required
          value={invoiceDate}
          onChange={(e) => setInvoiceDate(e.target.value)}
          error={shown && missing.invoiceDate}
          helperText={shown && missing.invoiceDate ? t('date') : ' '}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FileChooser
          label={t('chooseFile')}
          inputLabel={t('file')}
          accept="image/*,application/pdf,.ofd,.xml"
          file={file}
          onChange={setFile}
          placeholder={t('noFile')}
          problem={shown && missing.file ? t('required') : null}
        />
        <RefusalAlert refusal={refusal} />
      </Stack>
    </FormDialog>
  );
}

type Acting = { kind: 'issue' | 'reject' | 'redFlush'; invoice: InvoiceVO } | null;

/**
 * Invoices (selectInvoiceListPage): the customer's own company's applications on 我的发票 (download of the issued
 * file), every invoice of the tenant for finance on 发票管理 (issue, reject, red-flush by the buttons its roles hold).
 * The server decides which rows; `reloadKey` lets the customer page reload it after an application.
 */
export function InvoiceList({
  staff,
  toolbar,
  reloadKey = 0,
}: {
  staff: boolean;
  toolbar?: ReactNode;
  reloadKey?: number;
}) {
  const t = useTranslations('invoice.screen');
  const { can } = usePermissions();
  const [filters, setFilters] = useState<SearchValues>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList<InvoiceVO>({ url: INVOICE_PATHS.page, params });
  const [acting, setActing] = useState<Acting>(null);
  // A new application on the customer page: the list is read again (not on the first render, which loads anyway). The
  // list's reload is a new function each render, so the latest is kept in a ref and only the key triggers.
  const reloadRef = useRef(list.reload);
  useEffect(() => {
    reloadRef.current = list.reload;
  });
  useEffect(() => {
    if (reloadKey > 0) void reloadRef.current();
  }, [reloadKey]);
  const columns = useMemo<GridColDef<InvoiceVO>[]>(
    () => [
      { field: 'applicationNo', headerName: t('list.applicationNo'), width: 130 },
      ...(staff ? [{ field: 'companyName', headerName: t('list.companyName'), flex: 1, minWidth: 160 }] : []),
      { field: 'title', headerName: t('list.title'), flex: 1, minWidth: 110 },
      {
        field: 'invoiceKind',
        headerName: t('list.invoiceKind'),
        width: 105,
        valueFormatter: (v: string) => t(`kind.${v}`),
      },
      {
        field: 'amount',
        headerName: t('list.amount'),
        width: 100,
        align: 'right',
        valueFormatter: (v: string) => formatMoney(v),
      },
      {
        field: 'notes',
        headerName: t('list.notes'),
        flex: 1,
        minWidth: 110,
        sortable: false,
        valueGetter: (_v, row) => row.notes.map((n) => n.noteNo).join('、'),
      },
      {
        field: 'invoiceState',
        headerName: t('list.invoiceState'),
        width: 85,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={STATE_COLOR[row.invoiceState]}
            label={t(`state.${row.invoiceState}`)}
            title={
              row.rejectReason || row.redFlushReason
                ? t('list.reason', { reason: row.rejectReason || row.redFlushReason })
                : undefined
            }
          />
        ),
      },
      { field: 'invoiceNo', headerName: t('list.invoiceNo'), flex: 1, minWidth: 110 },
      { field: 'invoiceDate', headerName: t('list.invoiceDate'), width: 100 },
      // The customer's list keeps to the page's width (the download stays in view); the apply time is finance's.
      ...(staff ? [{ field: 'createTime', headerName: t('list.createTime'), width: 160 }] : []),
    ],
    [t, staff],
  );
  const title = staff ? t('staffTitle') : t('customerTitle');
  const reload = () => void list.reload();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <SearchBar
        fields={[
          { name: 'applicationNo', label: t('list.applicationNo') },
          { name: 'invoiceNo', label: t('staff.invoiceNoFilter') },
          ...(staff ? [{ name: 'companyName', label: t('staff.companyName') }] : []),
          {
            name: 'invoiceState',
            label: t('staff.stateFilter'),
            kind: 'select' as const,
            options: INVOICE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
          },
        ]}
        onSearch={setFilters}
      />
      <CrudGrid<InvoiceVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        toolbar={toolbar}
        rowActions={[
          {
            label: t('list.download'),
            onClick: (row) => void downloadFile(row.fileId),
            hidden: (row) => !row.fileId,
          },
          ...(staff
            ? [
                {
                  label: t('staff.issue'),
                  onClick: (invoice: InvoiceVO) => setActing({ kind: 'issue', invoice }),
                  hidden: (row: InvoiceVO) => row.invoiceState !== 'applied' || !can(INVOICE_CODES.issue),
                },
                {
                  label: t('staff.reject'),
                  color: 'warning' as const,
                  onClick: (invoice: InvoiceVO) => setActing({ kind: 'reject', invoice }),
                  hidden: (row: InvoiceVO) => row.invoiceState !== 'applied' || !can(INVOICE_CODES.reject),
                },
                {
                  label: t('staff.redFlush'),
                  color: 'error' as const,
                  onClick: (invoice: InvoiceVO) => setActing({ kind: 'redFlush', invoice }),
                  hidden: (row: InvoiceVO) => row.invoiceState !== 'issued' || !can(INVOICE_CODES.redFlush),
                },
              ]
            : []),
        ]}
      />
      {acting?.kind === 'issue' && (
        <IssueDialog invoice={acting.invoice} onClose={() => setActing(null)} onDone={reload} />
      )}
      {acting?.kind === 'reject' && (
        <TextPromptDialog
          label={t('staff.reason')}
          submitLabel={t('staff.confirm')}
          title={t('staff.rejectTitle', { applicationNo: acting.invoice.applicationNo })}
          onClose={() => setActing(null)}
          onSubmit={(reason) => rejectInvoice(acting.invoice.id, reason).then(reload)}
        />
      )}
      {acting?.kind === 'redFlush' && (
        <TextPromptDialog
          label={t('staff.reason')}
          submitLabel={t('staff.confirm')}
          title={t('staff.redFlushTitle', { applicationNo: acting.invoice.applicationNo })}
          onClose={() => setActing(null)}
          onSubmit={(reason) => redFlushInvoice(acting.invoice.id, reason).then(reload)}
        />
      )}
    </Box>
  );
}
