/**
 * Issue 18: what a first visit costs — the JavaScript and CSS the browser receives (compressed, as transferred) for
 * the login page and for /wel/index, each in a fresh browser profile (an empty cache), in Debian's chromium.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config';

export interface FirstLoad {
  scripts: number;
  stylesheets: number;
  /** Compressed bytes of the page's JavaScript and CSS responses, in KB (1,000 bytes). */
  transferredKb: number;
  /** The same files uncompressed, in KB. */
  decodedKb: number;
}

async function measure(page: Page, url: string): Promise<FirstLoad> {
  const assets: Promise<{ type: string; encoded: number; decoded: number }>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push(
      (async () => {
        const sizes = await request.sizes();
        const body = await (await request.response())?.body();
        return { type, encoded: sizes.responseBodySize, decoded: body?.length ?? 0 };
      })(),
    );
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(assets);
  const kb = (n: number) => Math.round(n / 100) / 10;
  return {
    scripts: done.filter((a) => a.type === 'script').length,
    stylesheets: done.filter((a) => a.type === 'stylesheet').length,
    transferredKb: kb(done.reduce((sum, a) => sum + a.encoded, 0)),
    decodedKb: kb(done.reduce((sum, a) => sum + a.decoded, 0)),
  };
}

/** `sessionCookie` is `portal-session=…` of a signed-in administrator. */
export async function runFirstLoadBench(base: string, sessionCookie: string) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const anonymous = await browser.newContext();
    const login = await measure(await anonymous.newPage(), `${base}/login`);
    await anonymous.close();
    const signedIn = await browser.newContext();
    const [name, value] = sessionCookie.split(/=(.*)/s);
    await signedIn.addCookies([{ name, value, url: base }]);
    const home = await measure(await signedIn.newPage(), `${base}/wel/index`);
    await signedIn.close();
    return {
      login,
      home,
      targets: { loginKbAtMost: 250, homeKbAtMost: 350 },
      met: { login: login.transferredKb <= 250, home: home.transferredKb <= 350 },
    };
  } finally {
    await browser.close();
  }
}
