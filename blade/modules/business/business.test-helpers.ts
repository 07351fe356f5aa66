import { addRole, addUser, deptIds, grantMenus } from '../../testing/fixtures';
import { PLATFORM, type Harness } from '../../testing/harness';
import type { TokenBody } from '../../testing/harness';

/**
 * Two users of one role holding `codes` and the `project` data scope "own department" (type 3), in the seed's two
 * child departments: what a near user creates, the far one must not reach. Logged in; their login answers.
 */
export async function departmentPair(
  h: Harness,
  admin: string,
  role: { name: string; alias: string; codes: readonly string[] },
): Promise<{ near: TokenBody; far: TokenBody }> {
  const db = h.blade.db;
  const depts = await deptIds(db, PLATFORM);
  const roleId = await addRole(db, PLATFORM, { name: role.name, alias: role.alias });
  await grantMenus(db, PLATFORM, roleId, ['administration', ...role.codes]);
  const menu = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'project')
    .executeTakeFirstOrThrow();
  const added = await h.call('/blade-system/data-scope/submit', admin, {
    menuId: menu.id,
    resourceCode: 'project',
    scopeName: `本部门项目（${role.alias}）`,
    scopeType: 3,
  });
  if (added.code !== 200) throw new Error(`data scope: ${added.msg}`);
  const scopes = (await h.call(`/blade-system/data-scope/list?menuId=${menu.id}&size=100`, admin)).data
    .records as Array<{
    id: string;
    scopeName: string;
  }>;
  const scope = scopes.find((s) => s.scopeName === `本部门项目（${role.alias}）`)!;
  await h.call('/blade-system/role/grant', admin, { roleIds: [roleId], dataScopeIds: [scope.id] });
  const login = async (suffix: string, dept: string) => {
    const account = `${role.alias}_${suffix}`;
    await addUser(db, PLATFORM, { account, password: `${account}-pass`, roleIds: [roleId], deptIds: [dept] });
    return h.login(account, `${account}-pass`);
  };
  return { near: await login('near', depts[1]), far: await login('far', depts[2]) };
}
