import type { FieldDef } from '../resource';

/**
 * The parent of a row of a tree resource (dept, role): `0` for a root, else the parent's id. Clients send it as text
 * or as a JSON number; a blank one is a root.
 */
export function parentField(label: string): FieldDef {
  return {
    column: 'parent_id',
    kind: 'text',
    label,
    max: 20,
    pattern: { regex: /^(0|[1-9]\d{0,18})$/, message: 'common.validation.ids' },
    acceptsNumber: true,
    default: '0',
    list: false,
  };
}
