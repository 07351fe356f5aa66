import type { FieldOption } from '@/components/crud/types';
import { snakeCase, type FieldDef, type ResourceDef } from '@/lib/contracts/resource';

/**
 * The definition with columns the list answers beyond its fields (a contract's projectName, a receipt's contract
 * code…): shown in the grid, never in the form, the search bar or a sort.
 */
export function withAnswered<D extends ResourceDef, E extends string>(def: D, labels: Record<E, string>) {
  const extra = Object.fromEntries(
    Object.entries<string>(labels).map(([name, label]) => [
      name,
      { column: snakeCase(name), kind: 'text', label, form: false } satisfies FieldDef,
    ]),
  ) as Record<E, FieldDef & { kind: 'text' }>;
  return { ...def, fields: { ...def.fields, ...extra } };
}

/** A list's rows as select options. */
export const optionsOf = <R extends { id: string }>(rows: R[], label: (row: R) => string): FieldOption[] =>
  rows.map((r) => ({ value: String(r.id), label: label(r) }));

/** The detail page of a record. */
export const detailHref = (page: 'projectManagement' | 'contractManagement', id: string) =>
  `/administration/${page}_detail?id=${encodeURIComponent(id)}`;

/** A dictionary item's label (the raw value while the dictionary loads). */
export const dictLabel = (options: FieldOption[] | undefined, value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : (options?.find((o) => String(o.value) === String(value))?.label ?? String(value));
