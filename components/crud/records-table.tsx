'use client';

import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { RecordsTableBody } from './records-table-body';

/**
 * A hand-made table (a small MUI table): its headings and a `RecordsTableBody`. The note row (loading, nothing to
 * show) spans the headings shown, so a column left out for this caller cannot leave the count behind.
 */
export function RecordsTable<R>({
  headers,
  rows,
  loading,
  empty,
  children,
  'aria-label': label,
}: {
  /** The column headings in order; `false` leaves a column out (`mayEdit && t('actions')`). */
  headers: readonly (ReactNode | false)[];
  /** null or undefined: not answered yet. */
  rows: readonly R[] | null | undefined;
  loading?: ReactNode;
  empty: ReactNode;
  /** One record's row, with its key. */
  children: (row: R) => ReactNode;
  'aria-label'?: string;
}) {
  const shown = headers.filter((heading) => heading !== false);
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {shown.map((heading, column) => (
            // Headings are fixed per render and never reorder, so their position is their identity.
            <TableCell key={column}>{heading}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <RecordsTableBody rows={rows} columns={shown.length} loading={loading} empty={empty}>
        {children}
      </RecordsTableBody>
    </Table>
  );
}
