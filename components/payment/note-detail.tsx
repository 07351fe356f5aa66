'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { TextPromptDialog } from '@/components/crud/text-prompt-dialog';
import { formatMoney } from '@/lib/shared/money';
import type { PaymentNoteDetailVO, PaymentVoucherVO } from '@/lib/contracts/payment/payment';
import { cancelNote, confirmVoucher, noteDetail, rejectVoucher } from './api';
import { VoucherForm } from './voucher-form';

/** Who looks: the customer (uploads vouchers) or finance with the buttons its roles hold. */
export interface NoteViewer {
  staff: boolean;
  canConfirm?: boolean;
  canCancel?: boolean;
}

/** One note: its figures, lines and vouchers; the voucher form for the customer, the checks for finance. */
export function NoteDetail({
  id,
  viewer,
  onChanged,
}: {
  id: string;
  viewer: NoteViewer;
  onChanged?: () => void;
}) {
  const t = useTranslations('payment.screen');
  const [note, setNote] = useState<PaymentNoteDetailVO | null>(null);
  const [asking, setAsking] = useState<
    { kind: 'reject'; voucher: PaymentVoucherVO } | { kind: 'cancel' } | null
  >(null);
  const load = useCallback(() => noteDetail(id).then(setNote), [id]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);
  const changed = (after: PaymentNoteDetailVO) => {
    setNote(after);
    onChanged?.();
  };
  if (!note) return <Typography>{t('loading')}</Typography>;
  const open = note.noteState === 'issued' || note.noteState === 'partly_paid';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6">{note.noteNo}</Typography>
        <Chip size="small" label={t(`state.${note.noteState}`)} />
        <Typography>
          {note.subjectKind === 'card_sale'
            ? t('detail.cardSale', { no: note.orderNo })
            : note.subjectKind === 'batch'
              ? t('detail.batch', { no: note.batchNumber })
              : note.subjectKind === 'cert_change'
                ? t('detail.certChange', { no: note.changeNo })
                : t('detail.application', { no: note.applicationNo, product: note.productName })}
        </Typography>
      </Box>
      <Typography>
        {t('detail.figures', {
          total: formatMoney(note.totalAmount),
          paid: formatMoney(note.paidAmount),
          unpaid: formatMoney(note.unpaidAmount),
        })}
      </Typography>
      {note.dueDate && <Typography>{t('detail.dueDate', { date: note.dueDate })}</Typography>}
      {note.cancelReason && (
        <Typography>{t('detail.cancelReason', { reason: note.cancelReason })}</Typography>
      )}
      <Table size="small" aria-label={t('detail.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('detail.item')}</TableCell>
            <TableCell align="right">{t('detail.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {note.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.item}</TableCell>
              <TableCell align="right">{formatMoney(l.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle1">{t('detail.vouchers')}</Typography>
      {note.vouchers.length === 0 ? (
        <Typography color="text.secondary">{t('detail.noVouchers')}</Typography>
      ) : (
        <Table size="small" aria-label={t('detail.vouchers')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('voucher.payDate')}</TableCell>
              <TableCell>{t('voucher.payerName')}</TableCell>
              <TableCell align="right">{t('voucher.amount')}</TableCell>
              <TableCell>{t('voucher.slip')}</TableCell>
              <TableCell>{t('detail.voucherState')}</TableCell>
              {viewer.staff && viewer.canConfirm && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {note.vouchers.map((v) => (
              <TableRow key={v.id}>
                <TableCell>{v.payDate}</TableCell>
                <TableCell>{v.payerName}</TableCell>
                <TableCell align="right">{formatMoney(v.amount)}</TableCell>
                <TableCell>{v.fileName}</TableCell>
                <TableCell>
                  {t(`voucherState.${v.voucherState}`)}
                  {v.rejectReason && ` — ${v.rejectReason}`}
                </TableCell>
                {viewer.staff && viewer.canConfirm && (
                  <TableCell>
                    {v.voucherState === 'submitted' && (
                      <>
                        <Button
                          size="small"
                          onClick={() => void confirmVoucher(v.id).then(changed, () => undefined)}
                        >
                          {t('detail.confirm')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setAsking({ kind: 'reject', voucher: v })}
                        >
                          {t('detail.reject')}
                        </Button>
                      </>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {viewer.staff && viewer.canCancel && note.noteState === 'issued' && (
        <Box>
          <Button color="error" variant="outlined" onClick={() => setAsking({ kind: 'cancel' })}>
            {t('detail.cancel')}
          </Button>
        </Box>
      )}
      {!viewer.staff && open && (
        <>
          <Divider />
          <VoucherForm note={note} onSaved={changed} />
        </>
      )}
      {asking?.kind === 'reject' && (
        <TextPromptDialog
          label={t('detail.reason')}
          title={t('detail.reject')}
          required
          onClose={() => setAsking(null)}
          onSubmit={(reason) => rejectVoucher(asking.voucher.id, reason).then(changed)}
        />
      )}
      {asking?.kind === 'cancel' && (
        <TextPromptDialog
          label={t('detail.reason')}
          title={t('detail.cancel')}
          required={false}
          onClose={() => setAsking(null)}
          onSubmit={(reason) => cancelNote(note.id, reason).then(changed)}
        />
      )}
    </Box>
  );
}
