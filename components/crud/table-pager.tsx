'use client';

import TablePagination from '@mui/material/TablePagination';
import { useTranslations } from 'next-intl';
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
