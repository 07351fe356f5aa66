'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * A form's one file: a button that opens the browser's picker (the input itself hidden, named for assistive
 * technology) and beside it the chosen file's name, or the form's problem with it in the error colour, or a
 * placeholder while none is chosen. The file is kept by the form, which sends it on submit.
 */
export function FileChooser({
  label,
  inputLabel,
  accept,
  file,
  onChange,
  placeholder,
  problem,
  size,
}: {
  /** The button's text. */
  label: string;
  /** The hidden input's accessible name. */
  inputLabel: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  placeholder: string;
  /** The validation message, once the form shows its messages. */
  problem?: string | null;
  size?: 'small';
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button component="label" variant="outlined" size={size}>
        {label}
        <input
          hidden
          type="file"
          aria-label={inputLabel}
          accept={accept}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" color={problem ? 'error' : 'text.secondary'}>
        {file?.name ?? problem ?? placeholder}
      </Typography>
    </Box>
  );
}
