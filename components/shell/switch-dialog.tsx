'use client';

import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';
import { hardNavigate } from '@/lib/client/navigation';
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
  const [deptId, setDeptId] = useState<string | null>(null);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ dept?: string; role?: string }>({});
  const [busy, setBusy] = useState(false);
  const dept = deptId ?? single(currentDept);
  const role = roleId ?? single(currentRole);

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
        <DialogActions>
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {tc('confirm')}
          </Button>
        </DialogActions>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('dept')}
          value={depts?.some((d) => d.id === dept) ? dept : ''}
          onChange={(e) => {
            setDeptId(e.target.value);
            setErrors((x) => ({ ...x, dept: undefined }));
          }}
          error={!!errors.dept}
          helperText={errors.dept ?? ' '}
        >
          {(depts ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.deptName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('role')}
          value={roles?.some((r) => r.id === role) ? role : ''}
          onChange={(e) => {
            setRoleId(e.target.value);
            setErrors((x) => ({ ...x, role: undefined }));
          }}
          error={!!errors.role}
          helperText={errors.role ?? ' '}
        >
          {(roles ?? []).map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.roleName}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </PortalDialog>
  );
}
