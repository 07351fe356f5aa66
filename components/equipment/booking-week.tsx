'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { useLoaded } from '@/components/crud/use-loaded';
import { EQUIPMENT_CODES, type UsageState } from '@/lib/contracts/equipment/equipment';
import { localDay } from '@/lib/contracts/equipment/status';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { equipmentOptions, usageList } from './api';
import { BookingForm, type EquipmentOption } from './booking-form';

/** Monday 00:00 (local) of the week holding `d`. */
export function weekStart(d: Date): Date {
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start;
}

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const stamp = (d: Date) => `${localDay(d)} 00:00:00`;

const STATE_BG: Record<UsageState, string> = {
  requested: 'info.light',
  in_use: 'success.light',
  ended: 'grey.200',
  exception_ended: 'error.light',
  cancelled: 'grey.100',
};

/**
 * The bookings as a week (Monday to Sunday): each day its bookings in time order, in words (time, instrument, user,
 * state). A day today or later offers a booking on it (09:00–10:00 to start with), by the add button. The week's
 * bookings come from `equipmentUsage/list` with the week as its window.
 */
export function BookingWeek({ equipmentId, today = new Date() }: { equipmentId?: string; today?: Date }) {
  const t = useTranslations('equipment');
  const locale = useLocale();
  const { can } = usePermissions();
  const [monday, setMonday] = useState(() => weekStart(today));
  const [equipment, setEquipment] = useState<EquipmentOption[]>([]);
  const [booking, setBooking] = useState<string | null>(null);
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(monday, i)), [monday]);
  const todayText = localDay(today);

  const loadWeek = useCallback(
    async () =>
      (await usageList({ from: stamp(monday), to: stamp(addDays(monday, 7)), equipmentId, size: 500 }))
        .records,
    [monday, equipmentId],
  );
  const { data: rows, reload } = useLoaded(loadWeek, () => []);

  const dayName = new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { weekday: 'short' });
  const onDay = (day: Date) => {
    const text = localDay(day);
    // Answers' times are `yyyy-MM-dd HH:mm:ss`: a booking is on the day if it touches any of it.
    return (rows ?? []).filter((r) => r.startTime.slice(0, 10) <= text && r.endTime.slice(0, 10) >= text);
  };
  const book = async (day: Date) => {
    if (equipment.length === 0) setEquipment(await equipmentOptions().catch(() => []));
    setBooking(localDay(day));
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <IconButton aria-label={t('screen.prevWeek')} onClick={() => setMonday(addDays(monday, -7))}>
          ‹
        </IconButton>
        <Button size="small" onClick={() => setMonday(weekStart(today))}>
          {t('screen.thisWeek')}
        </Button>
        <IconButton aria-label={t('screen.nextWeek')} onClick={() => setMonday(addDays(monday, 7))}>
          ›
        </IconButton>
        <Typography variant="subtitle2">
          {t('screen.week', { from: localDay(monday), to: localDay(addDays(monday, 6)) })}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 1 }}>
        {days.map((day) => {
          const text = localDay(day);
          const mayBook = can(EQUIPMENT_CODES.usageAdd) && text >= todayText;
          return (
            <Paper
              key={text}
              variant="outlined"
              data-day={text}
              sx={{ p: 1, minHeight: 160, bgcolor: text === todayText ? 'action.hover' : undefined }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="caption">{`${text.slice(5)} ${dayName.format(day)}`}</Typography>
                {mayBook && (
                  <IconButton
                    size="small"
                    aria-label={t('screen.bookOn', { day: text })}
                    onClick={() => void book(day)}
                  >
                    +
                  </IconButton>
                )}
              </Stack>
              <Stack spacing={0.5}>
                {onDay(day).map((r) => (
                  <Box
                    key={r.id}
                    sx={{ bgcolor: STATE_BG[r.usageState], borderRadius: 1, px: 0.5, py: 0.25 }}
                    title={r.purpose}
                  >
                    <Typography variant="caption" component="div">
                      {`${r.startTime.slice(5, 16)}–${r.endTime.slice(5, 16)}`}
                    </Typography>
                    <Typography variant="caption" component="div">
                      {`${equipmentId ? '' : `${r.assetNo} `}${r.userName} · ${t(`state.${r.usageState}`)}`}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Box>
      {booking && (
        <BookingForm
          equipment={equipment}
          fixedEquipmentId={equipmentId}
          initial={{ start: `${booking}T09:00`, end: `${booking}T10:00` }}
          onClose={() => setBooking(null)}
          onSaved={() => {
            setBooking(null);
            reload();
          }}
        />
      )}
    </Box>
  );
}
