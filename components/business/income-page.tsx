'use client';

import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useUrlFilters } from '@/components/crud/use-url-filters';
import { IncomeScreen } from './income-screen';
import { UnpaidBatchScreen } from './unpaid-batch-screen';

const TAB_PARAM = ['kind'] as const;

/**
 * /administration/realIncome: the receipts, and beside them the batches they are paid against (what is still owed).
 * `?kind=batches` opens the batches (a dashboard tile's link), anything else the receipts.
 */
export function IncomePage() {
  const t = useTranslations('businessScreens');
  const router = useRouter();
  const pathname = usePathname();
  const { values } = useUrlFilters(TAB_PARAM);
  const kind = values.kind === 'batches' ? 'batches' : 'receipts';
  return (
    <>
      <Tabs
        value={kind}
        onChange={(_, next: string) =>
          router.replace(next === 'batches' ? `${pathname}?kind=batches` : pathname)
        }
        sx={{ mb: 1 }}
      >
        <Tab value="receipts" label={t('incomes')} />
        <Tab value="batches" label={t('allBatches')} />
      </Tabs>
      {kind === 'batches' ? <UnpaidBatchScreen /> : <IncomeScreen />}
    </>
  );
}
