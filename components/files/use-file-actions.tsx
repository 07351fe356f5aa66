'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import {
  downloadFile,
  removeFiles,
  setMissing,
  startSigning,
  updateProblem,
  uploadArchiveFile,
  uploadCover,
  type ArchiveRecord,
} from './api';
import { HistoryDialog } from './history-dialog';
import {
  flag,
  uploadLimits,
  type CatalogNode,
  type FileAction,
  type FileRow,
  type UploadKind,
} from './model';
import { PreviewDialog } from './preview-dialog';
import { ProblemDialog } from './problem-dialog';
import { SigningViewer, type SigningTarget } from './signing-viewer';
import { UploadDialog, type SendFile } from './upload-dialog';

interface UploadState {
  kind: UploadKind;
  node?: CatalogNode;
  file?: FileRow;
  count: number;
}

/**
 * Every file and node action of the archive screens in one place, so the file table and the archive tree table
 * behave the same: confirmations with the spec's texts, the dialogs, and a reload of the caller's data afterwards.
 */
export function useFileActions(record: ArchiveRecord, onChanged: () => void | Promise<unknown>) {
  const t = useTranslations('files');
  const tc = useTranslations('common');
  const confirm = useConfirm();
  const notify = useNotify();
  const [preview, setPreview] = useState<FileRow | null>(null);
  const [history, setHistory] = useState<FileRow | null>(null);
  const [problem, setProblem] = useState<FileRow | null>(null);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [signing, setSigning] = useState<SigningTarget | null>(null);

  const done = async (msg?: string) => {
    notify(msg || tc('success'), 'success');
    await onChanged();
  };

  /** A failed call has already shown the server's message (the fetcher's toast); nothing else to do. */
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch {
      /* shown by the fetcher */
    }
  };

  const runFile = async (action: FileAction, row: FileRow, node?: CatalogNode) => {
    switch (action) {
      case 'preview':
        setPreview(row);
        return;
      case 'history':
        setHistory(row);
        return;
      case 'download':
        await attempt(() => downloadFile(row.id));
        return;
      case 'delete':
        if (!(await confirm(t('deleteConfirm')))) return;
        await attempt(async () => done((await removeFiles([row.id])).msg));
        return;
      case 'markIssue':
        setProblem(row);
        return;
      case 'markCorrect':
        setUpload({ kind: 'problem', node, file: row, count: 0 });
        return;
      case 'cover':
        setUpload({ kind: 'cover', node, file: row, count: 0 });
        return;
      case 'stamp':
        if (!(await confirm(t('signing.confirm')))) return;
        await attempt(async () => {
          const pending = flag(row.stampedNotSaved) && !!row.signatureOfdFileId;
          const copy = await startSigning(row.id, pending);
          setSigning({ name: row.originalFilename, stampedFileId: copy.stampedFileId });
        });
        return;
      default:
        return;
    }
  };

  const runNode = async (action: FileAction, node: CatalogNode, count: number) => {
    if (action === 'upload') {
      setUpload({ kind: 'archive', node, count });
      return;
    }
    if (action === 'markMissing' || action === 'unmarkMissing') {
      await attempt(async () => done((await setMissing(record, node.id, action === 'markMissing')).msg));
    }
  };

  const uploadNodeId = upload?.node?.id ?? upload?.file?.fileCatalogId ?? '';
  const send: SendFile = (file, options) => {
    const common = { ...options, unknownErrorText: tc('unknownError'), networkErrorText: tc('networkError') };
    if (upload?.kind === 'cover' && upload.file) return uploadCover(upload.file.id, file, common);
    // A replacement names the problem file it qualifies; blade/ counts them (at most 5) and files them beside it.
    const extra: Record<string, string> =
      upload?.kind === 'problem' && upload.file ? { problemFileId: upload.file.id } : {};
    return uploadArchiveFile(record, uploadNodeId, file, common, extra);
  };

  const afterUpload = async () => {
    if (upload?.kind === 'problem' && upload.file) {
      // The replacements are in: the file is qualified again (hasProblem 1→0).
      await attempt(() => updateProblem(upload.file!.id, 0, ''));
    }
    await done();
  };

  const uploadTitle =
    upload?.kind === 'cover'
      ? t('upload.coverTitle', { name: upload.file?.originalFilename ?? '' })
      : upload?.kind === 'problem'
        ? t('upload.problemTitle', { name: upload.file?.originalFilename ?? '' })
        : t('upload.title', { name: upload?.node?.catalogName ?? '' });

  const dialogs: ReactNode = (
    <>
      <PreviewDialog file={preview} onClose={() => setPreview(null)} />
      <HistoryDialog file={history} onClose={() => setHistory(null)} />
      <ProblemDialog
        file={problem}
        onClose={() => setProblem(null)}
        onSubmit={async (remark) => {
          if (!problem) return;
          const res = await updateProblem(problem.id, 1, remark);
          await done(res.msg);
        }}
      />
      <UploadDialog
        open={!!upload}
        title={uploadTitle}
        limits={uploadLimits(upload?.kind ?? 'archive', upload?.node, upload?.count ?? 0)}
        send={send}
        onClose={() => setUpload(null)}
        onUploaded={afterUpload}
      />
      <SigningViewer
        target={signing}
        onClose={(changed) => {
          setSigning(null);
          if (changed) void onChanged();
        }}
      />
    </>
  );

  return { runFile, runNode, dialogs };
}
