'use client';

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { SearchBar } from '@/components/crud/search-bar';
import type { CrudField } from '@/components/crud/types';
import { useUrlSearchList } from '@/components/crud/use-url-filters';
import type { ApplicationVO } from '@/lib/contracts/application/application';
import { APPLICATION_STATES } from '@/lib/contracts/application/machine';
import { businessPagePath, type BusinessPage } from './api';
import { caseHref, useApplicationColumns, useApplicationFilters } from './columns';
import { PagePanel } from '@/components/crud/page-panel';

/** An extra filter a page call takes besides product name, application number and company. */
type Extra = 'isFinished' | 'flowState';

/** The menu pages of business management: each one page call, its title key and its extra filters. */
export const BUSINESS_SCREENS = {
  ccc: { page: 'selectApplicationForCccBusinessManagementPage' },
  accepted: {
    page: 'selectAcceptedApplicationForCccBusinessManagementPage',
    extra: ['isFinished', 'flowState'],
  },
  retreat: { page: 'selectRetreatApplicationForCccBusinessManagementPage' },
  cqst: { page: 'selectCqstOrCnvExBusinessManagementPage', extra: ['flowState'] },
  draft: { page: 'selectCqstOrCnvExDraftBusinessManagementPage' },
} as const satisfies Record<string, { page: BusinessPage; extra?: readonly Extra[] }>;

/** One business-management list: search, paging, and the case opened from a row. */
export function BusinessList({
  page,
  extra = [],
  title,
}: {
  page: BusinessPage;
  extra?: readonly Extra[];
  title?: string;
}) {
  const t = useTranslations('application.screen');
  const filters = useApplicationFilters();
  const router = useRouter();
  const columns = useApplicationColumns(true);
  const fields: CrudField[] = [
    { name: 'productName', label: t('fields.productName') },
    { name: 'applicationNo', label: t('fields.applicationNo') },
    { name: 'companyName', label: t('fields.companyName') },
  ];
  if (extra.includes('isFinished')) fields.push(filters.isFinished);
  if (extra.includes('flowState'))
    fields.push(filters.flowState(APPLICATION_STATES.filter((s) => s !== 'draft')));
  const { search, setSearch, barKey, list } = useUrlSearchList<ApplicationVO>(
    businessPagePath(page),
    fields.map((f) => f.name),
  );
  const open = (row: ApplicationVO) => router.push(caseHref(row));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {title && (
        <Typography component="h1" variant="h6">
          {title}
        </Typography>
      )}
      <SearchBar key={barKey} fields={fields} initial={search} onSearch={setSearch} />
      <CrudGrid<ApplicationVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        onRowClick={open}
        rowActions={[{ label: t('common.open'), onClick: open }]}
      />
    </Box>
  );
}

/** /businessManagement/<name>: one of the single-list pages. */
export function BusinessScreen({ name }: { name: keyof typeof BUSINESS_SCREENS }) {
  const t = useTranslations('application.screen.staff.titles');
  const screen: { page: BusinessPage; extra?: readonly Extra[] } = BUSINESS_SCREENS[name];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <BusinessList key={name} page={screen.page} extra={screen.extra} title={t(name)} />
    </Paper>
  );
}

const CNEX_TABS = [
  ['all', 'selectCnexBusinessManagementPage'],
  ['ability', 'selectAbilityCnexPageBy'],
  ['person', 'selectPersonCnexPageBy'],
  ['scene', 'selectSceneInspectCnexPageBy'],
  ['person_data', 'selectPersonDataCnexPageBy'],
] as const satisfies readonly (readonly [string, BusinessPage])[];

/** /businessManagement/cnex: the CNEx records, all of them or of one kind per tab. */
export function CnexBusinessScreen() {
  const t = useTranslations('application.screen');
  const [tab, setTab] = useState<(typeof CNEX_TABS)[number][0]>('all');
  const page = CNEX_TABS.find(([name]) => name === tab)?.[1] ?? 'selectCnexBusinessManagementPage';
  return (
    <PagePanel title={t('staff.titles.cnex')}>
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} aria-label={t('staff.cnexTabs')}>
        {CNEX_TABS.map(([name]) => (
          <Tab key={name} value={name} label={name === 'all' ? t('staff.all') : t(`cnexType.${name}`)} />
        ))}
      </Tabs>
      <BusinessList key={page} page={page} />
    </PagePanel>
  );
}
