import { addTenant, addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { ADMIN_PASSWORD, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

let h: Harness;
let a: { admin: string; userId: string; plainId: string };
let b: { admin: string; userId: string; plainId: string };

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  const tenantB = await addTenant(db, {
    tenantId: '200001',
    tenantName: 'B 公司',
    adminPassword: 'b-admin-pass',
  });
  const bPlain = await addUser(db, '200001', {
    account: 'plain',
    password: 'b-plain-pass',
    roleIds: [tenantB.roleId],
    deptIds: [tenantB.deptId],
  });
  const [dept] = await deptIds(db, PLATFORM);
  const aPlain = await addUser(db, PLATFORM, {
    account: 'plain',
    password: 'a-plain-pass',
    roleIds: [await roleIdByAlias(db, PLATFORM, 'user')],
    deptIds: [dept],
  });
  const aLogin = await h.login('admin', ADMIN_PASSWORD);
  const bLogin = await h.login('admin', 'b-admin-pass', '200001');
  a = { admin: aLogin.access_token, userId: aLogin.user_id, plainId: aPlain };
  b = { admin: bLogin.access_token, userId: bLogin.user_id, plainId: bPlain };
});

describe('two tenants', () => {
  it('logs each tenant admin into their own tenant', async () => {
    const info = (await (await h.authed('/blade-auth/oauth/user-info', { token: b.admin })).json()) as {
      data: Record<string, string>;
    };
    expect(info.data).toMatchObject({ tenant_id: '200001', role_name: 'admin', tenant_name: 'B 公司' });
  });

  it("gives tenant B 404 for tenant A's user ids", async () => {
    for (const id of [a.userId, a.plainId]) {
      for (const path of ['dept', 'role']) {
        const res = await h.authed(`/blade-system/${path}/select?userId=${id}`, { token: b.admin });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 404, success: false });
      }
    }
  });

  it("gives even the platform administrator 404 for tenant B's user ids on tenant-scoped calls", async () => {
    expect((await h.authed(`/blade-system/dept/select?userId=${b.plainId}`, { token: a.admin })).status).toBe(
      404,
    );
  });

  it('lets a tenant admin see their own users', async () => {
    const res = await h.authed(`/blade-system/role/select?userId=${b.plainId}`, { token: b.admin });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Array<{ tenantId: string }> }).data).toEqual([
      expect.objectContaining({ tenantId: '200001' }),
    ]);
  });

  it("does not treat a tenant's admin as the platform administrator", async () => {
    expect((await h.authed('/blade-system/param/list', { token: b.admin })).status).toBe(403);
  });

  it('keeps accounts per tenant: the same account name logs into its own tenant only', async () => {
    expect((await h.login('plain', 'a-plain-pass')).tenant_id).toBe(PLATFORM);
    expect((await h.login('plain', 'b-plain-pass', '200001')).tenant_id).toBe('200001');
    expect((await h.tryLogin('plain', 'a-plain-pass', '200001')).status).toBe(400);
  });

  it('shows tenant B no menus it was not granted', async () => {
    const res = (await (await h.authed('/blade-system/menu/routes', { token: b.admin })).json()) as {
      data: unknown[];
    };
    expect(res.data).toEqual([]);
  });
});
