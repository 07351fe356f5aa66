'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { UserPicker } from '@/components/business/user-picker';
import { withAnswered } from '@/components/business/screen-helpers';
import { ResourceScreen } from '@/components/crud/resource-screen';
import {
  EQUIPMENT_CODES,
  equipmentResource,
  type StatusColor,
  type StatusReason,
} from '@/lib/contracts/equipment/equipment';
import { usePermissions } from '@/lib/permissions/use-permissions';
import type { RowOf } from '@/lib/contracts/resource';
import { EQUIPMENT_PATHS } from './api';
import { BeginUseDialog } from './begin-use-dialog';
import { EquipmentDetailDialog } from './equipment-detail';
import { StatusChip } from './status-chip';

const screenDef = withAnswered(equipmentResource, {
  statusColor: 'equipment.screen.status',
  validTo: 'equipment.screen.validTo',
  custodianName: 'equipment.screen.custodian',
});
type Row = RowOf<typeof screenDef> & { statusReason: StatusReason; dueSoon: boolean };

/**
 * 仪器设备: the instruments with their colour (a chip in words and colour), add / edit / delete by the page's buttons,
 * and the detail (certificates and bookings) from the row.
 */
export function EquipmentScreen() {
  const t = useTranslations('equipment');
  const { mutate } = useSWRConfig();
  const { can } = usePermissions();
  const [open, setOpen] = useState<string | null>(null);
  const [using, setUsing] = useState<Row | null>(null);
  const reload = () => void mutate((key) => Array.isArray(key) && key[0] === EQUIPMENT_PATHS.page);
  // The row the form opened on: the picker names its custodian before the user list answers.
  const opened = useRef<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={screenDef}
        fields={{
          custodianId: {
            kind: 'custom',
            render: (props) => (
              <UserPicker
                {...props}
                label={t('equipment.custodianId')}
                known={
                  opened.current?.custodianId
                    ? { [opened.current.custodianId]: opened.current.custodianName }
                    : undefined
                }
              />
            ),
          },
        }}
        columns={{
          statusColor: {
            sortable: false,
            minWidth: 170,
            renderCell: ({ row }) => (
              <StatusChip
                color={row.statusColor as StatusColor}
                reason={row.statusReason}
                dueSoon={row.dueSoon}
                validTo={row.validTo}
              />
            ),
          },
          validTo: { sortable: false },
          custodianName: { sortable: false },
        }}
        order={{ list: ['assetNo', 'name', 'model', 'location', 'statusColor', 'validTo', 'custodianName'] }}
        overrides={{
          // The definition's text filters, and the calibration horizon (a dashboard tile opens it with 30 days).
          searchFields: [
            { name: 'assetNo', label: t('equipment.assetNo') },
            { name: 'name', label: t('equipment.name') },
            { name: 'location', label: t('equipment.location') },
            { name: 'dueWithinDays', label: t('screen.dueWithinDays'), kind: 'number' },
          ],
          toForm: (row) => {
            opened.current = row as Row;
            return { ...row };
          },
          rowActions: [
            { label: t('screen.view'), onClick: (row) => setOpen(row.id) },
            {
              label: t('screen.begin'),
              onClick: (row) => setUsing(row as Row),
              // A red instrument cannot be used (the server refuses it too).
              hidden: (row) => !can(EQUIPMENT_CODES.use) || row.statusColor === 'red',
            },
          ],
        }}
      />
      {open && <EquipmentDetailDialog id={open} onClose={() => setOpen(null)} onChanged={reload} />}
      {using && (
        <BeginUseDialog
          equipment={using}
          onClose={() => setUsing(null)}
          onDone={() => {
            setUsing(null);
            reload();
          }}
        />
      )}
    </>
  );
}

export type { Row as EquipmentScreenRow };
