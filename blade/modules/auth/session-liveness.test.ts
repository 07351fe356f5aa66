import { addRole, addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

// Rights follow the user's current roles on their next request, not at the next token refresh (SECURITY 27).

let h: Harness;
let admin: string;
let userRole: string;
let adminRole: string;
let depts: string[];

harnessPerFile(async (made) => {
  h = made;
  depts = await deptIds(h.blade.db, PLATFORM);
  userRole = await roleIdByAlias(h.blade.db, PLATFORM, 'user');
  adminRole = await roleIdByAlias(h.blade.db, PLATFORM, 'administrator');
  admin = await adminToken(h);
});

const status = async (path: string, token: string) => (await h.authed(path, { token })).status;
const post = (path: string, token: string) => h.authed(path, { method: 'POST', token });

describe('role changes', () => {
  it('a role removed through blade-user/grant stops working on the next call with the old token', async () => {
    await addUser(h.blade.db, PLATFORM, {
      account: 'demoted',
      password: 'demoted-pass',
      roleIds: [userRole, adminRole],
      deptIds: [depts[0]],
    });
    const token = (await h.login('demoted', 'demoted-pass')).access_token;
    expect(await status('/blade-system/param/list', token)).toBe(200);

    const users = await h.blade.db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', 'demoted')
      .executeTakeFirstOrThrow();
    const grant = await post(`/blade-user/grant?userIds=${users.id}&roleIds=${userRole}`, admin);
    expect(grant.status).toBe(200);

    expect(await status('/blade-system/param/list', token)).toBe(403);
    const info = await (await h.authed('/blade-auth/oauth/user-info', { token })).json();
    expect(info.data).toMatchObject({ role_id: userRole, role_name: 'user' });
    // The roles still held keep working.
    expect(await status('/blade-system/menu/routes', token)).toBe(200);
  });

  it('a deleted role stops working on the next call with the old token', async () => {
    // A role named `admin` makes its holders administrators of their tenant (roles.ts).
    const tenantAdmin = await addRole(h.blade.db, PLATFORM, { name: '租户管理员', alias: 'admin' });
    await addUser(h.blade.db, PLATFORM, {
      account: 'orphaned',
      password: 'orphaned-pass',
      roleIds: [userRole, tenantAdmin],
      deptIds: [depts[0]],
    });
    const token = (await h.login('orphaned', 'orphaned-pass')).access_token;
    expect(await status('/blade-auth/oauth/clear-cache', token)).toBe(200);

    expect((await post(`/blade-system/role/remove?ids=${tenantAdmin}`, admin)).status).toBe(200);

    expect(await status('/blade-auth/oauth/clear-cache', token)).toBe(403);
  });
});

describe('GET /blade-auth/oauth/clear-cache', () => {
  it('is for administrators only', async () => {
    await addUser(h.blade.db, PLATFORM, {
      account: 'plain',
      password: 'plain-pass',
      roleIds: [userRole],
      deptIds: [depts[0]],
    });
    const plain = (await h.login('plain', 'plain-pass')).access_token;
    const refused = await h.authed('/blade-auth/oauth/clear-cache', { token: plain });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 403, success: false });
    expect(await status('/blade-auth/oauth/clear-cache', admin)).toBe(200);
  });
});
