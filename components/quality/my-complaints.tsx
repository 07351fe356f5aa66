'use client';

import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { useCrudList } from '@/components/crud/use-crud-list';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { BladeError } from '@/lib/client/fetcher';
import { EDITABLE_STATES, QUALITY_CODES } from '@/lib/contracts/quality/machine';
import type { ComplaintVO } from '@/lib/contracts/quality/quality';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useSessionUser } from '@/lib/swr/use-session-user';
import { QUALITY_PATHS, removeComplaints } from './api';
import { ComplaintDetailDialog, ComplaintStateChip } from './complaint-detail';
import { ComplaintForm } from './complaint-form';
import { PagePanel } from '@/components/crud/page-panel';

/** The columns both sides list (staff add the company). */
export function useComplaintColumns(staff: boolean): GridColDef<ComplaintVO>[] {
  const t = useTranslations('quality.complaint');
  return [
    { field: 'caseNo', headerName: t('caseNo'), width: 150 },
    { field: 'title', headerName: t('title'), flex: 1.5 },
    { field: 'kind', headerName: t('kind'), width: 110, valueGetter: (_, row) => t(`kinds.${row.kind}`) },
    ...(staff ? [{ field: 'companyName', headerName: t('companyName'), flex: 1 }] : []),
    {
      field: 'complaintState',
      headerName: t('complaintState'),
      width: 150,
      renderCell: ({ row }) => <ComplaintStateChip row={row} />,
    },
    { field: 'handlerName', headerName: t('handlerName'), width: 110 },
    { field: 'receivedAt', headerName: t('receivedAt'), width: 170 },
    { field: 'respondDueAt', headerName: t('respondDueAt'), width: 170 },
  ];
}

const editable = (row: ComplaintVO) =>
  row.kind !== 'survey_followup' && EDITABLE_STATES.includes(row.complaintState);

/** /application/myComplaint: the company's complaints, a form to file or change one, withdrawal, the case's steps. */
export function MyComplaints() {
  const t = useTranslations('quality.screen.myComplaint');
  const confirm = useConfirm();
  const notify = useNotify();
  const { can } = usePermissions();
  const { data: user } = useSessionUser();
  const list = useCrudList<ComplaintVO>({ url: QUALITY_PATHS.complaints });
  const columns = useComplaintColumns(false);
  const [form, setForm] = useState<{ row: ComplaintVO | null } | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const apply = can(QUALITY_CODES.apply);

  const remove = async (row: ComplaintVO) => {
    if (!(await confirm(t('removeConfirm', { title: row.title })))) return;
    try {
      await removeComplaints([row.id]);
      notify(t('removed'), 'success');
      await list.reload();
    } catch (error) {
      if (!(error instanceof BladeError)) throw error;
    }
  };

  return (
    <PagePanel title={t('title')}>
      <CrudGrid<ComplaintVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('title')}
        onRowClick={(row) => setDetail(row.id)}
        toolbar={
          apply && (
            <Button variant="contained" onClick={() => setForm({ row: null })}>
              {t('new')}
            </Button>
          )
        }
        rowActions={[
          { label: t('detail'), onClick: (row) => setDetail(row.id) },
          { label: t('edit'), onClick: (row) => setForm({ row }), hidden: (row) => !apply || !editable(row) },
          {
            label: t('remove'),
            color: 'error',
            onClick: (row) => void remove(row),
            hidden: (row) => !apply || !editable(row),
          },
        ]}
      />
      {form && (
        <ComplaintForm
          row={form.row}
          onClose={() => setForm(null)}
          onSaved={async () => {
            setForm(null);
            await list.reload();
          }}
        />
      )}
      {detail && (
        <ComplaintDetailDialog
          id={detail}
          side="customer"
          holds={can}
          userId={user?.user_id ?? ''}
          onClose={() => setDetail(null)}
          onChanged={() => list.reload()}
        />
      )}
    </PagePanel>
  );
}
