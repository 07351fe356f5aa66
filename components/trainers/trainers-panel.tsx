'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { BladeError } from '@/lib/client/fetcher';
import type { TrainerVO } from '@/lib/contracts/application/trainers';
import { findUploadNode, submitTrainers, uploadAndLink, useTrainers } from './api';
import { TrainerDialog } from './trainer-dialog';
import { RecordsTable } from '@/components/crud/records-table';

type Slot = 'registerScan' | 'studentFile';

export interface TrainersPanelProps {
  /** The CNEx record (business_application of scheme cnex, a personnel kind). */
  cnexId: string;
  /** Whether the record is the caller's to edit (the embedding screen knows its state and the caller's codes). */
  editable: boolean;
}

/**
 * The persons (trainers and trainees) of a CNEx record: list, add and edit while a draft, the register-form scan and
 * the training-student file (uploaded into the record's archive, then linked), and submit. The server decides again
 * on every call; `editable` only decides what is offered.
 */
export function TrainersPanel({ cnexId, editable }: TrainersPanelProps) {
  const t = useTranslations('trainers');
  const notify = useNotify();
  const confirm = useConfirm();
  const { data: persons, mutate } = useTrainers(cnexId);
  const [dialog, setDialog] = useState<{ person?: TrainerVO } | null>(null);
  const [progress, setProgress] = useState<{ id: string; slot: Slot; percent: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const target = useRef<{ id: string; slot: Slot } | null>(null);
  const node = useRef<string | undefined>(undefined);

  const drafts = (persons ?? []).filter((p) => p.trainerState === 'draft');
  const canEdit = (p: TrainerVO) => editable && p.trainerState === 'draft';

  function pick(id: string, slot: Slot) {
    target.current = { id, slot };
    fileInput.current?.click();
  }

  async function upload(file: File) {
    const to = target.current;
    if (!to) return;
    try {
      node.current ??= await findUploadNode(cnexId);
      if (!node.current) {
        notify(t('noUploadNode'), 'warning');
        return;
      }
      setProgress({ ...to, percent: 0 });
      await uploadAndLink({
        cnexId,
        fileCatalogId: node.current,
        trainerId: to.id,
        slot: to.slot,
        file,
        onProgress: (p) => setProgress({ ...to, percent: p.percent }),
      });
      notify(t('uploaded'), 'success');
      await mutate();
    } catch (err) {
      // The upload, the node lookup and the link call are silent: their refusal is shown once, here.
      notify(err instanceof BladeError ? err.message : String(err), 'error');
    } finally {
      setProgress(null);
    }
  }

  async function submit() {
    if (!(await confirm(t('submitConfirm')))) return;
    try {
      const done = await submitTrainers(cnexId);
      notify(t('submitted', { count: done.count }), 'success');
      await mutate(done.records, { revalidate: false });
    } catch {
      // The refusal (which persons lack the scan) was shown by the fetcher.
    }
  }

  const fileCell = (p: TrainerVO, slot: Slot, name: string) => {
    if (progress?.id === p.id && progress.slot === slot) return t('uploading', { percent: progress.percent });
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {name && <Typography variant="body2">{name}</Typography>}
        {canEdit(p) && (
          <Button size="small" onClick={() => pick(p.id, slot)} disabled={progress !== null}>
            {t(slot === 'registerScan' ? 'uploadScan' : 'uploadStudent')}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        {editable && (
          <>
            <Button variant="outlined" onClick={() => setDialog({})}>
              {t('add')}
            </Button>
            <Button variant="contained" onClick={submit} disabled={drafts.length === 0}>
              {t('submit')}
            </Button>
          </>
        )}
      </Stack>
      {!editable && <Alert severity="info">{t('readOnly')}</Alert>}
      <RecordsTable
        aria-label={t('title')}
        headers={[
          ...(['name', 'idCardNo', 'gender', 'units', 'experienceYears', 'employer'] as const).map((c) =>
            t(`columns.${c}`),
          ),
          t('columns.registerFormScan'),
          t('columns.trainStudentFile'),
          t('columns.trainerState'),
          t('columns.actions'),
        ]}
        rows={persons}
        empty={t('empty')}
      >
        {(p) => (
          <TableRow key={p.id}>
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.idCardNo}</TableCell>
            <TableCell>{p.gender ? t(`gender.${p.gender}`) : ''}</TableCell>
            <TableCell>{p.units.split(',').filter(Boolean).join(', ')}</TableCell>
            <TableCell>{p.experienceYears}</TableCell>
            <TableCell>{p.employer}</TableCell>
            <TableCell>{fileCell(p, 'registerScan', p.registerFormScanName)}</TableCell>
            <TableCell>{fileCell(p, 'studentFile', p.trainStudentFileName)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={t(`state.${p.trainerState}`)}
                color={p.trainerState === 'submitted' ? 'success' : 'default'}
              />
            </TableCell>
            <TableCell>
              {canEdit(p) && (
                <Button size="small" onClick={() => setDialog({ person: p })}>
                  {t('edit')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      </RecordsTable>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('assessorRule')}
      </Typography>
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="trainer-file-input"
        accept=".png,.jpg,.jpeg,.pdf"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {dialog && (
        <TrainerDialog
          cnexId={cnexId}
          person={dialog.person}
          onClose={() => setDialog(null)}
          onSaved={async () => {
            setDialog(null);
            notify(t('saved'), 'success');
            await mutate();
          }}
        />
      )}
    </Box>
  );
}
