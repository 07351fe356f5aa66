import { externalUserResource } from '../../../lib/contracts/system/external-user';
import { userResource } from '../../../lib/contracts/system/user';
import { describeResource } from '../../testing/contract';
import { addRole, deptIds } from '../../testing/fixtures';
import { PLATFORM } from '../../testing/harness';
import type { Db } from '../../db/tenant';

// The user and the external-user pages share blade_user: each suite's rows are its own user type. The password is
// an input of the add hook, not a field, so the answers never carry it.
const fixtures = async (db: Db) => ({
  role: await addRole(db, PLATFORM, { name: '契约角色', alias: 'contract_role' }),
  dept: (await deptIds(db, PLATFORM))[0],
});
const sample = (n: number, { role, dept }: { role: string; dept: string }) => ({
  account: `contract_user_${n}`,
  roleId: role,
  deptId: dept,
  name: `用户${n}`,
  realName: `姓名${n}`,
  email: `user${n}@example.com`,
  phone: `1380000${String(n).padStart(4, '0')}`,
  password: 'Contract#Pass-1',
});

describeResource(userResource, { fixtures, sample });
describeResource(externalUserResource, { fixtures, sample });
