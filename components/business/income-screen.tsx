'use client';

import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useMemo, useRef } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import { realIncomeResource } from '@/lib/contracts/business/real-income';
import { BatchPicker } from './batch-picker';
import { withAnswered } from './screen-helpers';

const incomeScreen = withAnswered(realIncomeResource, {
  contractCode: 'business.contract.contractCode',
  contractName: 'business.contract.contractName',
  batchName: 'business.batch.batchName',
});
type Income = RowOf<typeof incomeScreen>;

/**
 * Receipts (实际收入): of every contract, filtered by the received day (/administration/realIncome; the batch picked through its contract), or of
 * one contract (its detail page: only its batches are offered). A receipt's batch is fixed once recorded.
 */
export function IncomeScreen({ contractId, onChanged }: { contractId?: string; onChanged?: () => void }) {
  const t = useTranslations('businessScreens');
  // The row being edited or viewed, for its batch's name (the batch itself cannot change).
  const opened = useRef<Income | null>(null);
  const params = useMemo(() => (contractId ? { contractId } : undefined), [contractId]);
  return (
    <>
      <ResourceScreen
        def={incomeScreen}
        viewCode="real_income_view"
        fields={{
          batchId: {
            kind: 'custom',
            wide: true,
            readOnlyIn: ['edit'],
            render: ({ value, onChange, onBlur, error, disabled }) =>
              disabled ? (
                <TextField
                  size="small"
                  fullWidth
                  disabled
                  label={t('batchPick')}
                  value={opened.current ? `${opened.current.contractCode} / ${opened.current.batchName}` : ''}
                  helperText=" "
                />
              ) : (
                <BatchPicker
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  error={error}
                  contractId={contractId}
                />
              ),
          },
        }}
        columns={{
          contractCode: contractId ? false : { sortable: false },
          contractName: contractId ? false : { sortable: false },
          batchName: { sortable: false },
        }}
        order={{ list: ['contractCode', 'contractName', 'batchName'] }}
        overrides={{
          ...(params ? { params } : {}),
          // The received-day range (a dashboard tile opens the month's receipts); the ids are the detail pages'.
          searchFields: [
            { name: 'receivedFrom', label: t('receivedFrom'), kind: 'day' },
            { name: 'receivedTo', label: t('receivedTo'), kind: 'day' },
          ],
          toForm: (row) => {
            opened.current = row;
            return { ...row };
          },
          onSaved: () => onChanged?.(),
        }}
      />
    </>
  );
}
