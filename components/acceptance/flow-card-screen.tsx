'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { withAnswered } from '@/components/business/screen-helpers';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { flowCardResource } from '@/lib/contracts/acceptance/acceptance';
import { ACCEPTANCE_PATHS } from './api';
import { FlowCardDialog } from './flow-card-dialog';

const screenDef = withAnswered(flowCardResource, { applicationNo: 'acceptance.card.applicationId' });

/** 检测流转卡: the cards (CRUD from the definition) and, from a row, its test items, reports and coverage. */
export function FlowCardScreen() {
  const t = useTranslations('acceptance');
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState<string | null>(null);
  const reload = () => void mutate((key) => Array.isArray(key) && key[0] === ACCEPTANCE_PATHS.cardPage);
  return (
    <>
      <ResourceScreen
        def={screenDef}
        columns={{ applicationId: false, applicationNo: { sortable: false } }}
        order={{ list: ['cardNo', 'applicationNo', 'sampleNo'] }}
        overrides={{ rowActions: [{ label: t('screen.view'), onClick: (row) => setOpen(row.id) }] }}
      />
      {open && <FlowCardDialog id={open} onClose={() => setOpen(null)} onChanged={reload} />}
    </>
  );
}
