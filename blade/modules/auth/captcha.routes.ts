import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { parseQuery } from '../../core/validation';
import { captchaImage, randomAnswer } from './captcha-image';
import { peekCaptcha, storeCaptcha } from './captcha.repository';

const CAPTCHA_TTL_SECONDS = 300;

export function captchaRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-auth/oauth/captcha — public; {key, image}; the answer stays in the database for 5 minutes.
  router.get('/oauth/captcha', async (c) => {
    const key = randomUUID();
    const answer = randomAnswer(5);
    await storeCaptcha(deps.db, key, answer, CAPTCHA_TTL_SECONDS);
    return c.json(ok({ key, image: captchaImage(answer) }));
  });

  if (deps.settings.testHooks) {
    // GET /blade-auth/oauth/captcha/answer?key= — test hook only (TEST_HOOKS, refused in production by lib/env).
    router.get('/oauth/captcha/answer', async (c) => {
      const { key } = parseQuery(c, z.object({ key: z.string().min(1).max(64) }));
      return c.json(ok({ answer: (await peekCaptcha(deps.db, key)) ?? '' }));
    });
  }

  return router;
}
