'use client';

import { proxied } from '@/lib/client/fetcher';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDictionaries } from '@/components/crud/use-dictionaries';
import { FileTreePage } from '@/components/files/file-tree-page';
import type { RowOf } from '@/lib/contracts/resource';
import { contractResource } from '@/lib/contracts/business/contract';
import { chineseCapital, formatMoney } from '@/lib/shared/money';
import { BatchScreen } from './batch-screen';
import { useBusinessRecord, useBusinessRefresh } from './business-data';
import { IncomeScreen } from './income-screen';
import { RecordHeader, RecordState } from './record-header';
import { detailHref, dictLabel } from './screen-helpers';

type Contract = RowOf<typeof contractResource> & { projectName?: string };

const DICTS = [
  { dict: 'contract_type', numeric: false },
  { dict: 'payment_method', numeric: false },
  { dict: 'contract_status', numeric: false },
];

/** An amount in words, or nothing for one that has none (absent, or beyond what the helper writes). */
function inWords(value: string | null) {
  if (value === null || value === '') return '';
  try {
    return chineseCapital(value);
  } catch {
    return '';
  }
}

/** /administration/contractManagement_detail?id=: the contract, its payment batches, its receipts and its archive. */
export function ContractDetail({ id }: { id: string }) {
  const t = useTranslations();
  const ts = useTranslations('businessScreens');
  const refreshLists = useBusinessRefresh();
  const { row, loading } = useBusinessRecord<Contract>(proxied(contractResource.calls.list), id);
  const dicts = useDictionaries(DICTS);
  const [tab, setTab] = useState<'batches' | 'receipts' | 'files'>('batches');
  if (!row) return <RecordState loading={loading} />;
  const label = (name: keyof typeof contractResource.fields) => t(contractResource.fields[name].label);
  const money = (name: 'receivedAmount' | 'unpaidAmount') => ({
    label: label(name),
    value: formatMoney(row[name]),
    money: true,
  });
  // The record and every list on the page: one change moves amounts in several of them.
  const refresh = () => void refreshLists();
  const words = inWords(row.contractAmount);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <RecordHeader
        title={row.contractName}
        status={dictLabel(dicts.contract_status, row.contractStatus)}
        items={[
          { label: label('contractCode'), value: row.contractCode },
          {
            label: label('projectId'),
            value: (
              <Link component={NextLink} href={detailHref('projectManagement', String(row.projectId))}>
                {row.projectName || row.projectId}
              </Link>
            ),
          },
          { label: label('contractType'), value: dictLabel(dicts.contract_type, row.contractType) },
          { label: label('paymentMethod'), value: dictLabel(dicts.payment_method, row.paymentMethod) },
          { label: label('signedDate'), value: row.signedDate },
          {
            label: label('contractAmount'),
            value: words
              ? `${formatMoney(row.contractAmount)}（${ts('inWords', { words })}）`
              : formatMoney(row.contractAmount),
            money: true,
          },
          money('receivedAmount'),
          money('unpaidAmount'),
          { label: label('acceptanceDate'), value: row.acceptanceDate },
          { label: label('warrantyPeriod'), value: row.warrantyPeriod },
          { label: label('warrantyExpire'), value: row.warrantyExpire },
          { label: label('remark'), value: row.remark, wide: true },
        ]}
      />
      <Tabs value={tab} onChange={(_, next: typeof tab) => setTab(next)} aria-label={ts('contractTabs')}>
        <Tab value="batches" label={ts('batches')} />
        <Tab value="receipts" label={ts('incomes')} />
        <Tab value="files" label={ts('files')} />
      </Tabs>
      {tab === 'batches' && (
        <BatchScreen contractId={id} editable={String(row.contractStatus) === '1'} onChanged={refresh} />
      )}
      {tab === 'receipts' && <IncomeScreen contractId={id} onChanged={refresh} />}
      {/* The catalogue every tenant starts with (function `contract`); its rules and the caller's rights decide the buttons. */}
      {tab === 'files' && (
        <FileTreePage record={{ functionCode: 'contract', dataId: id }} queryView={false} />
      )}
    </Box>
  );
}
