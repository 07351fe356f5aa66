'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { withAnswered } from '@/components/business/screen-helpers';
import Chip from '@mui/material/Chip';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { flowCardResource } from '@/lib/contracts/acceptance/acceptance';
import { ACCEPTANCE_PATHS, applicationLookup } from './api';
import { FlowCardDialog } from './flow-card-dialog';

const screenDef = withAnswered(flowCardResource, {
  applicationNo: 'acceptance.card.applicationId',
  cardState: 'acceptance.card.cardState',
});

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
        fields={{ applicationId: { kind: 'lookup', wide: true, lookup: applicationLookup } }}
        columns={{
          applicationId: false,
          applicationNo: { sortable: false },
          cardState: {
            sortable: false,
            renderCell: ({ row }) =>
              row.cardState ? <Chip size="small" label={t(`state.${String(row.cardState)}`)} /> : null,
          },
        }}
        order={{ list: ['cardNo', 'cardState', 'applicationNo', 'sampleNo'] }}
        overrides={{ rowActions: [{ label: t('screen.view'), onClick: (row) => setOpen(row.id) }] }}
      />
      {open && <FlowCardDialog id={open} onClose={() => setOpen(null)} onChanged={reload} />}
    </>
  );
}
