'use client';

import { proxied } from '@/lib/client/fetcher';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/crud/select-field';
import { useState } from 'react';
import { useDictionaries } from '@/components/crud/use-dictionaries';
import { FileTreePage } from '@/components/files/file-tree-page';
import type { RowOf } from '@/lib/contracts/resource';
import { contractResource } from '@/lib/contracts/business/contract';
import { projectResource } from '@/lib/contracts/business/project';
import { formatMoney } from '@/lib/shared/money';
import { useBusinessRecord, useBusinessRefresh, useBusinessRows } from './business-data';
import { ContractScreen } from './contract-screen';
import { IncomeScreen } from './income-screen';
import { RecordHeader, RecordState } from './record-header';
import { dictLabel } from './screen-helpers';

type Project = RowOf<typeof projectResource>;
type Contract = RowOf<typeof contractResource>;

const DICTS = [
  { dict: 'project_type', numeric: false },
  { dict: 'project_status', numeric: false },
];

/** The receipts of a project: its contracts' receipts, one contract at a time (the list filters by contract). */
function ProjectIncome({ projectId, onChanged }: { projectId: string; onChanged: () => void }) {
  const t = useTranslations('businessScreens');
  const { rows } = useBusinessRows<Contract>(proxied(contractResource.calls.list), { projectId }, 500);
  const [picked, setPicked] = useState('');
  const contractId = picked || rows[0]?.id || '';
  if (!rows.length) return <Typography color="text.secondary">{t('noContracts')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <SelectField
        label={t('contractPick')}
        value={contractId}
        onChange={setPicked}
        sx={{ maxWidth: 480 }}
        options={rows.map((c) => ({ value: String(c.id), label: `${c.contractCode} ${c.contractName}` }))}
      />
      <IncomeScreen key={contractId} contractId={contractId} onChanged={onChanged} />
    </Box>
  );
}

/** /administration/projectManagement_detail?id=: the project, its contracts, their receipts and its archive. */
export function ProjectDetail({ id }: { id: string }) {
  const t = useTranslations();
  const ts = useTranslations('businessScreens');
  const refreshLists = useBusinessRefresh();
  const { row, loading } = useBusinessRecord<Project>(proxied(projectResource.calls.list), id);
  const dicts = useDictionaries(DICTS);
  const [tab, setTab] = useState<'contracts' | 'receipts' | 'files'>('contracts');
  if (!row) return <RecordState loading={loading} />;
  const label = (name: keyof typeof projectResource.fields) => t(projectResource.fields[name].label);
  const money = (
    name: 'projectAmount' | 'receivedAmount' | 'unpaidAmount' | 'paidAmount' | 'residueAmount',
  ) => ({
    label: label(name),
    value: formatMoney(row[name]),
    money: true,
  });
  // The record and every list on the page: one change moves amounts in several of them.
  const refresh = () => void refreshLists();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <RecordHeader
        title={row.projectName}
        status={dictLabel(dicts.project_status, row.projectStatus)}
        items={[
          { label: label('projectType'), value: dictLabel(dicts.project_type, row.projectType) },
          { label: label('projectUnit'), value: row.projectUnit },
          money('projectAmount'),
          money('receivedAmount'),
          money('unpaidAmount'),
          money('paidAmount'),
          money('residueAmount'),
          { label: label('acceptanceDate'), value: row.acceptanceDate },
          { label: label('warrantyPeriod'), value: row.warrantyPeriod },
          { label: label('warrantyExpire'), value: row.warrantyExpire },
          { label: label('remark'), value: row.remark, wide: true },
        ]}
      />
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} aria-label={ts('projectTabs')}>
        <Tab value="contracts" label={ts('contracts')} />
        <Tab value="receipts" label={ts('receipts')} />
        <Tab value="files" label={ts('files')} />
      </Tabs>
      {tab === 'contracts' && <ContractScreen projectId={id} onChanged={refresh} />}
      {tab === 'receipts' && <ProjectIncome projectId={id} onChanged={refresh} />}
      {tab === 'files' && <FileTreePage record={{ functionCode: 'project', dataId: id }} queryView={false} />}
    </Box>
  );
}
