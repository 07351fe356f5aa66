'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/crud/select-field';
import { TablePager, usePaging } from '@/components/crud/table-pager';
import { useState } from 'react';
import useSWR from 'swr';
import { useNotify } from '@/components/providers/notifier';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import {
  ALERT_CODES,
  NODE_CALLS,
  type NodeLimitVO,
  type TrackLevel,
  type TrackNodeVO,
  type TrackRowVO,
} from '@/lib/contracts/alerts/alerts';
import { usePermissions } from '@/lib/permissions/use-permissions';

interface TrackPage {
  records: TrackRowVO[];
  total: number;
  limits: NodeLimitVO[];
  nodes: string[];
}

const PAGE_PATH: Record<TrackLevel, string> = {
  coarse: proxied(NODE_CALLS.coarsePage),
  fine: proxied(NODE_CALLS.finePage),
};

function useNodeName() {
  const t = useTranslations('alerts.track.stage');
  const ts = useTranslations('application.state');
  return (level: TrackLevel, code: string) => (code ? (level === 'coarse' ? t(code) : ts(code)) : '');
}

/** Sets one node's time limit (`nodeProgressAlert/update`); a refusal stays in the dialog in the server's words. */
function LimitDialog({
  level,
  nodes,
  limits,
  onClose,
  onSaved,
}: {
  level: TrackLevel;
  nodes: string[];
  limits: NodeLimitVO[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('alerts.track');
  const tc = useTranslations('common');
  const nodeName = useNodeName();
  const [nodeCode, setNodeCode] = useState(nodes[0] ?? '');
  const current = limits.find((l) => l.nodeCode === nodeCode);
  const [limitDays, setLimitDays] = useState(String(current?.limitDays ?? ''));
  const [enabled, setEnabled] = useState(current ? current.enabled === 1 : true);
  const [refusal, setRefusal] = useState('');
  const pick = (code: string) => {
    setNodeCode(code);
    const limit = limits.find((l) => l.nodeCode === code);
    setLimitDays(String(limit?.limitDays ?? ''));
    setEnabled(limit ? limit.enabled === 1 : true);
  };
  const save = async () => {
    try {
      await bladeRequest(proxied(NODE_CALLS.update), {
        method: 'POST',
        body: { trackLevel: level, nodeCode, limitDays, enabled: enabled ? 1 : 0 },
        silent: true,
      });
      onSaved();
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : tc('unknownError'));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('setLimit')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <SelectField
            label={t('nodeCode')}
            value={nodeCode}
            onChange={pick}
            options={nodes.map((code) => ({ value: code, label: nodeName(level, code) }))}
          />
          <TextField
            label={t('limitDays')}
            type="number"
            value={limitDays}
            onChange={(e) => setLimitDays(e.target.value)}
            error={!!refusal}
            helperText={refusal || ' '}
          />
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
            label={t('limitEnabled')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>
          {tc('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One application's coarse stages in order (`getCoarseTrackDetail`). */
function DetailDialog({ row, onClose }: { row: TrackRowVO; onClose: () => void }) {
  const t = useTranslations('alerts.track');
  const tc = useTranslations('common');
  const nodeName = useNodeName();
  const { data } = useSWR<{ nodes: TrackNodeVO[] }>([
    proxied(NODE_CALLS.coarseDetail),
    { id: row.applicationId },
    'POST',
  ]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('detail')}: {row.applicationNo || row.productName}
      </DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('nodeCode')}</TableCell>
              <TableCell>{t('enteredAt')}</TableCell>
              <TableCell>{t('leftAt')}</TableCell>
              <TableCell>{t('elapsedDays')}</TableCell>
              <TableCell>{t('limitDays')}</TableCell>
              <TableCell>{t('overdue')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.nodes ?? []).map((node) => (
              <TableRow key={`${node.nodeCode}-${node.enteredAt}`}>
                <TableCell>{nodeName('coarse', node.nodeCode)}</TableCell>
                <TableCell>{node.enteredAt}</TableCell>
                <TableCell>{node.leftAt || t('current')}</TableCell>
                <TableCell>{node.elapsedDays}</TableCell>
                <TableCell>{node.limitDays || t('noLimit')}</TableCell>
                <TableCell>
                  <OverdueChip overdue={node.overdue} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function OverdueChip({ overdue }: { overdue: boolean }) {
  const t = useTranslations('alerts.track');
  return (
    <Chip
      size="small"
      color={overdue ? 'error' : 'success'}
      label={overdue ? t('overdueYes') : t('overdueNo')}
    />
  );
}

/** 节点进度提醒: the coarse (stages) and fine (states) tracks, longest waits first, with the nodes' time limits. */
export function TrackScreen() {
  const t = useTranslations('alerts.track');
  const notify = useNotify();
  const { can } = usePermissions();
  const nodeName = useNodeName();
  const [level, setLevel] = useState<TrackLevel>('coarse');
  const [onlyOverdue, setOnlyOverdue] = useState(false);
  const { page, size, setPage, pager } = usePaging();
  const [limiting, setLimiting] = useState(false);
  const [opened, setOpened] = useState<TrackRowVO | null>(null);
  const query = { current: page + 1, size, overdue: onlyOverdue ? '1' : undefined };
  const { data, mutate } = useSWR<TrackPage>([PAGE_PATH[level], query], { keepPreviousData: true });
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Tabs
        value={level}
        onChange={(_, value: TrackLevel) => {
          setLevel(value);
          setPage(0);
        }}
      >
        <Tab value="coarse" label={t('coarse')} />
        <Tab value="fine" label={t('fine')} />
      </Tabs>
      <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={onlyOverdue}
              onChange={(e) => {
                setOnlyOverdue(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('onlyOverdue')}
        />
        {can(ALERT_CODES.nodeEdit) && (
          <Button variant="contained" onClick={() => setLimiting(true)}>
            {t('setLimit')}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('limits')}:{' '}
          {(data?.limits ?? [])
            .filter((l) => l.enabled === 1)
            .map((l) => `${nodeName(level, l.nodeCode)} ${l.limitDays}`)
            .join('、') || t('noLimit')}
        </Typography>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('applicationNo')}</TableCell>
            <TableCell>{t('productName')}</TableCell>
            <TableCell>{t('nodeCode')}</TableCell>
            <TableCell>{t('enteredAt')}</TableCell>
            <TableCell>{t('elapsedDays')}</TableCell>
            <TableCell>{t('limitDays')}</TableCell>
            <TableCell>{t('overdue')}</TableCell>
            {level === 'coarse' && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.records ?? []).map((row) => (
            <TableRow key={row.applicationId}>
              <TableCell>{row.applicationNo}</TableCell>
              <TableCell>{row.productName}</TableCell>
              <TableCell>{nodeName(level, row.nodeCode)}</TableCell>
              <TableCell>{row.enteredAt}</TableCell>
              <TableCell>{row.elapsedDays}</TableCell>
              <TableCell>{row.limitDays || t('noLimit')}</TableCell>
              <TableCell>{row.limitDays ? <OverdueChip overdue={row.overdue} /> : null}</TableCell>
              {level === 'coarse' && (
                <TableCell>
                  <Button size="small" onClick={() => setOpened(row)}>
                    {t('detail')}
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePager total={Number(data?.total ?? 0)} {...pager} />
      {limiting && data && (
        <LimitDialog
          level={level}
          nodes={data.nodes}
          limits={data.limits}
          onClose={() => setLimiting(false)}
          onSaved={() => {
            setLimiting(false);
            notify(t('limitSaved'), 'success');
            void mutate();
          }}
        />
      )}
      {opened && <DetailDialog row={opened} onClose={() => setOpened(null)} />}
    </Box>
  );
}
