'use client';

import { proxied } from '@/lib/client/fetcher';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import { costPlanResource } from '@/lib/contracts/business/cost';
import { projectResource } from '@/lib/contracts/business/project';
import { useBusinessRows, useProjectLookup } from './business-data';
import { FinancePlan } from './finance-plan';
import { optionsOf, withAnswered } from './screen-helpers';

const planScreen = withAnswered(costPlanResource, { projectName: 'business.costPlan.projectId' });
type Project = RowOf<typeof projectResource>;

/**
 * Cost plans (成本计划, /administration/costPlan): one budget line per project, cost type and month; beside them, on a
 * second tab, the finance plan those lines feed (planned against actual, month by month).
 */
export function CostPlanScreen() {
  const t = useTranslations('financeScreens');
  const fieldLabel = useTranslations('business.costPlan');
  const [tab, setTab] = useState<'plans' | 'finance'>('plans');
  const { rows: projects } = useBusinessRows<Project>(proxied(projectResource.calls.list));
  const projectOptions = useMemo(() => optionsOf(projects, (p) => p.projectName), [projects]);
  const projectLookup = useProjectLookup();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, next: 'plans' | 'finance') => setTab(next)}>
        <Tab value="plans" label={t('plansTab')} />
        <Tab value="finance" label={t('financeTab')} />
      </Tabs>
      {tab === 'plans' ? (
        <ResourceScreen
          def={planScreen}
          fields={{
            projectId: { kind: 'lookup', lookup: projectLookup, readOnlyIn: ['edit'] },
            // A month picker that sends yyyy-MM, the definition's pattern (also the search bar's filter).
            planMonth: {
              kind: 'custom',
              render: ({ value, onChange, onBlur, error, disabled }) => (
                <TextField
                  size="small"
                  fullWidth
                  type="month"
                  label={fieldLabel('planMonth')}
                  disabled={disabled}
                  error={!!error}
                  helperText={error ?? ' '}
                  slotProps={{ inputLabel: { shrink: true } }}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(e) => onChange(e.target.value)}
                  onBlur={onBlur}
                />
              ),
            },
          }}
          columns={{ projectName: { sortable: false } }}
          order={{ form: ['projectId'], list: ['projectName'] }}
        />
      ) : (
        <FinancePlan projects={projectOptions} />
      )}
    </Box>
  );
}
