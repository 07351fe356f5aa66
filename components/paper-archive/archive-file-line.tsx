'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArchiveFileVO } from '@/lib/contracts/paper-archive/paper-archive';

/**
 * One file of an application's archive in a dialog's list (to print, to view on loan): its catalogue and name, and
 * the one button for it, whose accessible name says which file it acts on.
 */
export function ArchiveFileLine({
  file,
  action,
  actionName,
  disabled,
  onAction,
}: {
  file: ArchiveFileVO;
  action: string;
  actionName: string;
  disabled?: boolean;
  onAction: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography sx={{ flexGrow: 1 }}>
        {file.catalogName ? `${file.catalogName} / ` : ''}
        {file.originalFilename}
      </Typography>
      <Button size="small" disabled={disabled} aria-label={actionName} onClick={onAction}>
        {action}
      </Button>
    </Stack>
  );
}
