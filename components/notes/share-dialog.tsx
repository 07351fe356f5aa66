'use client';

import Close from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/crud/select-field';
import { useEffect, useState } from 'react';
import { AUTHORITIES, type Authority, type NoteAuthVO, type ShareTarget } from '@/lib/contracts/notes/notes';
import { queryAuth, shareUsers, updateAuth, type ShareUser } from './api';

/**
 * Whom a note is shared with: users (found through the share list, my/page) and departments, each read or edit.
 * Saving sends the whole list; what is left out is no longer shared.
 */
export function ShareDialog({
  noteId,
  name,
  onClose,
}: {
  noteId: string;
  name: string;
  onClose: () => void;
}) {
  const t = useTranslations('notes');
  const [shares, setShares] = useState<NoteAuthVO[] | null>(null);
  const [departments, setDepartments] = useState<{ id: string; name: string }[]>([]);
  const [kind, setKind] = useState<ShareTarget>('user');
  const [search, setSearch] = useState('');
  const [users, setUsers] = useState<ShareUser[]>([]);
  const [authority, setAuthority] = useState<Authority>('read');
  const authorities = AUTHORITIES.map((a) => ({ value: a, label: t(`authority.${a}`) }));

  useEffect(() => {
    queryAuth(noteId).then(
      (a) => {
        setShares(a.shares);
        setDepartments(a.departments);
      },
      () => onClose(),
    );
  }, [noteId, onClose]);
  useEffect(() => {
    if (kind !== 'user') return;
    const timer = setTimeout(() => {
      shareUsers(search.trim()).then(setUsers, () => setUsers([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [kind, search]);

  const add = (targetId: string, targetName: string) => {
    setShares((prev) => [
      ...(prev ?? []).filter((s) => !(s.targetType === kind && s.targetId === targetId)),
      { targetType: kind, targetId, targetName, authority },
    ]);
  };
  const save = async () => {
    try {
      await updateAuth(
        noteId,
        (shares ?? []).map(({ targetType, targetId, authority: a }) => ({
          targetType,
          targetId,
          authority: a,
        })),
      );
      onClose();
    } catch {
      // The fetcher's toast has said why; the dialog stays for another try.
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('shareTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <SelectField
            label={t('targetType')}
            value={kind}
            onChange={setKind}
            sx={{ width: 110 }}
            options={[
              { value: 'user', label: t('targetUser') },
              { value: 'dept', label: t('targetDept') },
            ]}
          />
          {kind === 'user' ? (
            <Autocomplete
              sx={{ flex: 1 }}
              size="small"
              options={users}
              filterOptions={(o) => o}
              getOptionLabel={(u) => `${u.realName || u.name || u.account} (${u.account})`}
              inputValue={search}
              onInputChange={(_, v, reason) => reason === 'input' && setSearch(v)}
              onChange={(_, u) => u && add(String(u.id), u.realName || u.name || u.account)}
              renderInput={(params) => <TextField {...params} label={t('target')} />}
            />
          ) : (
            <Autocomplete
              sx={{ flex: 1 }}
              size="small"
              options={departments}
              getOptionLabel={(d) => d.name}
              onChange={(_, d) => d && add(d.id, d.name)}
              renderInput={(params) => <TextField {...params} label={t('target')} />}
            />
          )}
          <SelectField
            label={t('authorityLabel')}
            value={authority}
            onChange={setAuthority}
            sx={{ width: 100 }}
            options={authorities}
          />
        </Stack>
        <Stack sx={{ mt: 2 }} spacing={0.5} data-testid="share-list">
          {shares?.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('noShares')}
            </Typography>
          )}
          {shares?.map((s) => (
            <Stack
              key={`${s.targetType}:${s.targetId}`}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
            >
              <Typography sx={{ flex: 1 }}>
                {s.targetType === 'user' ? t('targetUser') : t('targetDept')}：{s.targetName}
              </Typography>
              <SelectField
                sx={{ width: 110 }}
                value={s.authority}
                aria-label={t('authorityLabel')}
                onChange={(next) =>
                  setShares((prev) => (prev ?? []).map((p) => (p === s ? { ...p, authority: next } : p)))
                }
                options={authorities}
              />
              <IconButton
                aria-label={`${t('remove')} ${s.targetName}`}
                onClick={() => setShares((prev) => (prev ?? []).filter((p) => p !== s))}
              >
                <Close fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!shares}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
