import type { Deps } from '../../../core/context';
import { splitIds } from '../../../core/tree';
import { userSelectRoute } from '../user-select.route';
import { findRolesByIds } from './role.repository';
import { toRoleVO } from './role.vo';

// GET /blade-system/role/select?userId — the roles of a user (the dept/role switch dialog).
export const roleRoutes = (deps: Deps) =>
  userSelectRoute(
    deps,
    '/role/select',
    (trx, tenantId, user) => findRolesByIds(trx, tenantId, splitIds(user.role_id)),
    toRoleVO,
  );
