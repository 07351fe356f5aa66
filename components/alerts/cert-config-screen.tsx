'use client';

import Chip from '@mui/material/Chip';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { ALERT_CODES, CERT_CONFIG_CALLS, certConfigResource } from '@/lib/contracts/alerts/alerts';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';

const LIST_PATH = proxied(certConfigResource.calls.list);

/**
 * 证书到期提醒: the configurations (lead days, channels) with add and edit from the definition; delete and
 * enable/disable are the spec's GET calls by id (the generic delete posts `ids`), each confirmed or announced.
 */
export function CertConfigScreen() {
  const t = useTranslations('alerts.config');
  const tc = useTranslations('crud');
  const tCommon = useTranslations('common');
  const { mutate } = useSWRConfig();
  const { can } = usePermissions();
  const confirm = useConfirm();
  const notify = useNotify();
  const reload = () => mutate((key) => Array.isArray(key) && key[0] === LIST_PATH);
  const callById = async (path: string, id: string) => {
    try {
      await bladeRequest(`/api${path}`, { method: 'GET', params: { id } });
      return true;
    } catch {
      // The fetcher has shown the server's words.
      return false;
    }
  };
  return (
    <ResourceScreen
      def={certConfigResource}
      fields={{ leadDays: { placeholder: t('leadDaysHelp'), wide: true } }}
      columns={{
        // The channels in words, not as the stored 1/0.
        ...Object.fromEntries(
          (['notifyPortal', 'notifySms', 'notifyEmail'] as const).map((name) => [
            name,
            { valueFormatter: (value: unknown) => (Number(value) === 1 ? tc('yes') : tc('no')) },
          ]),
        ),
        enabled: {
          renderCell: ({ row }) => (
            <Chip
              size="small"
              color={row.enabled === 1 ? 'success' : 'default'}
              label={row.enabled === 1 ? t('enabledState') : t('disabledState')}
            />
          ),
        },
      }}
      overrides={{
        api: {
          list: LIST_PATH,
          listMethod: 'GET',
          submit: proxied(certConfigResource.calls.submit),
        },
        rowActions: [
          {
            label: t('toggle'),
            hidden: !can(ALERT_CODES.certStatus),
            onClick: (row) =>
              void (async () => {
                if (await callById(CERT_CONFIG_CALLS.status.path, String(row.id))) {
                  notify(tCommon('success'), 'success');
                  await reload();
                }
              })(),
          },
          {
            label: tc('delete'),
            color: 'error',
            hidden: !can(ALERT_CODES.certRemove),
            onClick: (row) =>
              void (async () => {
                if (!(await confirm(t('confirmDelete')))) return;
                if (await callById(CERT_CONFIG_CALLS.remove.path, String(row.id))) {
                  notify(tc('deleted'), 'success');
                  await reload();
                }
              })(),
          },
        ],
      }}
    />
  );
}
