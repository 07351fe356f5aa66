import { envelope } from '@/lib/bff/envelope';
import { callUpstream, passThrough } from '@/lib/bff/forward';
import { MSG } from '@/lib/bff/messages';
import { getConfig } from '@/lib/env';

/**
 * GET /api/test-hooks/captcha?key= — the answer to a captcha, for end-to-end tests only. Does not exist unless
 * TEST_HOOKS is on (which production refuses to start with).
 */
export async function handleCaptchaAnswer(request: Request): Promise<Response> {
  if (!getConfig().testHooks) return envelope(404, MSG.notFound);
  const key = new URL(request.url).searchParams.get('key') ?? '';
  const upstream = await callUpstream({
    method: 'GET',
    pathAndQuery: `/blade-auth/oauth/captcha/answer?key=${encodeURIComponent(key)}`,
    headers: new Headers({ accept: 'application/json' }),
    signal: request.signal,
  });
  return passThrough(upstream);
}
