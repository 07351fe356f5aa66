'use client';

import { proxied } from '@/lib/client/fetcher';
import Box from '@mui/material/Box';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import type { RowOf } from '@/lib/contracts/resource';
import { contractResource } from '@/lib/contracts/business/contract';
import { contractBatchResource } from '@/lib/contracts/business/contract-batch';
import { formatMoney } from '@/lib/shared/money';
import { SelectField } from '@/components/crud/select-field';
import { useBusinessRows } from './business-data';
import {} from './screen-helpers';

type Contract = RowOf<typeof contractResource>;
type Batch = RowOf<typeof contractBatchResource>;

export interface BatchPickerProps {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  /** The contract is given (its detail page): only its batches are offered. */
  contractId?: string;
}

/** A receipt's batch: the contract first (unless given), then one of its batches with what it still owes. */
export function BatchPicker({ value, onChange, onBlur, error, contractId }: BatchPickerProps) {
  const t = useTranslations('businessScreens');
  const id = useId();
  const [picked, setPicked] = useState('');
  const contract = contractId ?? picked;
  const { rows: contracts } = useBusinessRows<Contract>(
    contractId ? null : proxied(contractResource.calls.list),
  );
  const { rows: batches } = useBusinessRows<Batch>(
    contract ? proxied(contractBatchResource.calls.list) : null,
    { contractId: contract },
  );
  const batchOptions = useMemo(
    () =>
      batches.map((b) => ({
        value: String(b.id),
        label: t('batchOption', { name: b.batchName, unpaid: formatMoney(b.unpaidAmount) }),
      })),
    [batches, t],
  );
  const current = value === undefined || value === null ? '' : String(value);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: contractId ? '1fr' : '1fr 1fr', gap: 2 }}>
      {!contractId && (
        <SelectField
          id={`${id}-contract`}
          fullWidth
          label={t('contractPick')}
          value={picked}
          onChange={(next) => {
            setPicked(next);
            onChange('');
          }}
          helperText=" "
          options={contracts.map((c) => ({
            value: String(c.id),
            label: `${c.contractCode} ${c.contractName}`,
          }))}
        />
      )}
      <SelectField
        id={`${id}-batch`}
        fullWidth
        required
        label={t('batchPick')}
        value={batchOptions.some((o) => o.value === current) ? current : ''}
        onChange={onChange}
        onBlur={onBlur}
        error={!!error}
        helperText={error ?? (contract ? ' ' : t('pickContractFirst'))}
        disabled={!contract}
        options={batchOptions}
      />
    </Box>
  );
}
