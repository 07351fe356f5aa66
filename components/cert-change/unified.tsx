'use client';

import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { SearchBar, type SearchValues } from '@/components/crud/search-bar';
import { useCrudList } from '@/components/crud/use-crud-list';
import type { UnifiedCertificateVO } from '@/lib/contracts/cert-change/cert-change';
import { CHANGE_PATHS } from './api';
import { PagePanel } from '@/components/crud/page-panel';

/**
 * 统一证书 (unifiedCertificates/page): a holder's current valid certificates grouped by factory, valid as long as the
 * earliest of them (blade/modules/cert-change/README.md has the reading).
 */
export function UnifiedCertificates() {
  const t = useTranslations('certChange.screen');
  const [filters, setFilters] = useState<SearchValues>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList<UnifiedCertificateVO>({ url: CHANGE_PATHS.unified, params });
  const columns = useMemo<GridColDef<UnifiedCertificateVO>[]>(
    () => [
      { field: 'holderName', headerName: t('field.holderName'), flex: 1, minWidth: 160 },
      { field: 'factoryName', headerName: t('field.factoryName'), flex: 1, minWidth: 160 },
      { field: 'certCount', headerName: t('certCount'), width: 90 },
      {
        field: 'certificates',
        headerName: t('certificates'),
        flex: 2,
        minWidth: 240,
        sortable: false,
        valueGetter: (_, row) =>
          row.certificates.map((c) => `${c.certNumber}（${c.productName}）`).join('；'),
      },
      { field: 'validTo', headerName: t('unifiedValidTo'), width: 130 },
    ],
    [t],
  );
  return (
    <PagePanel title={t('unifiedTitle')}>
      <Typography variant="body2" color="text.secondary">
        {t('unifiedNote')}
      </Typography>
      <SearchBar fields={[{ name: 'holderName', label: t('field.holderName') }]} onSearch={setFilters} />
      <CrudGrid<UnifiedCertificateVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('unifiedTitle')}
        getRowId={(row) => row.key}
      />
    </PagePanel>
  );
}
