'use client';

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/crud/select-field';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import type { FieldOption } from '@/components/crud/types';
import { useDictionaries } from '@/components/crud/use-dictionaries';
import { proxied } from '@/lib/client/fetcher';
import { costPlanStatisticsProject, costPlanStatisticsSys } from '@/lib/contracts/business/cost';
import { formatMoney } from '@/lib/shared/money';
import { dictLabel } from './screen-helpers';

/** One month of the plan; amounts are decimal text as blade/ sums them. */
export interface PlanMonth {
  /** yyyy-MM */
  month: string;
  incomePlanned: string;
  incomeActual: string;
  outlayPlanned: string;
  outlayActual: string;
}

export interface PlanCostType {
  costType: string;
  planAmount: string;
  actualAmount: string;
  variance: string;
}

export interface FinancePlanAnswer {
  year: number | string;
  months: PlanMonth[];
  costTypes: PlanCostType[];
}

const COST_TYPE = [{ dict: 'cost_type', numeric: false }];
const SERIES = ['incomePlanned', 'incomeActual', 'outlayPlanned', 'outlayActual'] as const;
/** Over budget: plan − actual below zero (decimal text, so read by its sign, not by a float). */
const overBudget = (variance: string) => {
  const text = String(variance ?? '').trim();
  return text.startsWith('-') && /[1-9]/.test(text);
};

/**
 * The finance plan (财务计划) of a year: of every project the caller reaches, or of one. Month by month, income
 * planned (batches by their planned day) against actual (receipts) and outlay planned (cost plans) against actual
 * (payments), as a chart and a table; per cost type, plan against actual with the variance, over budget in red.
 */
export function FinancePlan({ projects }: { projects: FieldOption[] }) {
  const t = useTranslations('financeScreens');
  const theme = useTheme();
  // Planned light, actual full: income in the primary colour, outlay in the warning one.
  const colours: Record<(typeof SERIES)[number], string> = {
    incomePlanned: theme.palette.primary.light,
    incomeActual: theme.palette.primary.main,
    outlayPlanned: theme.palette.warning.light,
    outlayActual: theme.palette.warning.main,
  };
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [projectId, setProjectId] = useState('');
  const { cost_type: costTypes } = useDictionaries(COST_TYPE);
  const years = useMemo(() => Array.from({ length: 11 }, (_, i) => thisYear + 1 - i), [thisYear]);
  const path = proxied(projectId ? costPlanStatisticsProject.call : costPlanStatisticsSys.call);
  const { data, isLoading } = useSWR<FinancePlanAnswer>(
    [path, projectId ? { year, projectId } : { year }, 'POST'],
    { revalidateOnFocus: false },
  );
  const months = data?.months ?? [];
  const monthLabel = (m: PlanMonth['month']) => t('month', { month: Number(m.slice(5)) });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectField
          label={t('year')}
          value={String(year)}
          onChange={(next) => setYear(Number(next))}
          sx={{ width: 140 }}
          options={years.map((y) => ({ value: String(y), label: y }))}
        />
        <SelectField
          label={t('project')}
          value={projectId}
          onChange={setProjectId}
          sx={{ minWidth: 240 }}
          emptyOption={t('allProjects')}
          options={projects.map((p) => ({ value: String(p.value), label: p.label }))}
        />
      </Box>
      {isLoading && <Typography color="text.secondary">{t('loading')}</Typography>}
      {data && (
        <>
          <Paper variant="outlined" sx={{ p: 1 }}>
            <Typography variant="subtitle1" sx={{ px: 1 }}>
              {t('chartTitle', { year: String(data.year) })}
            </Typography>
            <BarChart
              height={320}
              // Tall enough for the month names: at the default 25 px they do not fit and are left out.
              xAxis={[{ scaleType: 'band', data: months.map((m) => monthLabel(m.month)), height: 'auto' }]}
              yAxis={[{ width: 80 }]}
              // Numbers only for drawing; the tables below show blade/'s exact texts.
              series={SERIES.map((key) => ({
                label: t(key),
                color: colours[key],
                data: months.map((m) => Number(m[key]) || 0),
                valueFormatter: (v: number | null) => (v === null ? '' : formatMoney(v.toFixed(2))),
              }))}
            />
          </Paper>
          <Table size="small" aria-label={t('monthsTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('monthColumn')}</TableCell>
                {SERIES.map((key) => (
                  <TableCell key={key} align="right">
                    {t(key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((m) => (
                <TableRow key={String(m.month)}>
                  <TableCell>{monthLabel(m.month)}</TableCell>
                  {SERIES.map((key) => (
                    <TableCell key={key} align="right">
                      {formatMoney(m[key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="subtitle1">{t('costTypesTitle')}</Typography>
          {data.costTypes.length === 0 ? (
            <Typography color="text.secondary">{t('noCostTypes')}</Typography>
          ) : (
            <Table size="small" aria-label={t('costTypesTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('costType')}</TableCell>
                  <TableCell align="right">{t('planAmount')}</TableCell>
                  <TableCell align="right">{t('actualAmount')}</TableCell>
                  <TableCell align="right">{t('variance')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.costTypes.map((c) => {
                  const over = overBudget(c.variance);
                  return (
                    <TableRow key={c.costType} data-over-budget={over || undefined}>
                      <TableCell>{dictLabel(costTypes, c.costType)}</TableCell>
                      <TableCell align="right">{formatMoney(c.planAmount)}</TableCell>
                      <TableCell align="right">{formatMoney(c.actualAmount)}</TableCell>
                      <TableCell
                        align="right"
                        sx={over ? { color: 'error.main', fontWeight: 600 } : undefined}
                        title={over ? t('overBudget') : undefined}
                      >
                        {formatMoney(c.variance)}
                        {over && (
                          <Typography component="span" variant="caption" sx={{ ml: 1 }}>
                            {t('overBudget')}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Box>
  );
}
