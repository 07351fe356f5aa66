import type { GridColDef } from '@mui/x-data-grid';
import { z } from '@/lib/zod';
import { joinIds, splitIds } from '@/components/crud/ids';
import type { CrudField, FormMode, FormValues, TreeNode } from '@/components/crud/types';

/*
 * The account form shared by the staff's users and the external users (both are blade-user accounts): its rules,
 * fields, columns, empty values and the row ↔ form ↔ body conversions. Each screen lists the pieces in its own order
 * and adds its own fields; the labels and messages come from `system.user`.
 */

type AccountMessage =
  | 'accountRequired'
  | 'realNameRequired'
  | 'passwordRule'
  | 'emailInvalid'
  | 'roleRequired'
  | 'deptRequired'
  | 'passwordMismatch';

type AccountLabel =
  'account' | 'realName' | 'password' | 'password2' | 'name' | 'phone' | 'email' | 'role' | 'dept';

/**
 * The account form's rules: account, names, the password pair on add, phone, e-mail, roles and departments; `extra`
 * adds a screen's own fields.
 */
export function accountSchema(mode: FormMode, t: (key: AccountMessage) => string, extra: z.ZodRawShape = {}) {
  return z
    .object({
      account: z.string().trim().min(1, t('accountRequired')).max(45),
      realName: z.string().trim().min(1, t('realNameRequired')).max(10),
      name: z.string().trim().max(20).optional(),
      password: mode === 'add' ? z.string().min(6, t('passwordRule')).max(64) : z.any(),
      password2: z.any(),
      phone: z.string().trim().max(45).optional(),
      email: z.union([z.literal(''), z.email(t('emailInvalid'))]).optional(),
      roleId: z.array(z.string()).min(1, t('roleRequired')),
      deptId: z.array(z.string()).min(1, t('deptRequired')),
      ...extra,
    })
    .refine((v) => mode !== 'add' || v.password === v.password2, {
      path: ['password2'],
      message: t('passwordMismatch'),
    });
}

/** The form's fields in groups: sign-in (the account is fixed once created; the password pair only on add), contact. */
export function accountFields(
  t: (key: AccountLabel) => string,
  trees: { role: TreeNode[]; dept: TreeNode[] },
) {
  const signIn: CrudField[] = [
    { name: 'account', label: t('account'), readOnlyIn: ['edit'] },
    { name: 'realName', label: t('realName') },
    { name: 'password', label: t('password'), kind: 'password', hiddenIn: ['edit', 'view'] },
    { name: 'password2', label: t('password2'), kind: 'password', hiddenIn: ['edit', 'view'] },
    { name: 'name', label: t('name') },
  ];
  const contact: CrudField[] = [
    { name: 'phone', label: t('phone') },
    { name: 'email', label: t('email') },
  ];
  const role: CrudField = { name: 'roleId', label: t('role'), kind: 'treeMulti', tree: trees.role };
  const dept: CrudField = { name: 'deptId', label: t('dept'), kind: 'treeMulti', tree: trees.dept };
  return { signIn, contact, role, dept };
}

/** A blade-user account as both user pages list it (role and department ids comma-joined, with their names). */
export interface AccountUser {
  id: string;
  account: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
  roleId: string;
  deptId: string;
  roleName: string;
  deptName: string;
}

type AccountRow = Pick<AccountUser, 'account' | 'realName' | 'roleName' | 'deptName' | 'phone' | 'email'>;

/** The grid columns an account row has, by field. */
export function accountColumns<Row extends AccountRow>(t: (key: AccountLabel) => string) {
  return {
    account: { field: 'account', headerName: t('account'), flex: 1, minWidth: 120, sortable: true },
    realName: { field: 'realName', headerName: t('realName'), flex: 1, minWidth: 100, sortable: true },
    roleName: { field: 'roleName', headerName: t('role'), flex: 1, minWidth: 120 },
    deptName: { field: 'deptName', headerName: t('dept'), flex: 1, minWidth: 120 },
    phone: { field: 'phone', headerName: t('phone'), width: 130 },
    email: { field: 'email', headerName: t('email'), flex: 1, minWidth: 160 },
  } satisfies Record<keyof AccountRow, GridColDef<Row>>;
}

export const emptyAccount: FormValues = {
  account: '',
  realName: '',
  name: '',
  password: '',
  password2: '',
  phone: '',
  email: '',
  roleId: [],
  deptId: [],
};

/** A row as the form holds it: Blade's comma-joined role and department ids as lists. */
export function accountToForm(row: object): FormValues {
  const { roleId, deptId } = row as { roleId?: unknown; deptId?: unknown };
  return { ...row, roleId: splitIds(roleId), deptId: splitIds(deptId) };
}

/** The form as blade-user takes it: ids comma-joined, the grid's names dropped, the password pair only on add. */
export function accountToBody(values: FormValues, mode: FormMode): FormValues {
  const { password, password2, roleName: _r, deptName: _d, ...rest } = values;
  return {
    ...rest,
    roleId: joinIds(values.roleId as string[]),
    deptId: joinIds(values.deptId as string[]),
    // blade-user hashes the form's password as a login would (md5, then argon2id); edits never send one.
    ...(mode === 'add' ? { password, password2 } : {}),
  };
}
