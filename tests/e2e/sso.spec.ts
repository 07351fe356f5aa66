import { expect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../blade/modules/auth/oidc.test-helpers';
import { bladeCall, login } from './helpers';
import { createRole, staffUser } from './journey-helpers';

// SSO in the browser against a real OpenID Connect provider on loopback (oidc-provider, as the API tests run it): the
// platform tenant gets a login source whose unknown people sign in as a guest account; a person unknown to the
// tenant clicks the source's button on the login page, is signed in at the provider (the test provider's interaction
// signs in `alice` without a form), comes back through /login/callback, lands in the shell as the guest, and asks for
// an account with the registration dialog (spec 000 §4).
//
// The portal may connect to the provider only when ops allow it by name (SECURITY 24): scripts/e2e-server.mjs allows
// 127.0.0.1:<E2E_OIDC_PORT> (default 3190) in the portal's OUTBOUND_ALLOWED_HOSTS.

const port = Number(process.env.E2E_PORT ?? 3100);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3190);
const CALLBACK = `http://127.0.0.1:${port}/login/callback`;
const CLIENT = { id: 'portal-e2e', secret: 'portal-e2e-sso-secret-5d1f' };

test.describe('SSO login', () => {
  let provider: TestProvider;
  test.beforeAll(async () => {
    provider = await startTestProvider(
      [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [CALLBACK],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      oidcPort,
    );
  });
  test.afterAll(() => provider?.stop());

  test('an unknown person signs in at the provider and asks for an account', async ({ page }) => {
    await login(page);
    // The guest account: one role, alias guest, and nothing else.
    await createRole(page, { roleName: '访客', roleAlias: 'guest', sort: 99 });
    await staffUser(page, { account: 'sso-guest', password: 'Guest#e2e-2026-sso' }, 'guest', '访客');
    await bladeCall(page, 'POST', '/api/blade-system/login-source/submit', {
      kind: 'sso',
      source: 'corp',
      name: '企业账号',
      issuer: provider.issuer,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      scopes: 'openid email',
      guestAccount: 'sso-guest',
      enabled: 1,
    });
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('button', { name: '企业账号' }).click();
    // Provider, then the callback page, then the shell: the guest role opens the registration dialog.
    const dialog = page.getByTestId('register-guest-dialog');
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await dialog.getByLabel('用户姓名').fill('新同事');
    await dialog.getByLabel('账号名称').fill('newcomer');
    await dialog.getByLabel('密码', { exact: true }).fill('Newcomer#2026');
    await dialog.getByLabel('确认密码').fill('Newcomer#2026');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('注册申请已提交,请耐心等待管理员通过!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the callback page without a login begun in this tab signs nobody in', async ({ page }) => {
    await page.goto('/login/callback?code=forged&state=000000.forgedforgedforgedforgedforgedforged');
    await expect(page.getByTestId('sso-callback').getByRole('alert')).toHaveText(
      '登录回调缺少必要参数，请重新登录',
    );
  });
});
