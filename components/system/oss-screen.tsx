'use client';

import { proxied } from '@/lib/client/fetcher';
import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption } from '@/components/crud/types';
import {
  OSS_CATEGORY_NAMES,
  OSS_ENABLED,
  ossEnable,
  ossResource,
  OSS_SPOKEN_CATEGORIES,
} from '@/lib/contracts/system/oss';
import { useEnableConfig } from './enable-config';

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
  const { statusColumn, enableAction } = useEnableConfig({
    def: ossResource,
    enablePath: proxied(ossEnable.call),
    enabledStatus: OSS_ENABLED,
    permissionCode: 'oss_enable',
  });
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
        status: statusColumn,
      }}
      overrides={{
        rowActions: [enableAction],
      }}
    />
  );
}
