'use client';

import Button from '@mui/material/Button';
import { useLocale, useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { ACCEPTANCE_CODES, testItemResource } from '@/lib/contracts/acceptance/acceptance';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { openExport } from './api';

/**
 * 检测项目: the dictionary (CRUD from its definition) and 导出, which opens the workbook in a new window with a
 * single-use export key (never the session) in its URL.
 */
export function TestItemScreen() {
  const t = useTranslations('acceptance');
  const locale = useLocale();
  const { can } = usePermissions();
  return (
    <ResourceScreen
      def={testItemResource}
      columns={{
        accredited: {
          valueFormatter: (value) =>
            Number(value) === 1 ? t('screen.accredited') : t('screen.notAccredited'),
        },
      }}
      overrides={{
        toolbarExtra: () =>
          can(ACCEPTANCE_CODES.itemsExport) ? (
            <Button
              variant="outlined"
              onClick={() => void openExport('testItems', locale).catch(() => undefined)}
            >
              {t('screen.export')}
            </Button>
          ) : null,
      }}
    />
  );
}
