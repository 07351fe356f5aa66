'use client';

import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { DashboardFigures } from '@/lib/contracts/dashboard/figures';
import { STATUS_COLORS } from '@/lib/contracts/equipment/equipment';
import { formatMoney } from '@/lib/shared/money';

function Figure({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1, height: '100%' }} data-figure={id}>
      <Typography component="h2" variant="subtitle1" sx={{ px: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The institute's figures as charts (loaded on /wel/dashboard only, so the chart library stays out of other pages).
 * Charts draw numbers; the money table under them shows blade/'s exact decimal texts.
 */
export default function DashboardCharts({ figures }: { figures: DashboardFigures }) {
  const t = useTranslations('shell.dashboard');
  const tState = useTranslations('application.state');
  const tColour = useTranslations('equipment.color');
  const theme = useTheme();
  const monthLabel = (m: string) => t('month', { year: m.slice(0, 4), month: Number(m.slice(5)) });
  const months = figures.receiptsPerMonth.map((m) => monthLabel(m.month));
  const colourOf = {
    green: theme.palette.success.main,
    yellow: theme.palette.warning.main,
    red: theme.palette.error.main,
  };
  const money = (v: number | null) => (v === null ? '' : formatMoney(v.toFixed(2)));
  // An axis of only zeros has no extent: give it one so its ticks read 0, 1… and not 0.000000.
  const noCertificates = figures.certificatesPerMonth.every((m) => m.count === 0);
  const noMoney = figures.receiptsPerMonth.every((m) => Number(m.received) === 0 && Number(m.planned) === 0);
  const instruments = STATUS_COLORS.reduce((sum, c) => sum + figures.equipmentByColour[c], 0);
  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Figure id="applicationsByState" title={t('applicationsByState')}>
          {figures.applicationsByState.length ? (
            <BarChart
              height={300}
              layout="horizontal"
              // Tall enough for its tick labels (at the default height they are left out); each bar says its count.
              xAxis={[{ min: 0, tickMinStep: 1, height: 'auto' }]}
              yAxis={[
                {
                  scaleType: 'band',
                  data: figures.applicationsByState.map((s) => tState(s.state)),
                  width: 100,
                },
              ]}
              series={[
                {
                  label: t('applications'),
                  data: figures.applicationsByState.map((s) => s.count),
                  barLabel: 'value',
                },
              ]}
            />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('none')}
            </Typography>
          )}
        </Figure>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Figure id="equipmentByColour" title={t('equipmentByColour')}>
          <PieChart
            height={300}
            series={[
              {
                innerRadius: 40,
                data: STATUS_COLORS.map((c, i) => ({
                  id: i,
                  value: figures.equipmentByColour[c],
                  label: `${tColour(c)} ${figures.equipmentByColour[c]}`,
                  color: colourOf[c],
                })),
              },
            ]}
          />
          {instruments === 0 && (
            <Typography color="text.secondary" sx={{ px: 1 }}>
              {t('none')}
            </Typography>
          )}
        </Figure>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Figure id="certificatesPerMonth" title={t('certificatesPerMonth')}>
          <LineChart
            height={300}
            xAxis={[{ scaleType: 'point', data: months, height: 'auto' }]}
            yAxis={[{ min: 0, tickMinStep: 1, ...(noCertificates ? { max: 1 } : {}) }]}
            // Counts per month: straight segments (the default smooth curve draws values between months that never were).
            series={[
              {
                label: t('certificates'),
                data: figures.certificatesPerMonth.map((m) => m.count),
                curve: 'linear',
              },
            ]}
          />
        </Figure>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <Figure id="receiptsPerMonth" title={t('receiptsPerMonth')}>
          <BarChart
            height={300}
            xAxis={[{ scaleType: 'band', data: months, height: 'auto' }]}
            yAxis={[{ width: 80, min: 0, ...(noMoney ? { max: 1 } : {}) }]}
            series={[
              {
                label: t('planned'),
                color: theme.palette.primary.light,
                data: figures.receiptsPerMonth.map((m) => Number(m.planned)),
                valueFormatter: money,
              },
              {
                label: t('received'),
                color: theme.palette.primary.main,
                data: figures.receiptsPerMonth.map((m) => Number(m.received)),
                valueFormatter: money,
              },
            ]}
          />
          <Table size="small" aria-label={t('receiptsPerMonth')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('monthColumn')}</TableCell>
                <TableCell align="right">{t('planned')}</TableCell>
                <TableCell align="right">{t('received')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {figures.receiptsPerMonth.map((m) => (
                <TableRow key={m.month}>
                  <TableCell>{monthLabel(m.month)}</TableCell>
                  <TableCell align="right">{formatMoney(m.planned)}</TableCell>
                  <TableCell align="right">{formatMoney(m.received)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Figure>
      </Grid>
    </Grid>
  );
}
