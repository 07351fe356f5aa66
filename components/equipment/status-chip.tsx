'use client';

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import type { StatusColor, StatusReason } from '@/lib/contracts/equipment/equipment';

const CHIP_COLOR = { green: 'success', yellow: 'warning', red: 'error' } as const;

/**
 * The three-colour label (green 合格, yellow 准用, red 停用) as a chip that says it in words too — never colour alone —
 * with the reason as its tooltip and a second chip when the certificate runs out within 30 days.
 */
export function StatusChip({
  color,
  reason,
  dueSoon,
  validTo,
}: {
  color: StatusColor;
  reason: StatusReason;
  dueSoon: boolean;
  validTo?: string;
}) {
  const t = useTranslations('equipment');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        color={CHIP_COLOR[color]}
        label={t(`color.${color}`)}
        title={t(`reason.${reason}`)}
        data-status={color}
      />
      {dueSoon && (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={t('screen.dueSoon')}
          title={validTo ? `${t('screen.validTo')} ${validTo}` : undefined}
        />
      )}
    </Stack>
  );
}
