import type { BladeOptions } from '../app';
import { addRole, addTenant, addUser, deptIds, grantMenu } from '../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, SETUP_TIMEOUT, type Harness } from '../testing/harness';

/** The second tenant of the module tests that check what one tenant may see and change of another's. */
export const TENANT_B = { tenantId: '300001', tenantName: 'B 公司', adminPassword: 'b-admin-pass' } as const;

export interface TenantBSetup {
  h: Harness;
  /** The platform administrator's token. */
  admin: string;
  /** Tenant B's administrator's token. */
  tenantAdmin: string;
}

/**
 * The file's database (hooks at file level): the platform and tenant B, whose administrator holds `grants` as a tenant
 * package would grant them. `prepare` adds what the file needs before the two administrators sign in; `ready` gets the
 * harness and both tokens once set up.
 */
export function setUpTenantB(
  options: {
    harness?: Partial<BladeOptions>;
    grants?: readonly string[];
    prepare?: (h: Harness) => Promise<void>;
  },
  ready: (setup: TenantBSetup) => void,
): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await createHarness(options.harness);
    const b = await addTenant(h.blade.db, TENANT_B);
    for (const code of options.grants ?? []) await grantMenu(h.blade.db, TENANT_B.tenantId, b.roleId, code);
    await options.prepare?.(h);
    ready({
      h,
      admin: (await h.login('admin', ADMIN_PASSWORD)).access_token,
      tenantAdmin: (await h.login('admin', TENANT_B.adminPassword, TENANT_B.tenantId)).access_token,
    });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await h?.close();
  }, SETUP_TIMEOUT);
}

/** Signs in a new plain user of tenant B (a role with the `user` alias and no rights, in one of its depts). */
export async function plainUserOfTenantB(h: Harness): Promise<string> {
  const role = await addRole(h.blade.db, TENANT_B.tenantId, { name: '用户', alias: 'user' });
  await addUser(h.blade.db, TENANT_B.tenantId, {
    account: 'plain',
    password: 'plain-pass',
    roleIds: [role],
    deptIds: (await deptIds(h.blade.db, TENANT_B.tenantId)).slice(0, 1),
  });
  return (await h.login('plain', 'plain-pass', TENANT_B.tenantId)).access_token;
}
