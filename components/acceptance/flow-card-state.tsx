'use client';

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { UserPicker } from '@/components/business/user-picker';
import {
  ACCEPTANCE_CODES,
  CARD_TRANSITIONS,
  ITEM_RESULTS,
  TESTING,
  TRANSITIONS_FROM,
  type CardHistoryVO,
  type CardState,
  type FlowCardItemVO,
  type ItemResult,
} from '@/lib/contracts/acceptance/acceptance';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { assignItem, cardHistory, moveCard, recordResult, startItem } from './api';
import { RecordsTable } from '@/components/crud/records-table';
import { SelectField } from '@/components/crud/select-field';

const STATE_COLOR: Record<CardState, 'default' | 'info' | 'success' | 'warning' | 'primary' | 'error'> = {
  created: 'default',
  inTest: 'info',
  itemsDone: 'primary',
  reportDrafting: 'warning',
  archived: 'success',
  rectification: 'error',
};

type Run = (call: () => Promise<unknown>) => Promise<boolean>;

/** The card's state as a chip and the transitions its state offers to the caller's buttons (the server checks again). */
export function CardStateBar({ id, state, run }: { id: string; state: CardState; run: Run }) {
  const t = useTranslations('acceptance');
  const { can } = usePermissions();
  const [remark, setRemark] = useState('');
  const offered = TRANSITIONS_FROM[state].filter((name) =>
    (CARD_TRANSITIONS[name].access.codes ?? []).every((code) => can(code)),
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2">{t('screen.state')}：</Typography>
      <Chip size="small" color={STATE_COLOR[state]} label={t(`state.${state}`)} />
      {offered.length > 0 && (
        <TextField
          size="small"
          label={t('screen.transitionRemark')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ minWidth: 240 }}
        />
      )}
      {offered.map((name) => (
        <Button
          key={name}
          size="small"
          variant="contained"
          onClick={async () => {
            if (await run(() => moveCard(name, id, remark))) setRemark('');
          }}
        >
          {t(`screen.t_${name}`)}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * An item's tester, start, end and result: the tester picked among the tenant's users (item button), started and
 * recorded by the tester or a holder of the card's edit button while the card is in test or in rectification.
 */
export function ItemTesting({
  item,
  state,
  userId,
  run,
}: {
  item: FlowCardItemVO;
  state: CardState;
  userId: string;
  run: Run;
}) {
  const t = useTranslations('acceptance');
  const { can } = usePermissions();
  const [result, setResult] = useState<ItemResult | ''>('');
  const [remark, setRemark] = useState('');
  const open = state === 'created' || TESTING.includes(state);
  const mayTest = TESTING.includes(state) && (item.assigneeId === userId || can(ACCEPTANCE_CODES.cardEdit));
  return (
    <Stack spacing={0.5} sx={{ minWidth: 220 }}>
      {can(ACCEPTANCE_CODES.cardItem) && open && !item.result ? (
        <UserPicker
          label={t('screen.assignee')}
          value={item.assigneeId}
          known={item.assigneeId ? { [item.assigneeId]: item.assigneeName } : undefined}
          onChange={(value) => {
            if (value && String(value) !== item.assigneeId)
              void run(() => assignItem(item.id, String(value)));
          }}
        />
      ) : (
        <Typography variant="body2">
          {t('screen.assignee')}：{item.assigneeName || '—'}
        </Typography>
      )}
      <Typography variant="caption">
        {t('screen.startedAt')}：{item.startedAt || '—'}　{t('screen.endedAt')}：{item.endedAt || '—'}
      </Typography>
      <Typography variant="body2">
        {t('screen.result')}：{item.result ? t(`screen.result_${item.result}`) : t('screen.noResult')}
        {item.resultRemark && `（${item.resultRemark}）`}
      </Typography>
      {mayTest && !item.result && !item.startedAt && item.assigneeId && (
        <Button size="small" onClick={() => void run(() => startItem(item.id))}>
          {t('screen.startItem')}
        </Button>
      )}
      {mayTest && item.result !== 'fail' && (
        <Stack direction="row" spacing={1}>
          <SelectField
            label={t('screen.result')}
            value={result}
            onChange={setResult}
            sx={{ minWidth: 110 }}
            options={ITEM_RESULTS.map((r) => ({ value: r, label: t(`screen.result_${r}`) }))}
          />
          <TextField
            size="small"
            label={t('screen.resultRemark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Button
            size="small"
            disabled={!result}
            onClick={async () => {
              if (result && (await run(() => recordResult(item.id, result, remark)))) {
                setResult('');
                setRemark('');
              }
            }}
          >
            {t('screen.recordResult')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

const valueText = (t: ReturnType<typeof useTranslations>, field: 'card' | 'item', value: string) => {
  if (!value) return '—';
  return field === 'card' ? t(`state.${value}`) : t(`screen.result_${value}`);
};

/** The card's history: its state changes and its items' results, who and when. */
export function CardHistory({ id, version }: { id: string; version: number }) {
  const t = useTranslations('acceptance');
  const [rows, setRows] = useState<CardHistoryVO[]>([]);
  useEffect(() => {
    let live = true;
    cardHistory(id)
      .then((r) => live && setRows(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, version]);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1">{t('screen.history')}</Typography>
      <RecordsTable
        headers={[
          t('screen.time'),
          t('screen.user'),
          t('screen.testItem'),
          t('screen.change'),
          t('screen.remark'),
        ]}
        rows={rows}
        empty={t('screen.noHistory')}
      >
        {(r) => {
          const field = r.itemId === 'card' ? 'card' : 'item';
          return (
            <TableRow key={r.id}>
              <TableCell>{r.time}</TableCell>
              <TableCell>{r.userName}</TableCell>
              <TableCell>{field === 'card' ? t('screen.card') : r.itemName}</TableCell>
              <TableCell>
                {t.has(`screen.t_${r.action}`) ? t(`screen.t_${r.action}`) : r.action}：
                {valueText(t, field, r.from)} → {valueText(t, field, r.to)}
              </TableCell>
              <TableCell>{r.comment}</TableCell>
            </TableRow>
          );
        }}
      </RecordsTable>
    </Stack>
  );
}
