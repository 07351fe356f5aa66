'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { SearchBar, type SearchValues } from '@/components/crud/search-bar';
import { useCrudList } from '@/components/crud/use-crud-list';
import { COMPLAINT_KINDS, COMPLAINT_STATES } from '@/lib/contracts/quality/machine';
import type { ComplaintVO } from '@/lib/contracts/quality/quality';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useSessionUser } from '@/lib/swr/use-session-user';
import { QUALITY_PATHS } from './api';
import { ComplaintDetailDialog } from './complaint-detail';
import { useComplaintColumns } from './my-complaints';
import { PagePanel } from '@/components/crud/page-panel';

/** /businessManagement/complaint: every complaint of the tenant, overdue ones marked, each case with its step buttons. */
export function StaffComplaints() {
  const t = useTranslations('quality');
  const { can } = usePermissions();
  const { data: user } = useSessionUser();
  const [filters, setFilters] = useState<SearchValues>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList<ComplaintVO>({ url: QUALITY_PATHS.complaints, params });
  const columns = useComplaintColumns(true);
  const [detail, setDetail] = useState<string | null>(null);
  return (
    <PagePanel title={t('screen.staff.complaintTitle')}>
      <SearchBar
        fields={[
          { name: 'caseNo', label: t('complaint.caseNo') },
          {
            name: 'complaintState',
            label: t('complaint.complaintState'),
            kind: 'select',
            options: COMPLAINT_STATES.map((s) => ({ value: s, label: t(`complaint.state.${s}`) })),
          },
          {
            name: 'kind',
            label: t('complaint.kind'),
            kind: 'select',
            options: COMPLAINT_KINDS.map((k) => ({ value: k, label: t(`complaint.kinds.${k}`) })),
          },
          {
            name: 'overdue',
            label: t('screen.staff.onlyOverdue'),
            kind: 'select',
            options: [{ value: '1', label: t('screen.staff.overdue') }],
          },
        ]}
        onSearch={setFilters}
      />
      <CrudGrid<ComplaintVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('screen.staff.complaintTitle')}
        onRowClick={(row) => setDetail(row.id)}
        rowActions={[{ label: t('screen.myComplaint.detail'), onClick: (row) => setDetail(row.id) }]}
      />
      {detail && (
        <ComplaintDetailDialog
          id={detail}
          side="staff"
          holds={can}
          userId={user?.user_id ?? ''}
          onClose={() => setDetail(null)}
          onChanged={() => list.reload()}
        />
      )}
    </PagePanel>
  );
}
