'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { BladeError } from '@/lib/client/fetcher';
import {
  ACCEPTANCE_CODES,
  type CoverageVO,
  type FlowCardItemVO,
} from '@/lib/contracts/acceptance/acceptance';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useSessionUser } from '@/lib/swr/use-session-user';
import {
  cardDetail,
  clearReport,
  coverage,
  equipmentOptions,
  onlineEditing,
  removeItem,
  reportViewUrl,
  saveItem,
  testItemOptions,
  updateRemark,
  uploadReport,
  type EquipmentOption,
  type FlowCardDetail,
  type TestItemRow,
} from './api';
import { CardHistory, CardStateBar, ItemTesting } from './flow-card-state';
import { RecordsTable } from '@/components/crud/records-table';
import { SelectField } from '@/components/crud/select-field';

/**
 * A flow card's test items: add one (often-used items first; a red instrument is offered but named 停用, and the
 * server refuses it in words), the report's version with upload, view (online editing answers why it is view only) and
 * clear, the remark, removal; and, for a card of an application, its coverage evaluation.
 */
export function FlowCardDialog({
  id,
  onClose,
  onChanged,
}: {
  id: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('acceptance');
  const { can } = usePermissions();
  const confirm = useConfirm();
  const [detail, setDetail] = useState<FlowCardDetail | null>(null);
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);
  const [items, setItems] = useState<TestItemRow[]>([]);
  const [instruments, setInstruments] = useState<EquipmentOption[]>([]);
  const [testItemId, setTestItemId] = useState('');
  const [equipmentId, setEquipmentId] = useState('');
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [cover, setCover] = useState<CoverageVO | null>(null);
  const { data: me } = useSessionUser();
  const mayItems = can(ACCEPTANCE_CODES.cardItem);
  const mayReport = can(ACCEPTANCE_CODES.cardReport);

  useEffect(() => {
    let live = true;
    cardDetail(id)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        setRemarks(Object.fromEntries(d.items.map((i) => [i.id, i.remark])));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id, version]);
  useEffect(() => {
    if (!mayItems) return;
    testItemOptions()
      .then(setItems)
      .catch(() => undefined);
    equipmentOptions()
      .then(setInstruments)
      .catch(() => setInstruments([]));
  }, [mayItems]);

  /** Runs a call; a refusal shows the server's words in the dialog, success reloads the card. */
  const run = async (call: () => Promise<unknown>, reload = true) => {
    setMessage(null);
    try {
      await call();
      if (reload) {
        setVersion((v) => v + 1);
        onChanged();
      }
      return true;
    } catch (failure) {
      if (failure instanceof BladeError) setMessage({ severity: 'error', text: failure.message });
      else throw failure;
      return false;
    }
  };

  const add = async () => {
    if (!testItemId) {
      setMessage({ severity: 'error', text: t('screen.testItemRequired') });
      return;
    }
    if (await run(() => saveItem({ cardId: id, testItemId, equipmentId: equipmentId || undefined }))) {
      setTestItemId('');
      setEquipmentId('');
    }
  };

  const view = (item: FlowCardItemVO) =>
    run(async () => {
      const answer = await onlineEditing(item.id);
      setMessage({ severity: 'info', text: answer.reason });
      window.open(await reportViewUrl(answer.fileId), '_blank', 'noopener');
    }, false);

  const upload = (item: FlowCardItemVO, file: File | undefined) => {
    if (file) void run(() => uploadReport(item, file));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('screen.detailTitle', { cardNo: detail?.cardNo ?? '' })}</DialogTitle>
      <DialogContent>
        {!detail ? (
          <Typography>{t('screen.loading')}</Typography>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {t('card.applicationId')}：{detail.applicationNo || '—'}　{t('card.sampleNo')}：
              {detail.sampleNo || '—'}
            </Typography>
            <CardStateBar id={id} state={detail.cardState} run={run} />
            {message && <Alert severity={message.severity}>{message.text}</Alert>}
            <Typography variant="subtitle1">{t('screen.items')}</Typography>
            <RecordsTable
              headers={[
                t('screen.testItem'),
                t('screen.equipment'),
                t('screen.assignee'),
                t('screen.report'),
                t('screen.remark'),
                null, // the row's buttons: no heading
              ]}
              rows={detail.items}
              empty={t('screen.noItems')}
            >
              {(item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    {item.itemCode} {item.itemName}
                    <Typography variant="caption" component="div">
                      {item.standardClause}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {item.assetNo ? `${item.assetNo} ${item.equipmentName}` : t('screen.noEquipment')}
                  </TableCell>
                  <TableCell>
                    <ItemTesting item={item} state={detail.cardState} userId={me?.user_id ?? ''} run={run} />
                  </TableCell>
                  <TableCell>
                    {item.reportFileId ? (
                      <>
                        {item.reportFileName}{' '}
                        <Chip size="small" label={t('screen.version', { version: item.reportVersion })} />
                      </>
                    ) : (
                      t('screen.noReport')
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 200 }}>
                    <TextField
                      size="small"
                      fullWidth
                      value={remarks[item.id] ?? ''}
                      disabled={!mayItems}
                      onChange={(e) => setRemarks((r) => ({ ...r, [item.id]: e.target.value }))}
                      slotProps={{ htmlInput: { 'aria-label': t('screen.remark'), maxLength: 500 } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {mayItems && (remarks[item.id] ?? '') !== item.remark && (
                        <Button
                          size="small"
                          onClick={() => void run(() => updateRemark(item.id, remarks[item.id] ?? ''))}
                        >
                          {t('screen.updateRemark')}
                        </Button>
                      )}
                      {mayReport && (
                        <Button size="small" component="label">
                          {t('screen.uploadReport')}
                          <input hidden type="file" onChange={(e) => upload(item, e.target.files?.[0])} />
                        </Button>
                      )}
                      {item.reportFileId && (
                        <Button size="small" onClick={() => void view(item)}>
                          {t('screen.onlineEditing')}
                        </Button>
                      )}
                      {mayReport && item.reportFileId && (
                        <Button
                          size="small"
                          onClick={async () => {
                            if (await confirm(t('screen.clearConfirm')))
                              await run(() => clearReport(item.id));
                          }}
                        >
                          {t('screen.clearReport')}
                        </Button>
                      )}
                      {mayItems && (
                        <Button
                          size="small"
                          color="error"
                          onClick={async () => {
                            if (await confirm(t('screen.confirmRemove')))
                              await run(() => removeItem(item.id));
                          }}
                        >
                          {t('screen.remove')}
                        </Button>
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              )}
            </RecordsTable>
            {mayItems && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <SelectField
                  label={t('screen.testItem')}
                  value={testItemId}
                  onChange={setTestItemId}
                  sx={{ minWidth: 280 }}
                  options={items.map((i) => ({ value: i.id, label: `${i.itemCode} ${i.name}` }))}
                />
                <SelectField
                  label={t('screen.equipment')}
                  value={equipmentId}
                  onChange={setEquipmentId}
                  sx={{ minWidth: 280 }}
                  emptyOption={t('screen.noEquipment')}
                  options={instruments.map((e) => ({
                    value: e.id,
                    label: `${e.assetNo} ${e.name}${e.statusColor === 'red' ? t('screen.red') : ''}`,
                  }))}
                />
                <Button
                  variant="contained"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                  onClick={() => void add()}
                >
                  {t('screen.addItem')}
                </Button>
              </Stack>
            )}
            {detail.applicationId && (
              <Stack spacing={1}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle1">{t('screen.coverage')}</Typography>
                  <Button
                    size="small"
                    onClick={() =>
                      void run(async () => setCover(await coverage(detail.applicationId)), false)
                    }
                  >
                    {t('screen.evaluate')}
                  </Button>
                </Stack>
                {cover && (
                  <>
                    <Typography variant="body2">
                      {t('screen.protectionTypes')}：{cover.protectionTypes.join(', ') || '—'}　
                      {t('screen.conclusion')}：{t(`coverage.${cover.conclusion}`)}
                    </Typography>
                    <Table size="small">
                      <TableBody>
                        {cover.items.map((i) => (
                          <TableRow key={i.testItemId}>
                            <TableCell>
                              {i.itemCode} {i.name}
                            </TableCell>
                            <TableCell>{i.standardClause}</TableCell>
                            <TableCell>
                              {i.accredited ? t('screen.accredited') : t('screen.notAccredited')}
                            </TableCell>
                            <TableCell>
                              {i.tested
                                ? `${t('screen.tested')}（${t('screen.version', { version: i.reportVersion })}）`
                                : t('screen.notTested')}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </>
                )}
              </Stack>
            )}
          </Stack>
        )}
        {detail && <CardHistory id={id} version={version} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('screen.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
