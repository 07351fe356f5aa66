'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useConfirm } from '@/components/providers/confirm';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { CrudForm } from './crud-form';
import { CrudGrid, type RowAction } from './crud-grid';
import { FormDialog } from './form-dialog';
import { flattenTree, joinIds } from './ids';
import { SearchBar } from './search-bar';
import type { CrudField, FormMode, FormValues } from './types';
import { useCrudForm } from './use-crud-form';
import { useCrudList } from './use-crud-list';
import { useUrlSearch } from './use-url-filters';

export type Params = Record<string, string | number | undefined>;

export interface CrudApi {
  list: string;
  /** The list call's method when it is not GET (business-service lists are POSTs). */
  listMethod?: 'GET' | 'POST';
  detail?: string;
  submit?: string;
  /** Edits go here when the service splits create and update (blade-user `submit` / `update`). */
  update?: string;
  remove?: string;
}

export interface CrudScreenProps<Row extends GridValidRowModel> {
  /** Names the grid and the dialogs (`新增 {title}`). */
  title: string;
  api: CrudApi;
  columns: GridColDef<Row>[];
  fields: CrudField[];
  /** Built by the caller with its translator, so the messages are the spec's texts. */
  schema: z.ZodType | ((mode: FormMode) => z.ZodType);
  emptyValues: FormValues;
  searchFields?: CrudField[];
  /** Fixed list params (deptId of a tree selection, …). */
  params?: Params;
  paged?: boolean;
  pageSize?: number;
  /** The list answers a tree (dept, menu, role, dict): rows are flattened with a `depth`. */
  tree?: boolean;
  /** Button codes of `menu/buttons`; a button whose code the role lacks is hidden. */
  permissions?: { add?: string; edit?: string; delete?: string; view?: string };
  /** Which standard buttons exist at all (the tenant package screen has no view button). */
  buttons?: { add?: boolean; edit?: boolean; delete?: boolean; view?: boolean };
  /** Detail/row → form values (ids split into arrays, …). */
  toForm?: (row: Row) => FormValues;
  /** Form output → request body (arrays comma-joined, …). */
  toBody?: (values: FormValues, mode: FormMode) => Record<string, unknown>;
  /** Values of a new record, given the current context (e.g. the selected parent). */
  onAddValues?: () => FormValues;
  rowActions?: RowAction<Row>[];
  /** Buttons beside the standard ones; `query` is what the list is asked for now (filters and fixed params). */
  toolbarExtra?: (ctx: { selected: string[]; reload: () => Promise<unknown>; query: Params }) => ReactNode;
  getRowId?: (row: Row) => string;
  /** After any successful write (e.g. revalidate the navigation after a menu change); `data` is the answer's data. */
  onSaved?: (result: { action: FormMode | 'delete'; data?: unknown }) => void | Promise<void>;
  /** Adjusts the search values before they are sent (e.g. an end date becomes the end of that day). */
  mapFilters?: (filters: Params) => Params;
  /** Row checkboxes (default: when rows can be deleted). */
  selectable?: boolean;
  /** Rows that cannot be changed (e.g. a sealed dictionary): no edit or delete button, no checkbox. */
  readOnlyRow?: (row: Row) => boolean;
  onRowClick?: (row: Row) => void;
  currentRowId?: string;
  /** Grid height (CSS); side-by-side and stacked layouts need less than the full page. */
  height?: number | string;
}

/**
 * A call the server refused answers undefined: the fetcher already showed the server's message, so the refusal is
 * handled, not an error for the error log. Anything else (a bug) is thrown on.
 */
async function refusedAsUndefined<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof BladeError) return undefined;
    throw error;
  }
}

/** The default mapFilters, one function for every render (it feeds the list query's memo). */
const unchangedFilters = (filters: Params) => filters;

/**
 * A whole CRUD screen from a description: search bar, grid, add / edit / view dialog with on-blur validation,
 * delete and multi-delete with the spec's confirmation and texts. Screens that need more (a side tree, a grant
 * dialog) compose it with `params`, `rowActions` and `toolbarExtra`.
 */
export function CrudScreen<Row extends GridValidRowModel>(props: CrudScreenProps<Row>) {
  const {
    title,
    api,
    columns,
    fields,
    schema,
    emptyValues,
    searchFields,
    params,
    paged = true,
    pageSize = 10,
    tree = false,
    permissions = {},
    buttons = {},
    toForm = (row) => ({ ...row }),
    toBody = (values) => values,
    onAddValues,
    rowActions = [],
    toolbarExtra,
    getRowId,
    onSaved,
    mapFilters = unchangedFilters,
    selectable,
    readOnlyRow,
    onRowClick,
    currentRowId,
    height,
  } = props;
  const t = useTranslations('crud');
  const notify = useNotify();
  const confirm = useConfirm();
  const { can } = usePermissions();
  // Page, sorting and search survive leaving the tab and coming back (keep-alive), one set per list call.
  const keepAliveKey = api.list ? `crud|${api.list}` : undefined;
  // A link's query (?flowState=…, a dashboard tile) presets the search fields it names.
  const searchNames = useMemo(() => (searchFields ?? []).map((f) => f.name), [searchFields]);
  const { search, setSearch, barKey } = useUrlSearch(searchNames, keepAliveKey);
  const query = useMemo(() => ({ ...params, ...mapFilters(search) }), [params, mapFilters, search]);
  const list = useCrudList<Row>({
    url: api.list,
    method: api.listMethod,
    params: query,
    paged,
    pageSize,
    keepAliveKey,
  });
  const rows = useMemo(
    () => (tree ? (flattenTree(list.rows as (Row & { children?: Row[] })[]) as Row[]) : list.rows),
    [list.rows, tree],
  );
  const shown = useMemo(() => ({ ...list, rows }), [list, rows]);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<{ mode: FormMode; id?: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const mode = dialog?.mode ?? 'add';
  const activeSchema = useMemo(() => (typeof schema === 'function' ? schema(mode) : schema), [schema, mode]);
  const form = useCrudForm(activeSchema, emptyValues);
  const show = { add: true, edit: true, delete: true, view: true, ...buttons };

  const open = async (next: FormMode, row?: Row) => {
    if (!row) {
      form.reset({ ...emptyValues, ...onAddValues?.() });
      setDialog({ mode: next });
      return;
    }
    const id = getRowId ? getRowId(row) : String(row.id);
    let source: Row = row;
    if (api.detail) {
      const detail = await refusedAsUndefined(bladeRequest<Row>(api.detail, { params: { id } }));
      if (!detail) return;
      source = detail.data;
    }
    form.reset({ ...emptyValues, ...toForm(source) });
    setDialog({ mode: next, id });
  };

  const save = async () => {
    const parsed = form.validate();
    if (!parsed || !api.submit) return;
    setSubmitting(true);
    try {
      const body = toBody({ ...form.values, ...(parsed as FormValues) }, mode);
      if (mode === 'edit' && dialog?.id && body.id === undefined) body.id = dialog.id;
      const url = mode === 'edit' && api.update ? api.update : api.submit;
      // A refusal was shown by the fetcher (the server's message); the dialog stays open with what was typed.
      const answer = await refusedAsUndefined(bladeRequest(url, { method: 'POST', body }));
      if (!answer) return;
      notify(mode === 'add' ? t('added') : t('updated'), 'success');
      setDialog(null);
      await list.reload();
      await onSaved?.({ action: mode, data: answer.data });
    } finally {
      setSubmitting(false);
    }
  };

  const remove = async (ids: string[]) => {
    if (!api.remove) return;
    if (!ids.length) {
      notify(t('selectAtLeastOne'), 'warning');
      return;
    }
    if (!(await confirm(t('deleteConfirm')))) return;
    if (
      !(await refusedAsUndefined(bladeRequest(api.remove, { method: 'POST', params: { ids: joinIds(ids) } })))
    )
      return;
    notify(t('deleted'), 'success');
    setSelected([]);
    await list.reload();
    await onSaved?.({ action: 'delete' });
  };

  const actions: RowAction<Row>[] = [
    ...(show.view && api.detail !== undefined
      ? [{ label: t('view'), onClick: (r: Row) => void open('view', r), hidden: !can(permissions.view) }]
      : []),
    ...(show.edit && api.submit
      ? [
          {
            label: t('edit'),
            onClick: (r: Row) => void open('edit', r),
            hidden: (r: Row) => !can(permissions.edit) || !!readOnlyRow?.(r),
          },
        ]
      : []),
    ...(show.delete && api.remove
      ? [
          {
            label: t('delete'),
            color: 'error' as const,
            onClick: (r: Row) => void remove([getRowId ? getRowId(r) : String(r.id)]),
            hidden: (r: Row) => !can(permissions.delete) || !!readOnlyRow?.(r),
          },
        ]
      : []),
    ...rowActions,
  ];

  const dialogTitle = {
    add: t('addTitle', { title }),
    edit: t('editTitle', { title }),
    view: t('viewTitle', { title }),
  }[mode];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {searchFields?.length ? (
        <SearchBar
          key={barKey}
          fields={searchFields}
          initial={search}
          onSearch={(values) => {
            setSearch(values);
            list.setPaginationModel({ ...list.paginationModel, page: 0 });
          }}
        />
      ) : null}
      <CrudGrid<Row>
        list={shown}
        columns={columns}
        paged={paged}
        label={title}
        getRowId={getRowId}
        selectable={selectable ?? (show.delete && !!api.remove)}
        isRowSelectable={readOnlyRow ? (row) => !readOnlyRow(row) : undefined}
        onSelectionChange={setSelected}
        onRowClick={onRowClick}
        currentRowId={currentRowId}
        height={height}
        rowActions={actions}
        toolbar={
          <>
            {show.add && api.submit && can(permissions.add) && (
              <Button variant="contained" onClick={() => void open('add')}>
                {t('add')}
              </Button>
            )}
            {show.delete && api.remove && can(permissions.delete) && (
              <Button variant="outlined" color="error" onClick={() => void remove(selected)}>
                {t('delete')}
              </Button>
            )}
            {toolbarExtra?.({ selected, reload: list.reload, query })}
          </>
        }
      />
      <FormDialog
        open={!!dialog}
        title={dialogTitle}
        onClose={() => setDialog(null)}
        onSubmit={mode === 'view' ? undefined : () => void save()}
        submitting={submitting}
      >
        <CrudForm fields={fields} form={form} mode={mode} />
      </FormDialog>
    </Box>
  );
}
