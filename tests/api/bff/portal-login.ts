import { GET, POST } from '@/app/api/[...path]/route';
import { GET as captchaAnswer } from '@/app/api/test-hooks/captcha/route';
import { md5Hex } from '@/blade/modules/auth/password';
import { PLATFORM } from '@/blade/testing/harness';
import { apiRequest, sameOrigin } from './helpers';

// Signing in through the portal's own calls, as the login page does (the in-process blade with the config's testHooks
// and captchaEnabled).

/** A captcha from the portal and its answer, read through the test hook. */
export async function portalCaptcha(): Promise<{ key: string; answer: string }> {
  const captcha = await (await GET(apiRequest('/api/blade-auth/oauth/captcha'))).json();
  const { key } = captcha.data as { key: string };
  const answer = (await (await captchaAnswer(apiRequest(`/api/test-hooks/captcha?key=${key}`))).json()).data
    .answer as string;
  return { key, answer };
}

/** The portal's token call with the captcha grant for `account` of the platform tenant: the raw response. */
export async function portalLogin(account: string, password: string): Promise<Response> {
  const { key, answer } = await portalCaptcha();
  const query = new URLSearchParams({
    tenantId: PLATFORM,
    username: account,
    password: md5Hex(password),
    grant_type: 'captcha',
    scope: 'all',
    type: 'account',
  });
  return POST(
    apiRequest(`/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { ...sameOrigin, 'tenant-id': PLATFORM, 'captcha-key': key, 'captcha-code': answer },
    }),
  );
}
