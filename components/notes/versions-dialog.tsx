'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { NoteContentVO, NoteVersionsAnswer } from '@/lib/contracts/notes/notes';
import { BladeError } from '@/lib/client/fetcher';
import * as calls from './api';

/**
 * 历史版本: the note's kept earlier contents, newest first. Picking one shows it (read only); restoring makes it the
 * note's content as a new version (the current content is kept in turn). A restore from a version the server has
 * moved past is refused like a stale save: the screen then offers to reload.
 */
export function VersionsDialog({
  note,
  canRestore,
  onClose,
  onRestored,
  onStale,
}: {
  note: NoteContentVO;
  canRestore: boolean;
  onClose: () => void;
  onRestored: (restored: NoteContentVO, from: number) => void;
  onStale: () => void;
}) {
  const t = useTranslations('notes');
  const [answer, setAnswer] = useState<NoteVersionsAnswer | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    calls.loadVersions(note.id).then(setAnswer, () => setAnswer({ current: note.version, versions: [] }));
  }, [note.id, note.version]);

  const shown = answer?.versions.find((v) => v.version === picked);
  const restore = async () => {
    if (!shown) return;
    setBusy(true);
    try {
      onRestored(await calls.restoreVersion(note.id, shown.version, note.version), shown.version);
    } catch (e) {
      // The fetcher's toast has said why; a stale base is the screen's to resolve (reload).
      if (e instanceof BladeError && e.code === calls.STALE_VERSION) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('historyTitle', { name: note.name })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ width: 280, flexShrink: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {t('currentVersion', { version: note.version })}
          </Typography>
          {answer && answer.versions.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 1 }}>
              {t('noVersions')}
            </Typography>
          )}
          <List dense aria-label={t('history')}>
            {answer?.versions.map((v) => (
              <ListItemButton
                key={v.version}
                selected={v.version === picked}
                onClick={() => setPicked(v.version)}
              >
                <ListItemText
                  primary={t('versionLine', {
                    version: v.version,
                    writer: v.writerName || '—',
                    time: v.writtenAt,
                  })}
                  secondary={v.name}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {shown && (
            <>
              {canRestore && (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {t('restoreConfirm', { version: shown.version })}
                </Alert>
              )}
              <Box
                className="note-content"
                data-testid="version-content"
                sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 200 }}
                // Kept as the server sanitised it when it was saved (blade/modules/notes/sanitize.ts).
                dangerouslySetInnerHTML={{ __html: shown.content }}
              />
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {canRestore && (
          <Button variant="contained" disabled={!shown || busy} onClick={restore}>
            {t('restore')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
