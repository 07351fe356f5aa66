'use client';

import { proxied } from '@/lib/client/fetcher';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import {
  batchAbnormalHandling,
  batchBankTransactionNumber,
  contractBatchResource,
} from '@/lib/contracts/business/contract-batch';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useBusinessRows } from './business-data';
import { AbnormalDialog, BankNumberDialog } from './business-dialogs';
import {} from './screen-helpers';

type Batch = RowOf<typeof contractBatchResource>;
type Action = { kind: 'bank' | 'abnormal'; row: Batch };

const LIST = proxied(contractBatchResource.calls.list);

const asPercent = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** Sum of the percents and what is left to 100, exact on their decimal texts (two decimals at most). */
export function percentTotal(rows: { percent: string | null }[]): { total: string; room: string | null } {
  const hundredths = rows.reduce((sum, r) => {
    const [whole = '0', fraction = ''] = String(r.percent ?? '0').split('.');
    return sum + Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  }, 0);
  return { total: asPercent(hundredths), room: hundredths < 10000 ? asPercent(10000 - hundredths) : null };
}

/**
 * A contract's payment batches (its detail page): the contract is fixed; the sum of the percents is shown and
 * warned about while under 100%. A batch takes a bank reference and an abnormal handling.
 */
export function BatchScreen({
  contractId,
  editable,
  onChanged,
}: {
  contractId: string;
  /** The contract is 执行中: batches may be added, changed and removed. */
  editable: boolean;
  onChanged?: () => void;
}) {
  const t = useTranslations('businessScreens');
  const tcrud = useTranslations('crud');
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const [action, setAction] = useState<Action | null>(null);
  const params = useMemo(() => ({ contractId }), [contractId]);
  const all = useBusinessRows<Batch>(LIST, params, 500);
  const { total, room } = percentTotal(all.rows);
  const reload = async () => {
    await Promise.all([mutate((key) => Array.isArray(key) && key[0] === LIST), all.reload()]);
    onChanged?.();
  };
  const dialog = action && {
    id: action.row.id,
    name: action.row.batchName,
    onClose: () => setAction(null),
    onDone: reload,
  };
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="percent-total">
        {t('percentTotal', { total })}
      </Typography>
      {all.rows.length > 0 && room && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('percentShort', { room })}
        </Alert>
      )}
      <ResourceScreen
        def={contractBatchResource}
        fields={{ contractId: false }}
        columns={{
          percent: { flex: 0, width: 130, minWidth: 130 },
          abnormal: {
            flex: 0,
            width: 100,
            minWidth: 100,
            valueGetter: (_, row) => tcrud(Number(row.abnormal) === 1 ? 'yes' : 'no'),
          },
        }}
        overrides={{
          params,
          onAddValues: () => ({ contractId }),
          toBody: (values) => ({ ...values, contractId }),
          buttons: { add: editable, delete: editable },
          readOnlyRow: () => !editable,
          onSaved: reload,
          rowActions: [
            {
              label: t('bankNumber'),
              onClick: (row) => setAction({ kind: 'bank', row }),
              hidden: !can('contract_income') && !can('contract_batch'),
            },
            {
              label: t('abnormal'),
              color: 'warning',
              onClick: (row) => setAction({ kind: 'abnormal', row }),
              hidden: (row) => !can('contract_abnormal') || Number(row.abnormal) === 1,
            },
          ],
        }}
      />
      {dialog && action?.kind === 'bank' && (
        <BankNumberDialog
          {...dialog}
          path={batchBankTransactionNumber.call.path}
          current={action.row.bankTransactionNumber}
        />
      )}
      {dialog && action?.kind === 'abnormal' && (
        <AbnormalDialog {...dialog} path={batchAbnormalHandling.call.path} />
      )}
    </>
  );
}
