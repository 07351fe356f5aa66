'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { RecordsTable } from '@/components/crud/records-table';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { useLoaded } from '@/components/crud/use-loaded';
import { useRefusal } from '@/components/crud/use-refusal';
import { EQUIPMENT_CODES } from '@/lib/contracts/equipment/equipment';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { equipmentDetail, removeCert } from './api';
import { CertForm } from './cert-form';
import { StatusChip } from './status-chip';
import { UsageList } from './usage-list';

/** An instrument with its colour, its certificates (add with the scan, remove) and its bookings. */
export function EquipmentDetailDialog({
  id,
  onClose,
  onChanged,
}: {
  id: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTranslations('equipment');
  const { can } = usePermissions();
  const { data: detail, reload } = useLoaded(useCallback(() => equipmentDetail(id), [id]));
  const { refusal, run } = useRefusal();
  const changed = () => {
    reload();
    onChanged();
  };
  const remove = async (certId: string) => {
    await run(async () => {
      await removeCert(certId);
      changed();
    });
  };
  const mayCert = can(EQUIPMENT_CODES.cert);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>
        {t('screen.detailTitle', { name: detail ? `${detail.assetNo} ${detail.name}` : '' })}
      </DialogTitle>
      <DialogContent>
        {!detail ? (
          <Typography>{t('screen.loading')}</Typography>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusChip
                color={detail.statusColor}
                reason={detail.statusReason}
                dueSoon={detail.dueSoon}
                validTo={detail.validTo}
              />
              <Typography variant="body2">{t(`reason.${detail.statusReason}`)}</Typography>
              {detail.validTo && (
                <Typography variant="body2">{`${t('screen.validTo')}：${detail.validTo}`}</Typography>
              )}
              <Typography variant="body2">{`${t('equipment.model')}：${detail.model}`}</Typography>
              <Typography variant="body2">{`${t('equipment.location')}：${detail.location}`}</Typography>
              <Typography variant="body2">{`${t('screen.custodian')}：${detail.custodianName}`}</Typography>
            </Stack>
            <Divider />
            <Typography variant="subtitle1">{t('screen.certificates')}</Typography>
            <RefusalAlert refusal={refusal} />
            <RecordsTable
              headers={[
                t('cert.certNo'),
                t('cert.agency'),
                t('cert.calibrationDate'),
                t('cert.validTo'),
                t('cert.result'),
                t('cert.fileId'),
                mayCert && t('screen.actions'),
              ]}
              rows={detail.certificates}
              empty={t('screen.noCertificates')}
            >
              {(c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.certNo}</TableCell>
                  <TableCell>{c.agency}</TableCell>
                  <TableCell>{c.calibrationDate}</TableCell>
                  <TableCell>{c.validTo}</TableCell>
                  <TableCell>{c.result}</TableCell>
                  <TableCell>{c.fileName}</TableCell>
                  {mayCert && (
                    <TableCell>
                      <Button size="small" color="error" onClick={() => void remove(c.id)}>
                        {t('screen.remove')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              )}
            </RecordsTable>
            {mayCert && <CertForm equipmentId={id} onSaved={changed} />}
            <Divider />
            <Typography variant="subtitle1">{t('screen.bookings')}</Typography>
            <UsageList equipmentId={id} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('screen.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
