'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { RecordsTable } from '@/components/crud/records-table';
import { SelectField } from '@/components/crud/select-field';
import { TablePager, usePaging } from '@/components/crud/table-pager';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import {
  ALERT_KINDS,
  ALERT_LOG_CODES,
  DELIVERY_CALLS,
  DELIVERY_CHANNELS,
  DELIVERY_OUTCOMES,
  type ChannelState,
  type DeliveryVO,
} from '@/lib/contracts/alerts/alerts';
import { usePermissions } from '@/lib/permissions/use-permissions';

interface DeliveryPage {
  records: DeliveryVO[];
  total: number;
}

const PAGE_PATH = proxied(DELIVERY_CALLS.page);
const STATE_COLOR: Record<ChannelState, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};

/** A channel's outcome, its targets and (failed or skipped) the reason; a failed one with its retry button. */
function ChannelCell({
  row,
  channel,
  onRetry,
}: {
  row: DeliveryVO;
  channel: 'sms' | 'email';
  onRetry?: (row: DeliveryVO, channel: 'sms' | 'email') => void;
}) {
  const t = useTranslations('alerts.delivery');
  const state = channel === 'sms' ? row.smsState : row.emailState;
  const to = channel === 'sms' ? row.smsTo : row.emailTo;
  const reason = channel === 'sms' ? row.smsReason : row.emailReason;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color={STATE_COLOR[state]} label={t(`state.${state}`)} />
      {to && <Typography variant="caption">{to}</Typography>}
      {reason && (
        <Typography variant="caption" color="text.secondary">
          {t('reason')}: {reason}
        </Typography>
      )}
      {state === 'failed' && onRetry && (
        <Button size="small" onClick={() => onRetry(row, channel)}>
          {channel === 'sms' ? t('retrySms') : t('retryEmail')}
        </Button>
      )}
    </Stack>
  );
}

/** 提醒记录: every alert the scheduler delivered, newest first, with each channel's outcome and a retry of a failed one. */
export function DeliveryLogScreen() {
  const t = useTranslations('alerts.delivery');
  const notify = useNotify();
  const { can } = usePermissions();
  const [alertKind, setAlertKind] = useState('');
  const [channel, setChannel] = useState('');
  const [outcome, setOutcome] = useState('');
  const [createTimeStart, setStart] = useState('');
  const [createTimeEnd, setEnd] = useState('');
  const { page, size, setPage, pager } = usePaging();
  const query = {
    current: page + 1,
    size,
    alertKind: alertKind || undefined,
    channel: channel || undefined,
    outcome: outcome || undefined,
    createTimeStart: createTimeStart || undefined,
    createTimeEnd: createTimeEnd || undefined,
  };
  const { data, mutate } = useSWR<DeliveryPage>([PAGE_PATH, query], { keepPreviousData: true });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };
  const retry = async (row: DeliveryVO, which: 'sms' | 'email') => {
    try {
      // A refusal (not failed any more, another tenant's) is shown by bladeRequest in the server's words.
      const { data: result } = await bladeRequest<{ state: 'sent' | 'failed'; reason: string }>(
        proxied(DELIVERY_CALLS.retry),
        { method: 'POST', body: { id: row.id, channel: which } },
      );
      if (result.state === 'sent') notify(t('retrySent'), 'success');
      else notify(t('retryFailed', { reason: result.reason }), 'error');
    } finally {
      void mutate();
    }
  };
  const select = (
    label: string,
    value: string,
    set: (value: string) => void,
    options: readonly string[],
    name: (option: string) => string,
  ) => (
    <SelectField
      label={label}
      value={value}
      onChange={filter(set)}
      sx={{ minWidth: 140 }}
      emptyOption={t('all')}
      options={options.map((option) => ({ value: option, label: name(option) }))}
    />
  );
  const day = (label: string, value: string, set: (value: string) => void) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(e) => filter(set)(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const canRetry = can(ALERT_LOG_CODES.logRetry);
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ my: 2, flexWrap: 'wrap', rowGap: 2 }}>
        {select(t('alertKind'), alertKind, setAlertKind, ALERT_KINDS, (k) => t(`kind.${k}`))}
        {select(t('channel'), channel, setChannel, DELIVERY_CHANNELS, (c) => t(`channels.${c}`))}
        {select(t('outcome'), outcome, setOutcome, DELIVERY_OUTCOMES, (o) => t(`outcomes.${o}`))}
        {day(t('createTimeStart'), createTimeStart, setStart)}
        {day(t('createTimeEnd'), createTimeEnd, setEnd)}
      </Stack>
      <RecordsTable
        headers={[
          t('createTime'),
          t('alertKind'),
          t('subject'),
          t('recipients'),
          t('channels.portal'),
          t('channels.sms'),
          t('channels.email'),
        ]}
        rows={data?.records ?? []}
        empty={<Typography color="text.secondary">{t('empty')}</Typography>}
      >
        {(row) => (
          <TableRow key={row.id}>
            <TableCell>{row.createTime}</TableCell>
            <TableCell>{t(`kind.${row.alertKind}`)}</TableCell>
            <TableCell>
              <Typography variant="body2">{row.certNumber || row.applicationNo}</Typography>
              <Typography variant="caption" color="text.secondary">
                {row.productName}
              </Typography>
            </TableCell>
            <TableCell>
              <Typography variant="body2">{row.companyName}</Typography>
              {row.engineerName && (
                <Typography variant="caption" color="text.secondary">
                  {t('engineer')}: {row.engineerName}
                </Typography>
              )}
            </TableCell>
            <TableCell>{t('portalCount', { count: row.portalCount })}</TableCell>
            <TableCell>
              <ChannelCell row={row} channel="sms" onRetry={canRetry ? retry : undefined} />
            </TableCell>
            <TableCell>
              <ChannelCell row={row} channel="email" onRetry={canRetry ? retry : undefined} />
            </TableCell>
          </TableRow>
        )}
      </RecordsTable>
      <TablePager total={Number(data?.total ?? 0)} {...pager} />
    </Box>
  );
}
