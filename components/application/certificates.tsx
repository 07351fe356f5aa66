'use client';

import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { SearchBar } from '@/components/crud/search-bar';
import { useUrlSearchList } from '@/components/crud/use-url-filters';
import { TextPromptDialog } from '@/components/crud/text-prompt-dialog';
import { FormDialog } from '@/components/crud/form-dialog';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest } from '@/lib/client/fetcher';
import {
  CERTIFICATE_ACTION_NAMES,
  CERTIFICATE_STATES,
  certificateActionsOf,
  type CertificateAction,
} from '@/lib/contracts/application/machine';
import { CERTIFICATE_STATUS_CODE } from '@/lib/contracts/application/staff';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { PATHS, type CertificateVO } from './api';
import { CertificateCard } from './certificate-card';
import { ApplyChangeDialog } from '@/components/cert-change/apply-dialog';
import { CertificateVersions } from '@/components/cert-change/versions';
import { PagePanel } from '@/components/crud/page-panel';

/** The search fields, which a link's query may preset (a dashboard tile: `?alertLead=1`). */
const CERT_FILTERS = ['certNumber', 'productName', 'certStatus', 'expiresWithinDays', 'alertLead'] as const;

/**
 * Certificates (certificate/page): the customer's own company's on /application/myCertificate, every one the staff
 * member may read on /businessManagement/certificate — the server decides which, the screen is the same.
 */
export function CertificateList({ staff }: { staff: boolean }) {
  const t = useTranslations('application.screen.cert');
  const ts = useTranslations('application.scheme');
  const { search, setSearch, barKey, list } = useUrlSearchList<CertificateVO>(
    PATHS.certificatePage,
    CERT_FILTERS,
  );
  const [shown, setShown] = useState<CertificateVO | null>(null);
  const [deciding, setDeciding] = useState<{ row: CertificateVO; action: CertificateAction } | null>(null);
  // 申请变更 (modules/cert-change): the customer's, on a valid certificate; the server answers canApply.
  const [changing, setChanging] = useState<CertificateVO | null>(null);
  const tc = useTranslations('certChange.screen');
  const notify = useNotify();
  const changeAction = staff
    ? []
    : [
        {
          label: tc('apply'),
          onClick: setChanging,
          hidden: (row: CertificateVO) => row.certStatus !== 'valid',
        },
      ];
  const { can } = usePermissions();
  // The decisions a row allows (machine.ts certificateActionsOf) for a staff member holding the button; the server
  // checks again on the locked row, so a row changed meanwhile is refused there.
  const mayDecide = staff && can(CERTIFICATE_STATUS_CODE);
  const today = new Date().toISOString().slice(0, 10);
  const decisions = mayDecide
    ? CERTIFICATE_ACTION_NAMES.map((action) => ({
        label: t(`action.${action}`),
        color: action === 'restore' ? ('primary' as const) : ('warning' as const),
        onClick: (row: CertificateVO) => setDeciding({ row, action }),
        hidden: (row: CertificateVO) => !certificateActionsOf(row, today).includes(action),
      }))
    : [];
  const columns = useMemo<GridColDef<CertificateVO>[]>(
    () => [
      { field: 'certNumber', headerName: t('certNumber'), flex: 1, minWidth: 170 },
      { field: 'version', headerName: t('version'), width: 70 },
      { field: 'productName', headerName: t('productName'), flex: 1.2, minWidth: 160 },
      { field: 'scheme', headerName: t('scheme'), width: 150, valueGetter: (_, row) => ts(row.scheme) },
      ...(staff ? [{ field: 'holderName', headerName: t('holderName'), flex: 1, minWidth: 160 }] : []),
      { field: 'issueDate', headerName: t('issueDate'), width: 120 },
      { field: 'validTo', headerName: t('validTo'), width: 120 },
      {
        field: 'certStatus',
        headerName: t('certStatus'),
        width: 100,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.certStatus === 'valid' ? 'success' : 'default'}
            label={t(`status.${row.certStatus}`)}
          />
        ),
      },
    ],
    [t, ts, staff],
  );
  const title = staff ? t('staffTitle') : t('title');
  return (
    <PagePanel title={title}>
      <SearchBar
        key={barKey}
        initial={search}
        fields={[
          { name: 'certNumber', label: t('certNumber') },
          { name: 'productName', label: t('productName') },
          {
            name: 'certStatus',
            label: t('certStatus'),
            kind: 'select',
            options: CERTIFICATE_STATES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
          { name: 'expiresWithinDays', label: t('expiresWithinDays'), kind: 'number' },
          {
            name: 'alertLead',
            label: t('alertLead'),
            kind: 'select',
            options: [{ value: '1', label: t('alertLeadYes') }],
          },
        ]}
        onSearch={setSearch}
      />
      <CrudGrid<CertificateVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        onRowClick={setShown}
        rowActions={[{ label: t('view'), onClick: setShown }, ...decisions, ...changeAction]}
      />
      {deciding && (
        <TextPromptDialog
          title={t('actionTitle', {
            action: t(`action.${deciding.action}`),
            number: deciding.row.certNumber,
          })}
          label={t('reason')}
          submitLabel={t('confirm')}
          onClose={() => setDeciding(null)}
          onSubmit={async (reason) => {
            await bladeRequest(PATHS.certificateChangeStatus, {
              method: 'POST',
              body: { id: deciding.row.id, action: deciding.action, reason },
              silent: true,
            });
            notify(t('done'), 'success');
            await list.reload();
          }}
        />
      )}
      {changing && (
        <ApplyChangeDialog
          certificateId={changing.id}
          onClose={() => setChanging(null)}
          onDone={() => setChanging(null)}
        />
      )}
      {shown && (
        <FormDialog open title={shown.certNumber} onClose={() => setShown(null)}>
          <CertificateCard id={shown.id} />
          <CertificateVersions id={shown.id} />
        </FormDialog>
      )}
    </PagePanel>
  );
}
