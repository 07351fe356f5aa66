'use client';

import TablePagination from '@mui/material/TablePagination';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { PAGE_SIZES } from './crud-grid';

interface TablePagerProps {
  /** The server's total. */
  total: number;
  /** Zero-based, as MUI counts. */
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/**
 * The pager under a hand-made table (a list the resource grid cannot show): the grid's page sizes and its labels in
 * the user's language (MUI's own are English).
 */
export function TablePager({ total, page, size, onPage, onSize }: TablePagerProps) {
  const t = useTranslations('crud');
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_, next) => onPage(next)}
      onRowsPerPageChange={(e) => onSize(Number(e.target.value))}
      labelRowsPerPage={t('rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('rowsRange', { from, to, count })}
    />
  );
}

/**
 * The page (zero-based) and size of a hand-made table, and the pager's props for them: a new size starts again from
 * the first page. `setPage(0)` where a filter changes.
 */
export function usePaging(initialSize = 10) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(initialSize);
  const onSize = (next: number) => {
    setSize(next);
    setPage(0);
  };
  return { page, size, setPage, pager: { page, size, onPage: setPage, onSize } };
}
