'use client';

import { proxied } from '@/lib/client/fetcher';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from '@/lib/zod';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { useDictionaries } from '@/components/crud/use-dictionaries';
import type { RowOf } from '@/lib/contracts/resource';
import { realCostAddInvoice, realCostResource } from '@/lib/contracts/business/cost';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { formatMoney } from '@/lib/shared/money';
import { ActionDialog } from './action-dialog';
import { useBusinessRefresh, useProjectLookup } from './business-data';
import { dictLabel, withAnswered } from './screen-helpers';

const costScreen = withAnswered(realCostResource, { projectName: 'business.cost.projectId' });
/** A payment of the cost, as the list answers it with each row. */
export interface PayRecord {
  id: string;
  paidDate: string | null;
  paidAmount: string | null;
  payWay: string | null;
  invoiceCode: string | null;
  remark: string | null;
}
type Cost = RowOf<typeof costScreen> & { payRecords?: PayRecord[] };

const PAY_WAY = [{ dict: 'payment_method', numeric: false }];
/** Decimal text of zero ("0", "0.00"): nothing left to pay. */
const isZero = (amount: unknown) => /^0*(\.0*)?$/.test(String(amount ?? '0').trim());
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** 付款登记: a payment of the cost with the supplier's invoice number (at most what is unpaid; blade/ checks). */
export function PayDialog({
  cost,
  onClose,
  onDone,
}: {
  cost: Cost;
  onClose: () => void;
  onDone: () => void | Promise<unknown>;
}) {
  const t = useTranslations('financeScreens');
  const { payment_method: payWays } = useDictionaries(PAY_WAY);
  const schema = useMemo(() => {
    const max = (n: number) =>
      z
        .string()
        .trim()
        .max(n, t('tooLong', { max: n }))
        .optional();
    return z.object({
      paidDate: z
        .string({ error: t('paidDateRequired') })
        .regex(/^\d{4}-\d{2}-\d{2}$/, t('paidDateRequired')),
      paidAmount: z
        .string({ error: t('paidAmountRequired') })
        .trim()
        .min(1, t('paidAmountRequired'))
        .regex(/^\d{1,16}(\.\d{1,2})?$/, t('amountInvalid'))
        .refine((v) => !isZero(v), t('paidAmountPositive')),
      payWay: z.union([z.string(), z.number()]).transform(String).optional(),
      invoiceCode: max(64),
      remark: max(500),
    });
  }, [t]);
  return (
    <ActionDialog
      title={t('payTitle', { name: cost.supplier })}
      url={proxied(realCostAddInvoice.call)}
      id={cost.id}
      idKey="costId"
      fields={[
        { name: 'paidDate', label: t('paidDate'), kind: 'day' },
        { name: 'paidAmount', label: t('paidAmount'), kind: 'money' },
        { name: 'payWay', label: t('payWay'), kind: 'select', options: payWays },
        { name: 'invoiceCode', label: t('invoiceCode') },
        { name: 'remark', label: t('remark'), kind: 'textarea' },
      ]}
      schema={schema}
      // What is unpaid is the usual payment: offered, to be changed for a part payment.
      initial={{
        paidDate: today(),
        paidAmount: cost.unpaidAmount ?? '',
        payWay: '',
        invoiceCode: '',
        remark: '',
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** 付款记录: the cost's payments, read-only. */
export function PayRecordsDialog({ cost, onClose }: { cost: Cost; onClose: () => void }) {
  const t = useTranslations('financeScreens');
  const { payment_method: payWays } = useDictionaries(PAY_WAY);
  const records = cost.payRecords ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('recordsTitle', { name: cost.supplier })}</DialogTitle>
      <DialogContent>
        {records.length === 0 ? (
          <Typography color="text.secondary">{t('noRecords')}</Typography>
        ) : (
          <Table size="small" aria-label={t('records')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('paidDate')}</TableCell>
                <TableCell align="right">{t('paidAmount')}</TableCell>
                <TableCell>{t('payWay')}</TableCell>
                <TableCell>{t('invoiceCode')}</TableCell>
                <TableCell>{t('remark')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.paidDate?.slice(0, 10) ?? ''}</TableCell>
                  <TableCell align="right">{formatMoney(r.paidAmount)}</TableCell>
                  <TableCell>{dictLabel(payWays, r.payWay)}</TableCell>
                  <TableCell>{r.invoiceCode ?? ''}</TableCell>
                  <TableCell>{r.remark ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Real costs (实际成本, /administration/realCost): what each project owes its suppliers, with payments recorded against
 * them (付款登记) and listed per cost (付款记录). Paid and unpaid are blade/'s sums of the payments.
 */
export function RealCostScreen() {
  const t = useTranslations('financeScreens');
  const { can } = usePermissions();
  const refresh = useBusinessRefresh();
  const [action, setAction] = useState<{ kind: 'pay' | 'records'; row: Cost } | null>(null);
  const projectLookup = useProjectLookup();
  return (
    <>
      <ResourceScreen
        def={costScreen}
        fields={{
          projectId: { kind: 'lookup', lookup: projectLookup, readOnlyIn: ['edit'] },
        }}
        columns={{ projectName: { sortable: false } }}
        order={{ form: ['projectId'], list: ['projectName'] }}
        overrides={{
          // A payment changes the project's paid amount too (shown on the project screens).
          onSaved: () => void refresh(),
          rowActions: [
            {
              label: t('pay'),
              onClick: (row) => setAction({ kind: 'pay', row }),
              hidden: (row) => !can('real_cost_pay') || isZero(row.unpaidAmount),
            },
            {
              label: t('records'),
              onClick: (row) => setAction({ kind: 'records', row }),
            },
          ],
        }}
      />
      {action?.kind === 'pay' && (
        <PayDialog cost={action.row} onClose={() => setAction(null)} onDone={refresh} />
      )}
      {action?.kind === 'records' && <PayRecordsDialog cost={action.row} onClose={() => setAction(null)} />}
    </>
  );
}
