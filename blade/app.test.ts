import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBlade, type BladeOptions } from './app';
import { md5Hex } from './modules/auth/password';
import { basicHeader, SETUP_TIMEOUT, TEST_SIGNING_KEY, testDatabase } from './testing/harness';

const base: Omit<BladeOptions, 'dataDir'> = {
  memory: true,
  jwtSigningKey: TEST_SIGNING_KEY,
  captchaEnabled: false,
  portalClient: { clientId: 'portal', clientSecret: 'first-client-secret-1' },
  log: () => {},
};

/**
 * Two starts of an on-disk database from nothing (initdb, every migration, the seed), where the other suites copy a
 * seeded template: on two busy cores in CI this has taken over a minute, so it gets three setup budgets.
 */
const TWO_COLD_STARTS_TIMEOUT = 3 * SETUP_TIMEOUT;

describe('createBlade', () => {
  it.each([
    ['a short key', 'too-short'],
    [
      'a publicly known Blade key',
      'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
    ],
    ['a repeated character', 'x'.repeat(64)],
  ])('refuses to start with %s', async (_name, jwtSigningKey) => {
    await expect(createBlade({ ...base, dataDir: '/nonexistent', jwtSigningKey })).rejects.toThrow(
      /jwtSigningKey/,
    );
  });

  it(
    'generates the admin password once, keeps it in a 600 file, and applies a changed client secret on restart',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'blade-start-'));
      const database = await testDatabase();
      const lines: string[] = [];
      const options = {
        ...base,
        memory: false,
        dataDir,
        databaseUrl: database.databaseUrl,
        log: (l: string) => lines.push(l),
      };
      try {
        let blade = await createBlade(options);
        const file = path.join(dataDir, 'admin-password.txt');
        const password = readFileSync(file, 'utf8').trim();
        expect(password.length).toBeGreaterThanOrEqual(16);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(lines).toEqual([`[blade] admin password (tenant 000000): ${password}  (also in ${file})`]);
        await blade.close();

        blade = await createBlade({
          ...options,
          portalClient: { clientId: 'portal', clientSecret: 'second-client-secret-2' },
        });
        expect(lines).toHaveLength(1);
        const login = (secret: string) =>
          blade.app.request(
            `/blade-auth/oauth/token?grant_type=password&username=admin&password=${md5Hex(password)}`,
            {
              method: 'POST',
              headers: { Authorization: basicHeader('portal', secret) },
            },
          );
        expect((await login('first-client-secret-1')).status).toBe(401);
        expect((await login('second-client-secret-2')).status).toBe(200);
        await blade.close();
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TWO_COLD_STARTS_TIMEOUT,
  );
});
