'use client';

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { useCrudList } from '@/components/crud/use-crud-list';
import { useConfirm } from '@/components/providers/confirm';
import type { InvoiceableNoteVO, InvoiceInfoOptionVO, InvoiceInfoVO } from '@/lib/contracts/invoice/invoice';
import { infoOptions, INVOICE_PATHS, openNotes, removeInfo } from './api';
import { ApplyDialog } from './apply-dialog';
import { InfoForm } from './info-form';
import { InvoiceList } from './invoice-list';
import { PagePanel } from '@/components/crud/page-panel';

/** The company's invoice information (开票信息): add, edit, delete; the default is marked. */
function InfoTab() {
  const t = useTranslations('invoice.screen');
  const confirm = useConfirm();
  const list = useCrudList<InvoiceInfoVO>({ url: INVOICE_PATHS.infoList });
  const [editing, setEditing] = useState<InvoiceInfoVO | null | 'new'>(null);
  const columns = useMemo<GridColDef<InvoiceInfoVO>[]>(
    () => [
      { field: 'title', headerName: t('info.title'), flex: 1, minWidth: 150 },
      { field: 'taxpayerId', headerName: t('info.taxpayerId'), width: 175 },
      {
        field: 'invoiceKind',
        headerName: t('info.invoiceKind'),
        width: 120,
        valueFormatter: (v: string) => t(`kind.${v}`),
      },
      { field: 'bankName', headerName: t('info.bankName'), flex: 1, minWidth: 110 },
      { field: 'email', headerName: t('info.email'), width: 150 },
      {
        field: 'isDefault',
        headerName: t('info.isDefault'),
        width: 70,
        renderCell: ({ row }) =>
          row.isDefault === 1 ? <Chip size="small" color="primary" label={t('info.yes')} /> : t('info.no'),
      },
    ],
    [t],
  );
  return (
    <>
      <CrudGrid<InvoiceInfoVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('tabs.info')}
        toolbar={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('info.add')}
          </Button>
        }
        rowActions={[
          { label: t('info.edit'), onClick: (row) => setEditing(row) },
          {
            label: t('info.remove'),
            color: 'error',
            onClick: (row) =>
              void (async () => {
                if (!(await confirm(t('info.removeConfirm')))) return;
                await removeInfo(row.id).catch(() => undefined);
                await list.reload();
              })(),
          },
        ]}
      />
      {editing && (
        <InfoForm
          initial={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      )}
    </>
  );
}

/**
 * 我的发票 (/application/myInvoice): the invoice information tab and the applications tab, whose 申请开票 dialog
 * offers the company's notes with paid money not yet invoiced; an issued invoice's file downloads from the list.
 */
export function MyInvoices() {
  const t = useTranslations('invoice.screen');
  const [tab, setTab] = useState<'info' | 'applications'>('applications');
  const [applying, setApplying] = useState<{
    notes: InvoiceableNoteVO[];
    infos: InvoiceInfoOptionVO[];
  } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const openApply = async () => {
    const [notes, infos] = await Promise.all([openNotes(), infoOptions()]);
    setApplying({ notes, infos });
  };
  return (
    <PagePanel title={t('customerTitle')}>
      <Tabs value={tab} onChange={(_e, v: 'info' | 'applications') => setTab(v)}>
        <Tab value="applications" label={t('tabs.applications')} />
        <Tab value="info" label={t('tabs.info')} />
      </Tabs>
      {tab === 'info' ? (
        <InfoTab />
      ) : (
        <InvoiceList
          staff={false}
          reloadKey={reloadKey}
          toolbar={
            <Button variant="contained" onClick={() => void openApply().catch(() => undefined)}>
              {t('apply.open')}
            </Button>
          }
        />
      )}
      {applying && (
        <ApplyDialog
          notes={applying.notes}
          infos={applying.infos}
          onClose={() => setApplying(null)}
          onDone={() => {
            setApplying(null);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </PagePanel>
  );
}

/** 发票管理 (/businessManagement/invoiceManage): finance's list of every invoice of the tenant. */
export function InvoiceManage() {
  const t = useTranslations('invoice.screen');
  return (
    <PagePanel title={t('staffTitle')}>
      <InvoiceList staff />
    </PagePanel>
  );
}
