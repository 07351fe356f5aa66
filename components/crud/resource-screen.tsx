'use client';

import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formSchema, type FieldDef, type ResourceDef, type RowOf } from '@/lib/contracts/resource';
import { CrudScreen, type CrudScreenProps } from './crud-screen';
import type { CrudField, FieldKind, FormValues } from './types';

const FORM_KIND: Record<FieldDef['kind'], FieldKind> = {
  text: 'text',
  textarea: 'textarea',
  int: 'number',
  flag: 'switch',
};

export interface ResourceScreenProps<D extends ResourceDef> {
  def: D;
  /** Button code of the view button (the detail call itself needs only the read right). */
  viewCode?: string;
  /** Anything of the generic screen this one does differently. */
  overrides?: Partial<CrudScreenProps<RowOf<D> & GridValidRowModel>>;
}

/**
 * A whole CRUD screen from a resource definition: title, grid columns, form fields and their rules (the same rules
 * blade/ applies, in the user's language), search fields, the four calls and the buttons by the caller's codes.
 */
export function ResourceScreen<D extends ResourceDef>({ def, viewCode, overrides }: ResourceScreenProps<D>) {
  const t = useTranslations();
  const text = useMemo(() => (key: string, values?: Record<string, number>) => t(key, values), [t]);
  const schema = useMemo(() => formSchema(def, text), [def, text]);
  const entries = Object.entries(def.fields);
  const formFields: CrudField[] = entries
    .filter(([, f]) => f.form !== false)
    .map(([name, f]) => ({ name, label: t(f.label), kind: FORM_KIND[f.kind] }));
  const columns: GridColDef<RowOf<D> & GridValidRowModel>[] = entries
    .filter(([, f]) => f.list !== false)
    .map(([name, f]) => ({
      field: name,
      headerName: t(f.label),
      flex: 1,
      minWidth: 140,
      sortable: !!f.sort,
    }));
  const emptyValues: FormValues = Object.fromEntries(
    entries
      .filter(([, f]) => f.form !== false)
      .map(([name, f]) => [name, f.default ?? (f.kind === 'text' || f.kind === 'textarea' ? '' : undefined)]),
  );
  const firstCode = (rule: { codes?: readonly string[] }) => rule.codes?.[0];
  return (
    <CrudScreen<RowOf<D> & GridValidRowModel>
      title={t(`${def.key}.title`)}
      api={{
        list: `/api${def.calls.list.path}`,
        detail: `/api${def.calls.detail.path}`,
        submit: `/api${def.calls.submit.path}`,
        remove: `/api${def.calls.remove.path}`,
      }}
      columns={columns}
      fields={formFields}
      schema={schema}
      emptyValues={emptyValues}
      searchFields={formFields.filter((f) => def.fields[f.name].search)}
      permissions={{
        add: firstCode(def.access.add),
        edit: firstCode(def.access.edit),
        delete: firstCode(def.access.remove),
        view: viewCode,
      }}
      {...overrides}
    />
  );
}
