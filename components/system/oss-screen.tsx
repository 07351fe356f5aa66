'use client';

import Chip from '@mui/material/Chip';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption } from '@/components/crud/types';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import {
  OSS_CATEGORY_NAMES,
  OSS_ENABLED,
  ossEnable,
  ossResource,
  OSS_SPOKEN_CATEGORIES,
} from '@/lib/contracts/system/oss';
import { usePermissions } from '@/lib/permissions/use-permissions';

/** Only the categories the files module speaks are offered (blade/ refuses the others). */
const CATEGORY_OPTIONS: FieldOption[] = OSS_SPOKEN_CATEGORIES.map((value) => ({
  value,
  label: OSS_CATEGORY_NAMES[value],
}));

/**
 * Object storage configurations: one per tenant is enabled at a time (`oss/enable`), and the files module stores the
 * tenant's new uploads there. The secret key is write-only: empty on edit keeps the stored one.
 */
export function OssScreen() {
  const t = useTranslations('system.oss');
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const listPath = `/api${ossResource.calls.list.path}`;
  const enable = async (id: string) => {
    try {
      await bladeRequest(`/api${ossEnable.call.path}`, { method: 'POST', params: { id } });
    } catch (error) {
      // A refusal (e.g. a category blade/ does not speak) was already shown by the fetcher; nothing says success.
      if (error instanceof BladeError) return;
      throw error;
    }
    notify(tcrud('success'), 'success');
    await mutate((key) => Array.isArray(key) && key[0] === listPath);
  };
  return (
    <ResourceScreen
      def={ossResource}
      viewCode="oss_view"
      fields={{
        category: { kind: 'select', options: CATEGORY_OPTIONS },
        endpoint: { wide: true },
        transformEndpoint: { wide: true },
        secretKey: { placeholder: t('secretHint'), hiddenIn: ['view'] },
      }}
      columns={{
        // A row saved before the other vendors were refused still shows its vendor's name.
        category: { valueGetter: (value: number) => OSS_CATEGORY_NAMES[value] ?? value },
        status: {
          renderCell: ({ row }) =>
            row.status === OSS_ENABLED ? (
              <Chip size="small" color="success" label={tc('enabled')} />
            ) : (
              <Chip size="small" label={tc('disabled')} />
            ),
        },
      }}
      overrides={{
        rowActions: [
          {
            label: tc('enable'),
            hidden: (row) => row.status === OSS_ENABLED || !can('oss_enable'),
            onClick: (row) => void enable(row.id),
          },
        ],
      }}
    />
  );
}
