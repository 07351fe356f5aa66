'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { UsageList } from './usage-list';

/** 设备使用预约: every instrument's bookings with their actions. */
export function UsageScreen() {
  const t = useTranslations('equipment.screen');
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('usageTitle')}
      </Typography>
      <UsageList />
    </Box>
  );
}
