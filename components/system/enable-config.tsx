'use client';

import Chip from '@mui/material/Chip';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useSWRConfig } from 'swr';
import type { RowAction } from '@/components/crud/crud-grid';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest, proxied } from '@/lib/client/fetcher';
import type { ResourceDef, RowOf } from '@/lib/contracts/resource';
import { usePermissions } from '@/lib/permissions/use-permissions';

export interface EnableConfigOptions<D extends ResourceDef> {
  /** The configurations' definition: its list's pages are reloaded once a row is enabled. */
  def: D;
  /** The portal path of the enable call (`/api/blade-resource/…/enable`). */
  enablePath: string;
  /** The status value blade/ marks the enabled row with. */
  enabledStatus: number;
  /** The button code that grants the enable call. */
  permissionCode: string;
}

/**
 * The configurations of which one per tenant is enabled at a time (oss, sms): a status column that says enabled or
 * not, and an "enable" row action for the other rows that says success only when blade/ enabled the row.
 */
export function useEnableConfig<D extends ResourceDef>({
  def,
  enablePath,
  enabledStatus,
  permissionCode,
}: EnableConfigOptions<D>): {
  statusColumn: Partial<GridColDef<RowOf<D> & GridValidRowModel>>;
  enableAction: RowAction<RowOf<D> & GridValidRowModel>;
} {
  const tc = useTranslations('system.common');
  const tcrud = useTranslations('crud');
  const notify = useNotify();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const listPath = proxied(def.calls.list);
  const enable = async (id: string) => {
    try {
      await bladeRequest(enablePath, { method: 'POST', params: { id } });
    } catch (error) {
      // A refusal (e.g. a category blade/ does not speak) was already shown by the fetcher; nothing says success.
      if (error instanceof BladeError) return;
      throw error;
    }
    notify(tcrud('success'), 'success');
    await mutate((key) => Array.isArray(key) && key[0] === listPath);
  };
  return {
    statusColumn: {
      renderCell: ({ row }) =>
        row.status === enabledStatus ? (
          <Chip size="small" color="success" label={tc('enabled')} />
        ) : (
          <Chip size="small" label={tc('disabled')} />
        ),
    },
    enableAction: {
      label: tc('enable'),
      hidden: (row) => row.status === enabledStatus || !can(permissionCode),
      onClick: (row) => void enable(row.id),
    },
  };
}
