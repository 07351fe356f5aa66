import type { ReactNode } from 'react';
import type { LookupSpec } from './lookup-field';

/** A node of Blade's generic picker tree (contract §7.1 TreeNode); menu/dept/role/dict/region trees all use it. */
export interface TreeNode {
  id: string;
  parentId?: string;
  title: string;
  key?: string;
  value?: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}

/** Blade's page object (contract §4.2); clients read `records` and `total`. */
export interface BladePage<T> {
  records: T[];
  total: number;
  size?: number;
  current?: number;
  pages?: number;
}

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'password'
  | 'select'
  | 'tree'
  | 'treeMulti'
  | 'switch'
  | 'date'
  | 'datetime'
  /** A calendar day sent as `yyyy-MM-dd` (a date column); `date` sends Blade's `yyyy-MM-dd 00:00:00`. */
  | 'day'
  /** An amount typed as decimal text (two decimals at most), never turned into a float. */
  | 'money'
  /** A record picked by searching the server (`lookup`): for tables too long to load as options. */
  | 'lookup'
  | 'custom';

export type FormMode = 'add' | 'edit' | 'view';

export interface FieldOption {
  value: string | number;
  label: string;
}

export type FormValues = Record<string, unknown>;

/** One form or search field. Labels are already translated by the caller. */
export interface CrudField {
  name: string;
  label: string;
  kind?: FieldKind;
  options?: FieldOption[];
  /** For `lookup`. */
  lookup?: LookupSpec;
  /** For `tree` / `treeMulti`. */
  tree?: TreeNode[];
  /** Shown but not editable in these modes (e.g. a dictionary child's code and parent). */
  readOnlyIn?: FormMode[];
  /** Left out of the form in these modes. */
  hiddenIn?: FormMode[];
  /** Span both columns of the two-column form. */
  wide?: boolean;
  placeholder?: string;
  /** For `custom`: render any control. */
  render?: (props: {
    value: unknown;
    onChange: (value: unknown) => void;
    onBlur: () => void;
    error?: string;
    disabled: boolean;
  }) => ReactNode;
}
