'use client';

import { proxied } from '@/lib/client/fetcher';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import {
  formSchema,
  type FieldDef,
  type ResourceDef,
  type RowOf,
  type WriteMode,
} from '@/lib/contracts/resource';
import { formatMoney } from '@/lib/shared/money';
import { CrudScreen, type CrudScreenProps } from './crud-screen';
import { ExportButton } from './export-button';
import { splitIds } from './ids';
import type { CrudField, FieldKind, FieldOption, FormValues } from './types';
import { useDictionaries } from './use-dictionaries';

const FORM_KIND: Record<FieldDef['kind'], FieldKind> = {
  text: 'text',
  textarea: 'textarea',
  int: 'number',
  flag: 'switch',
  ids: 'treeMulti',
  money: 'money',
  date: 'day',
};

type FieldName<D extends ResourceDef> = keyof D['fields'] & string;
type ScreenRow<D extends ResourceDef> = RowOf<D> & GridValidRowModel;

export interface ResourceScreenProps<D extends ResourceDef> {
  def: D;
  /** Button code of the view button (the detail call itself needs only the read right). */
  viewCode?: string;
  /**
   * What a form (and search) field does differently, by field name: its tree or options, a custom control, the modes
   * it is read-only in… `false` leaves the field out of the screen (blade/ still accepts it).
   */
  fields?: { [N in FieldName<D>]?: Partial<CrudField> | false };
  /** What a grid column does differently, by field name (a value getter, a width…); `false` leaves it out. */
  columns?: { [N in FieldName<D>]?: Partial<GridColDef<ScreenRow<D>>> | false };
  /**
   * The order of the form's fields and of the grid's columns when it is not the definition's (whose order is also
   * blade/'s order of the required checks): the names given come first, in that order.
   */
  order?: { form?: readonly FieldName<D>[]; list?: readonly FieldName<D>[] };
  /** Anything of the generic screen this one does differently. */
  overrides?: Partial<CrudScreenProps<ScreenRow<D>>>;
}

/**
 * A whole CRUD screen from a resource definition: title, grid columns, form fields and their rules (the same rules
 * blade/ applies, in the user's language), search fields, the four calls and the buttons by the caller's codes.
 */
export function ResourceScreen<D extends ResourceDef>({
  def,
  viewCode,
  fields,
  columns,
  order,
  overrides,
}: ResourceScreenProps<D>) {
  const t = useTranslations();
  const text = useMemo(() => (key: string, values?: Record<string, number>) => t(key, values), [t]);
  // By mode: a write-only field (a secret) is required on add only.
  const schema = useCallback((mode: WriteMode) => formSchema(def, text, mode), [def, text]);
  const entries = Object.entries(def.fields);
  // A field with a dictionary is a select of its items, and its grid column shows the item's label.
  const dictionaries = useDictionaries(
    entries.flatMap(([, f]) =>
      f.dict ? [{ dict: f.dict, numeric: f.kind === 'int' || f.kind === 'flag' }] : [],
    ),
  );
  const dictOptions = (f: FieldDef): FieldOption[] | undefined => (f.dict ? dictionaries[f.dict] : undefined);
  const ordered = (names: readonly string[] = []) => {
    const rank = (name: string) => (names.includes(name) ? names.indexOf(name) : names.length);
    return [...entries].sort(([a], [b]) => rank(a) - rank(b));
  };
  const fieldPatch = (name: string) =>
    (fields as Record<string, Partial<CrudField> | false> | undefined)?.[name];
  const columnPatch = (name: string) =>
    (columns as Record<string, Partial<GridColDef<ScreenRow<D>>> | false> | undefined)?.[name];
  const formFields: CrudField[] = ordered(order?.form)
    .filter(([name, f]) => f.form !== false && fieldPatch(name) !== false)
    .map(([name, f]) => ({
      name,
      label: t(f.label),
      kind: f.writeOnly ? 'password' : f.dict ? 'select' : FORM_KIND[f.kind],
      ...(f.dict ? { options: dictOptions(f) } : {}),
      ...fieldPatch(name),
    }));
  const gridColumns: GridColDef<ScreenRow<D>>[] = ordered(order?.list)
    .filter(([name, f]) => f.list !== false && columnPatch(name) !== false)
    .map(([name, f]) => ({
      field: name,
      headerName: t(f.label),
      flex: 1,
      minWidth: 140,
      sortable: !!f.sort,
      // Amounts right-aligned with thousands separators (null: --), as the spec shows money.
      ...(f.kind === 'money'
        ? {
            align: 'right' as const,
            headerAlign: 'right' as const,
            valueFormatter: (value: string | null | undefined) => formatMoney(value),
          }
        : {}),
      ...(f.dict
        ? {
            valueGetter: (_: unknown, row: ScreenRow<D>) => {
              const value = row[name as keyof ScreenRow<D>];
              return dictOptions(f)?.find((o) => String(o.value) === String(value))?.label ?? value;
            },
          }
        : {}),
      ...columnPatch(name),
    }));
  const emptyValues: FormValues = Object.fromEntries(
    entries
      .filter(([, f]) => f.form !== false)
      .map(([name, f]) => [
        name,
        f.default ??
          (f.kind === 'ids' ? [] : ['text', 'textarea', 'money', 'date'].includes(f.kind) ? '' : undefined),
      ]),
  );
  // An id list travels comma-joined and is edited as an array.
  const idLists = entries.filter(([, f]) => f.kind === 'ids').map(([name]) => name);
  const toForm = (row: ScreenRow<D>): FormValues => ({
    ...row,
    ...Object.fromEntries(idLists.map((name) => [name, splitIds(row[name])])),
  });
  const firstCode = (rule: { codes?: readonly string[] }) => rule.codes?.[0];
  const exportCall = def.calls.export;
  return (
    <CrudScreen<ScreenRow<D>>
      // A screen that names itself (log and scope screens) has no `${key}.title` message: not looked up then.
      title={overrides?.title ?? t(`${def.key}.title`)}
      api={{
        list: proxied(def.calls.list),
        listMethod: def.calls.list.method,
        // Without a detail call the form opens on the list's row.
        detail: def.calls.detail && proxied(def.calls.detail),
        // Separate add and update calls (customer/add + customer/update) where the definition has them.
        submit: proxied(def.calls.add ?? def.calls.submit),
        update: def.calls.update && proxied(def.calls.update),
        remove: proxied(def.calls.remove),
      }}
      columns={gridColumns}
      fields={formFields}
      schema={schema}
      emptyValues={emptyValues}
      searchFields={formFields.filter((f) => def.fields[f.name]?.search)}
      permissions={{
        add: firstCode(def.access.add),
        edit: firstCode(def.access.edit),
        delete: firstCode(def.access.remove),
        view: viewCode,
      }}
      toForm={toForm}
      // A tree resource's list answers the whole tree: rows are flattened with their depth, without pages.
      {...(def.tree ? { paged: false, tree: true } : {})}
      {...overrides}
      toolbarExtra={(ctx) => (
        <>
          {exportCall && <ExportButton path={proxied(exportCall)} query={ctx.query} />}
          {overrides?.toolbarExtra?.(ctx)}
        </>
      )}
    />
  );
}
