'use client';

import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Where a refusal (useRefusal's `refusal`, the server's words) shows: an error alert that screen readers announce,
 * nothing while there is none. With `onClose` the person may dismiss it (a screen's alert above its table; a dialog's
 * goes with the dialog).
 */
export function RefusalAlert({
  refusal,
  onClose,
  sx,
}: {
  refusal: string | null;
  onClose?: () => void;
  sx?: SxProps<Theme>;
}) {
  if (!refusal) return null;
  return (
    <Alert severity="error" role="alert" sx={sx} onClose={onClose}>
      {refusal}
    </Alert>
  );
}
