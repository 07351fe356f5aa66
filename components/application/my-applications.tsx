'use client';

import Button from '@mui/material/Button';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CrudGrid } from '@/components/crud/crud-grid';
import { SearchBar } from '@/components/crud/search-bar';
import { useUrlSearchList } from '@/components/crud/use-url-filters';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import { APPLICATION_CODES, APPLICATION_STATES, SCHEMES } from '@/lib/contracts/application/machine';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { PATHS, SCHEME_CALLS } from './api';
import { detailHref, formHref, useApplicationColumns, useApplicationFilters } from './columns';
import { isEditable } from './step-logic';
import { PagePanel } from '@/components/crud/page-panel';

/** The search fields, which a link's query may preset (a dashboard tile: `?isFinished=0`). */
const MY_FILTERS = ['scheme', 'flowState', 'isFinished'] as const;

/** /application/myApplication: the caller's company's applications of every scheme. */
export function MyApplications() {
  const t = useTranslations('application.screen');
  const ts = useTranslations('application.scheme');
  const filters = useApplicationFilters();
  const router = useRouter();
  const confirm = useConfirm();
  const notify = useNotify();
  const { can } = usePermissions();
  const { search, setSearch, barKey, list } = useUrlSearchList<ApplicationVO>(
    PATHS.myApplications,
    MY_FILTERS,
  );
  const columns = useApplicationColumns(false);
  const apply = can(APPLICATION_CODES.apply);

  const open = (row: ApplicationVO) =>
    router.push(isEditable(row.flowState) && apply ? formHref(row) : detailHref(row));
  const copy = async (row: ApplicationVO) => {
    try {
      const { data } = await bladeRequest<ApplicationVO>(SCHEME_CALLS[row.scheme].copy, {
        method: 'POST',
        params: { id: row.id },
      });
      notify(t('list.copied'), 'success');
      await list.reload();
      router.push(formHref(data));
    } catch (error) {
      if (!(error instanceof BladeError)) throw error;
    }
  };
  const remove = async (row: ApplicationVO) => {
    if (!(await confirm(t('list.deleteConfirm', { name: row.productName || row.id })))) return;
    try {
      await bladeRequest(SCHEME_CALLS[row.scheme].remove, { method: 'POST', params: { id: row.id } });
      notify(t('list.deleted'), 'success');
      await list.reload();
    } catch (error) {
      if (!(error instanceof BladeError)) throw error;
    }
  };

  return (
    <PagePanel title={t('list.title')}>
      <SearchBar
        key={barKey}
        initial={search}
        fields={[
          {
            name: 'scheme',
            label: t('fields.scheme'),
            kind: 'select',
            options: SCHEMES.map((s) => ({ value: s, label: ts(s) })),
          },
          filters.flowState(APPLICATION_STATES),
          filters.isFinished,
        ]}
        onSearch={setSearch}
      />
      <CrudGrid<ApplicationVO>
        list={list}
        columns={columns}
        selectable={false}
        label={t('list.title')}
        onRowClick={open}
        toolbar={
          apply && (
            <>
              {SCHEMES.map((scheme) => (
                <Button
                  key={scheme}
                  variant="contained"
                  onClick={() => router.push(`/application/form?scheme=${scheme}`)}
                >
                  {t(`list.new.${scheme}`)}
                </Button>
              ))}
            </>
          )
        }
        rowActions={[
          { label: t('common.open'), onClick: open },
          { label: t('list.copy'), onClick: (row) => void copy(row), hidden: !apply },
          {
            label: t('common.delete'),
            color: 'error',
            onClick: (row) => void remove(row),
            hidden: (row) => !apply || row.flowState !== 'draft',
          },
        ]}
      />
    </PagePanel>
  );
}
