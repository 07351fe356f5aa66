import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config';

/**
 * The production-shape suite (`npm run test:deploy`): the standalone build copied alone to an empty directory,
 * Debian's nginx in front of it on loopback, two host names, graceful shutdown, backups. Each spec starts the
 * processes it needs on ports 3141–3159; the build is made once by global-setup.ts.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: '../../test-results/deploy',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 300_000,
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    ignoreHTTPSErrors: true,
    launchOptions: chromiumLaunchOptions([
      // The staff host and the customer domain both resolve to loopback, where nginx listens.
      '--host-resolver-rules=MAP portal.example.test 127.0.0.1, MAP customer.example.test 127.0.0.1',
    ]),
    screenshot: 'only-on-failure',
  },
});
