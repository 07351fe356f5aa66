import { formatDateTime } from '../../core/dates';
import { auditFields } from '../../core/vo';
import type { DeptRow, RoleRow, UserRow } from '../../db/schema';

const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女' };

/** UserVO (contract §7.4.1) without `password`: the hash never leaves the server. */
export function toUserVO(user: UserRow, roles: RoleRow[], depts: DeptRow[]) {
  return {
    ...auditFields(user),
    tenantId: user.tenant_id,
    code: user.code,
    userType: user.user_type,
    account: user.account,
    name: user.name,
    realName: user.real_name,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    birthday: formatDateTime(user.birthday),
    sex: user.sex ?? -1,
    sexName: user.sex ? (SEX_NAMES[user.sex] ?? '') : '',
    roleId: user.role_id,
    deptId: user.dept_id,
    postId: user.post_id,
    roleName: roles.map((r) => r.role_name).join(','),
    deptName: depts.map((d) => d.dept_name).join(','),
    postName: '',
  };
}
