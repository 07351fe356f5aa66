'use client';

import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { contractBatchResource } from '@/lib/contracts/business/contract-batch';
import { withAnswered } from './screen-helpers';

const batchScreen = withAnswered(contractBatchResource, { contractCode: 'business.contract.contractCode' });

/**
 * Every payment batch the caller reaches, of every contract (the 实际收入 page's second tab), to follow up what is
 * still owed: `unpaid=1` lists the batches that have received less than their amount. Read-only here: batches are
 * changed on their contract's page.
 */
export function UnpaidBatchScreen() {
  const t = useTranslations('businessScreens');
  const tcrud = useTranslations('crud');
  return (
    <ResourceScreen
      def={batchScreen}
      columns={{
        contractCode: { sortable: false },
        abnormal: { valueGetter: (_, row) => tcrud(Number(row.abnormal) === 1 ? 'yes' : 'no') },
      }}
      order={{ list: ['contractCode'] }}
      overrides={{
        title: t('allBatches'),
        buttons: { add: false, delete: false },
        readOnlyRow: () => true,
        searchFields: [
          { name: 'batchName', label: t('batchName'), kind: 'text' },
          {
            name: 'unpaid',
            label: t('unpaidFilter'),
            kind: 'select',
            options: [
              { value: '1', label: t('unpaidYes') },
              { value: '0', label: t('unpaidNo') },
            ],
          },
        ],
      }}
    />
  );
}
