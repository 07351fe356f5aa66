'use client';

import { RecordsTable } from '@/components/crud/records-table';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { TextPromptDialog } from '@/components/crud/text-prompt-dialog';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslations } from 'next-intl';
import { TablePager, usePaging } from '@/components/crud/table-pager';
import { useLoaded } from '@/components/crud/use-loaded';
import { useRefusal } from '@/components/crud/use-refusal';
import { useCallback, useState } from 'react';
import {
  EQUIPMENT_CODES,
  USAGE_STATES,
  type EquipmentUsageVO,
  type UsageState,
} from '@/lib/contracts/equipment/equipment';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { beginBooking, endBooking, equipmentOptions, exceptionEndBooking, usagePage } from './api';
import { BookingForm, type EquipmentOption } from './booking-form';

const STATE_COLOR: Record<UsageState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  requested: 'info',
  in_use: 'success',
  ended: 'default',
  exception_ended: 'error',
  cancelled: 'default',
};

/**
 * The bookings (设备使用预约): every instrument's, or one instrument's (its detail: `equipmentId`), newest first, paged
 * by the server. Buttons by the caller's codes and the booking's state: new, edit (requested), begin (requested), end
 * (in use), exception end (requested or in use). blade/ checks the same codes and states.
 */
export function UsageList({ equipmentId }: { equipmentId?: string }) {
  const t = useTranslations('equipment');
  const { can } = usePermissions();
  const { page, size, setPage, pager } = usePaging();
  const [state, setState] = useState<UsageState | ''>('');
  const [equipment, setEquipment] = useState<EquipmentOption[]>([]);
  const [editing, setEditing] = useState<EquipmentUsageVO | 'new' | null>(null);
  const [excepting, setExcepting] = useState<EquipmentUsageVO | null>(null);
  const { refusal, setRefusal, run } = useRefusal();
  const load = useCallback(
    () => usagePage({ current: page + 1, size, equipmentId, usageState: state || undefined }),
    [page, size, equipmentId, state],
  );
  const { data, reload } = useLoaded(load, () => ({ records: [], total: 0 }));

  const openForm = useCallback(
    async (target: EquipmentUsageVO | 'new') => {
      if (equipment.length === 0) setEquipment(await equipmentOptions().catch(() => []));
      setEditing(target);
    },
    [equipment.length],
  );

  const act = async (call: () => Promise<unknown>) => {
    await run(async () => {
      await call();
      reload();
    });
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        {can(EQUIPMENT_CODES.usageAdd) && (
          <Button variant="contained" onClick={() => void openForm('new')}>
            {t('screen.newBooking')}
          </Button>
        )}
        <SelectField
          label={t('screen.usageState')}
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
          emptyOption={t('screen.all')}
          options={USAGE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
      </Stack>
      <RefusalAlert refusal={refusal} sx={{ mb: 1 }} onClose={() => setRefusal(null)} />
      <RecordsTable
        headers={[
          !equipmentId && t('screen.equipment'),
          t('screen.user'),
          t('screen.startTime'),
          t('screen.endTime'),
          t('screen.purpose'),
          t('screen.usageState'),
          t('screen.actions'),
        ]}
        rows={data?.records}
        loading={t('screen.loading')}
        empty={t('screen.noBookings')}
      >
        {(row) => (
          <TableRow key={row.id}>
            {!equipmentId && <TableCell>{`${row.assetNo} ${row.equipmentName}`}</TableCell>}
            <TableCell>{row.userName}</TableCell>
            <TableCell>{row.startTime}</TableCell>
            <TableCell>{row.endTime}</TableCell>
            <TableCell>
              {row.exceptionReason ? `${row.purpose}（${row.exceptionReason}）` : row.purpose}
            </TableCell>
            <TableCell>
              <Chip size="small" color={STATE_COLOR[row.usageState]} label={t(`state.${row.usageState}`)} />
            </TableCell>
            <TableCell>
              {row.usageState === 'requested' && can(EQUIPMENT_CODES.usageEdit) && (
                <Button size="small" onClick={() => void openForm(row)}>
                  {t('screen.edit')}
                </Button>
              )}
              {row.usageState === 'requested' && can(EQUIPMENT_CODES.usageBegin) && (
                <Button size="small" onClick={() => void act(() => beginBooking(row.id))}>
                  {t('screen.begin')}
                </Button>
              )}
              {row.usageState === 'in_use' && can(EQUIPMENT_CODES.usageEnd) && (
                <Button size="small" onClick={() => void act(() => endBooking(row.id))}>
                  {t('screen.end')}
                </Button>
              )}
              {(row.usageState === 'requested' || row.usageState === 'in_use') &&
                can(EQUIPMENT_CODES.usageException) && (
                  <Button size="small" color="error" onClick={() => setExcepting(row)}>
                    {t('screen.exceptionEnd')}
                  </Button>
                )}
            </TableCell>
          </TableRow>
        )}
      </RecordsTable>
      <TablePager total={Number(data?.total ?? 0)} {...pager} />
      {editing && (
        <BookingForm
          equipment={equipment}
          booking={editing === 'new' ? undefined : editing}
          fixedEquipmentId={equipmentId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {excepting && (
        <TextPromptDialog
          title={t('screen.exceptionEnd')}
          label={t('screen.exceptionReason')}
          onClose={() => setExcepting(null)}
          onSubmit={async (reason) => {
            await exceptionEndBooking(excepting.id, reason);
            reload();
          }}
        />
      )}
    </Box>
  );
}
