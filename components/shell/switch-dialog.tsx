'use client';

import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
import { DialogButtons } from '@/components/crud/form-dialog';
import { SelectField } from '@/components/crud/select-field';
import { PortalDialog } from './portal-dialog';

interface DeptOption {
  id: string;
  deptName: string;
}
interface RoleOption {
  id: string;
  roleName: string;
}

/**
 * Department and role switch (spec 000 §2): lists from dept/select and role/select for the user; the portal logs in
 * again with Dept-Id/Role-Id (new session id) and the user lands on /.
 */
export function SwitchDialog({
  open,
  onClose,
  userId,
  currentDept,
  currentRole,
}: {
  open: boolean;
  onClose: () => void;
  userId: string | undefined;
  currentDept?: string;
  currentRole?: string;
}) {
  const t = useTranslations('shell.switch');
  const tc = useTranslations('common');
  const ready = open && userId;
  const { data: depts } = useSWR<DeptOption[]>(ready ? ['/api/blade-system/dept/select', { userId }] : null);
  const { data: roles } = useSWR<RoleOption[]>(ready ? ['/api/blade-system/role/select', { userId }] : null);
  // A user holding one dept (role) has it pre-selected; several mean an explicit choice.
  const single = (v?: string) => (v && !v.includes(',') ? v : '');
  const [chosen, setChosen] = useState<{ dept?: string; role?: string }>({});
  const [errors, setErrors] = useState<{ dept?: string; role?: string }>({});
  const [busy, setBusy] = useState(false);
  const dept = chosen.dept ?? single(currentDept);
  const role = chosen.role ?? single(currentRole);
  const choose = (key: 'dept' | 'role') => (id: string) => {
    setChosen((x) => ({ ...x, [key]: id }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  const submit = async () => {
    const next = { dept: dept ? undefined : t('deptRequired'), role: role ? undefined : t('roleRequired') };
    setErrors(next);
    if (next.dept || next.role) return;
    setBusy(true);
    try {
      await bladeRequest('/api/portal/switch', { method: 'POST', body: { deptId: dept, roleId: role } });
      hardNavigate('/');
    } catch {
      setBusy(false);
    }
  };

  return (
    <PortalDialog
      open={open}
      onClose={onClose}
      title={t('title')}
      width={480}
      data-testid="switch-dialog"
      actions={
        <DialogButtons
          onClose={onClose}
          onSubmit={() => void submit()}
          submitting={busy}
          submitLabel={tc('confirm')}
        />
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <PickField
          label={t('dept')}
          value={dept}
          options={(depts ?? []).map((d) => ({ id: d.id, name: d.deptName }))}
          error={errors.dept}
          onPick={choose('dept')}
        />
        <PickField
          label={t('role')}
          value={role}
          options={(roles ?? []).map((r) => ({ id: r.id, name: r.roleName }))}
          error={errors.role}
          onPick={choose('role')}
        />
      </Stack>
    </PortalDialog>
  );
}

/** A select of the user's departments or roles; a value not (yet) among the options shows as none picked. */
function PickField({
  label,
  value,
  options,
  error,
  onPick,
}: {
  label: string;
  value: string;
  options: { id: string; name: string }[];
  error: string | undefined;
  onPick: (id: string) => void;
}) {
  return (
    <SelectField
      label={label}
      value={options.some((o) => o.id === value) ? value : ''}
      onChange={onPick}
      error={!!error}
      helperText={error ?? ' '}
      options={options.map((o) => ({ value: o.id, label: o.name }))}
    />
  );
}
