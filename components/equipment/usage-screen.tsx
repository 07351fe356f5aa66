'use client';

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BookingWeek } from './booking-week';
import { UsageList } from './usage-list';

/** 设备使用预约: every instrument's bookings as a list with their actions, or as a week to book on. */
export function UsageScreen() {
  const t = useTranslations('equipment.screen');
  const [view, setView] = useState<'list' | 'calendar'>('list');
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('usageTitle')}
      </Typography>
      <Tabs value={view} onChange={(_, v: 'list' | 'calendar') => setView(v)} sx={{ mb: 1 }}>
        <Tab value="list" label={t('list')} />
        <Tab value="calendar" label={t('calendar')} />
      </Tabs>
      {view === 'list' ? <UsageList /> : <BookingWeek />}
    </Box>
  );
}
