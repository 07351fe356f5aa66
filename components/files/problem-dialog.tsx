'use client';

import { useTranslations } from 'next-intl';
import type { FileRow } from './model';
import { TextDialog } from './text-dialog';

const REMARK_MAX = 200;

/** Marks a file as a problem file (hasProblem 0→1) with the reviewer's problemRemark. */
export function ProblemDialog({
  file,
  onClose,
  onSubmit,
}: {
  file: FileRow | null;
  onClose: () => void;
  onSubmit: (remark: string) => Promise<void>;
}) {
  const t = useTranslations('files.problem');
  return (
    <TextDialog
      // A new file starts with an empty remark.
      key={file?.id ?? 'closed'}
      open={!!file}
      width={560}
      title={t('title', { name: file?.originalFilename ?? '' })}
      label={t('remark')}
      max={REMARK_MAX}
      multiline
      requiredMessage={t('required')}
      onClose={onClose}
      onSubmit={async (remark) => {
        await onSubmit(remark);
        onClose();
      }}
    />
  );
}
