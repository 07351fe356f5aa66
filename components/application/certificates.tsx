'use client';

import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { SearchBar, type SearchValues } from '@/components/crud/search-bar';
import { useCrudList } from '@/components/crud/use-crud-list';
import { FormDialog } from '@/components/crud/form-dialog';
import { CERTIFICATE_STATES } from '@/lib/contracts/application/machine';
import { PATHS, type CertificateVO } from './api';
import { CertificateCard } from './certificate-card';

/**
 * Certificates (certificate/page): the customer's own company's on /application/myCertificate, every one the staff
 * member may read on /businessManagement/certificate — the server decides which, the screen is the same.
 */
export function CertificateList({ staff }: { staff: boolean }) {
  const t = useTranslations('application.screen.cert');
  const ts = useTranslations('application.scheme');
  const [filters, setFilters] = useState<SearchValues>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList<CertificateVO>({ url: PATHS.certificatePage, params });
  const [shown, setShown] = useState<CertificateVO | null>(null);
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
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="h1" variant="h6">
        {title}
      </Typography>
      <SearchBar
        fields={[
          { name: 'certNumber', label: t('certNumber') },
          { name: 'productName', label: t('productName') },
          {
            name: 'certStatus',
            label: t('certStatus'),
            kind: 'select',
            options: CERTIFICATE_STATES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
        onSearch={setFilters}
      />
      <CrudGrid<CertificateVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        onRowClick={setShown}
        rowActions={[{ label: t('view'), onClick: setShown }]}
      />
      {shown && (
        <FormDialog open title={shown.certNumber} onClose={() => setShown(null)}>
          <CertificateCard id={shown.id} />
        </FormDialog>
      )}
    </Paper>
  );
}
