'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  DataGrid,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { enUS, zhCN } from '@mui/x-data-grid/locales';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { useNonce } from '@/components/providers/nonce';
import type { CrudList } from './use-crud-list';

export interface RowAction<Row> {
  label: string;
  onClick: (row: Row) => void;
  color?: 'primary' | 'error' | 'inherit' | 'secondary' | 'warning';
  /** Hidden for this row (e.g. a sealed dictionary) or for this role. */
  hidden?: boolean | ((row: Row) => boolean);
}

export interface CrudGridProps<Row extends GridValidRowModel> {
  list: CrudList<Row>;
  columns: GridColDef<Row>[];
  /** true: paging and sorting by the server; false: the call answered everything, the grid pages locally. */
  paged?: boolean;
  pageSizeOptions?: number[];
  /** Row checkboxes; the selected ids come back through onSelectionChange. */
  selectable?: boolean;
  onSelectionChange?: (ids: string[]) => void;
  /** Rows without a checkbox (and never part of "select all"). */
  isRowSelectable?: (row: Row) => boolean;
  rowActions?: RowAction<Row>[];
  /** Buttons above the grid (add, multi-delete, …). */
  toolbar?: ReactNode;
  getRowId?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  /** Marks one row as current (e.g. the dictionary whose children are shown). */
  currentRowId?: string;
  /** Accessible name of the grid. */
  label?: string;
  height?: number | string;
}

/** The spec's page-size choices; the default is 10 (tenant packages and archive tables use 100). */
export const PAGE_SIZES = [10, 30, 50, 100, 200];

function selectedIds<Row extends GridValidRowModel>(
  model: GridRowSelectionModel,
  rows: Row[],
  rowId: (row: Row) => string,
  selectableRow: (row: Row) => boolean,
): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  // "Select all" on a server page is an exclusion model: everything selectable on the page except the listed ids.
  return rows
    .filter(selectableRow)
    .map(rowId)
    .filter((id) => !model.ids.has(id as GridRowId));
}

/** THE data grid of the product: MUI X DataGrid in server mode, Blade paging, checkbox selection, row actions. */
export function CrudGrid<Row extends GridValidRowModel>({
  list,
  columns,
  paged = true,
  pageSizeOptions = PAGE_SIZES,
  selectable = true,
  onSelectionChange,
  isRowSelectable,
  rowActions,
  toolbar,
  getRowId = (row) => String(row.id),
  onRowClick,
  currentRowId,
  label,
  height = 'calc(100vh - 260px)',
}: CrudGridProps<Row>) {
  const t = useTranslations('crud');
  const locale = useLocale();
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });

  const allColumns = useMemo<GridColDef<Row>[]>(() => {
    // Sorting is offered only where a column says so: blade/ refuses a sort column outside its allowlist.
    const cols = columns.map((c) => ({ ...c, sortable: c.sortable ?? false }));
    if (!rowActions?.length) return cols;
    return [
      ...cols,
      {
        field: '__actions',
        headerName: t('actions'),
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        minWidth: 80 + rowActions.length * 56,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
            {rowActions
              .filter((a) => !(typeof a.hidden === 'function' ? a.hidden(row) : a.hidden))
              .map((a) => (
                <Button
                  key={a.label}
                  size="small"
                  color={a.color ?? 'primary'}
                  onClick={(e) => {
                    e.stopPropagation();
                    a.onClick(row);
                  }}
                >
                  {a.label}
                </Button>
              ))}
          </Stack>
        ),
      },
    ];
  }, [columns, rowActions, t]);

  const localeText =
    locale === 'en'
      ? enUS.components.MuiDataGrid.defaultProps.localeText
      : zhCN.components.MuiDataGrid.defaultProps.localeText;

  const nonce = useNonce();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {toolbar && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {toolbar}
        </Stack>
      )}
      <Box sx={{ height, minHeight: 320, width: '100%' }}>
        <DataGrid<Row>
          aria-label={label}
          // The grid writes a <style> of CSS variables: without the page's nonce the CSP blocks it.
          nonce={nonce}
          rows={list.rows}
          columns={allColumns}
          getRowId={getRowId}
          loading={list.loading}
          rowCount={paged ? list.total : undefined}
          paginationMode={paged ? 'server' : 'client'}
          sortingMode={paged ? 'server' : 'client'}
          paginationModel={list.paginationModel}
          onPaginationModelChange={list.setPaginationModel}
          sortModel={list.sortModel}
          onSortModelChange={list.setSortModel}
          pageSizeOptions={pageSizeOptions}
          disableColumnFilter
          checkboxSelection={selectable}
          isRowSelectable={isRowSelectable ? ({ row }) => isRowSelectable(row) : undefined}
          disableRowSelectionOnClick
          rowSelectionModel={selection}
          onRowSelectionModelChange={(model) => {
            setSelection(model);
            onSelectionChange?.(selectedIds(model, list.rows, getRowId, isRowSelectable ?? (() => true)));
          }}
          onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
          getRowClassName={({ id }) =>
            currentRowId !== undefined && String(id) === currentRowId ? 'crud-current' : ''
          }
          sx={{
            '& .crud-current': { bgcolor: 'action.selected' },
            ...(onRowClick ? { cursor: 'pointer' } : {}),
          }}
          localeText={localeText}
          density="compact"
        />
      </Box>
    </Box>
  );
}
