'use client';

import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

function NoteRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns}>{children}</TableCell>
    </TableRow>
  );
}

/**
 * A hand-made table's body: a row per record, or one row across the `columns` that says the table is loading (before
 * the first answer, when the screen gives a `loading` text) or has nothing to show.
 */
export function RecordsTableBody<R>({
  rows,
  columns,
  loading,
  empty,
  children,
}: {
  /** null or undefined: not answered yet. */
  rows: readonly R[] | null | undefined;
  columns: number;
  loading?: ReactNode;
  empty: ReactNode;
  /** One record's row, with its key. */
  children: (row: R) => ReactNode;
}) {
  return (
    <TableBody>
      {!rows ? (
        loading !== undefined && <NoteRow columns={columns}>{loading}</NoteRow>
      ) : rows.length === 0 ? (
        <NoteRow columns={columns}>{empty}</NoteRow>
      ) : (
        rows.map(children)
      )}
    </TableBody>
  );
}
