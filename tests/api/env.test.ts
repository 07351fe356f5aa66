import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, parseConfig } from '@/lib/env';

const strong = {
  SESSION_SECRET: 'a-session-secret-that-is-long-enough-0123',
  JWT_SIGNING_KEY: 'a-jwt-signing-key-that-is-long-enough-456789',
  CLIENT_SECRET: 'client-secret-0123456789',
  PUBLIC_ORIGINS: 'https://portal.example.com',
};

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig', () => {
  it('applies the documented defaults in development and keeps generated secrets in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'env-'));
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      appEnv: 'development',
      port: 3000,
      captchaEnabled: true,
      tokenTime: 3000,
    });
    expect(config.sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(stored.JWT_SIGNING_KEY).toBe(config.jwtSigningKey);
    // Generated once: a second start reads the same secrets.
    expect(parseConfig({ DATA_DIR: dataDir }).jwtSigningKey).toBe(config.jwtSigningKey);
  });

  it('requires secrets and public origins in production', () => {
    const found = problems({ NODE_ENV: 'production' });
    expect(found).toEqual(
      expect.arrayContaining([
        'SESSION_SECRET: required in production',
        'JWT_SIGNING_KEY: required in production',
        'CLIENT_SECRET: required in production',
        'PUBLIC_ORIGINS: required in production',
      ]),
    );
    expect(problems({ NODE_ENV: 'production', ...strong })).toEqual([]);
  });

  it('refuses the published Blade signing keys and short secrets', () => {
    expect(
      problems({
        NODE_ENV: 'production',
        ...strong,
        JWT_SIGNING_KEY:
          'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
      }),
    ).toEqual(['JWT_SIGNING_KEY: JWT_SIGNING_KEY is a publicly known default and is refused']);
    expect(problems({ NODE_ENV: 'production', ...strong, SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET: SESSION_SECRET must be at least 32 characters',
    ]);
  });

  it('explains bad values by name', () => {
    expect(problems({ ...strong, PORT: 'abc' })[0]).toMatch(/^PORT: /);
    expect(problems({ ...strong, CAPTCHA_ENABLED: 'maybe' })[0]).toMatch(/^CAPTCHA_ENABLED: /);
    expect(problems({ ...strong, DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ]);
    expect(problems({ ...strong, PUBLIC_ORIGINS: 'https://a.example/path' })[0]).toMatch(/^PUBLIC_ORIGINS/);
    expect(problems({ ...strong, TRUSTED_PROXIES: '10.0.0.1,not-an-ip' })[0]).toMatch(/^TRUSTED_PROXIES/);
    expect(problems({ ...strong, TRUSTED_PROXIES: '10.0.0.0/8, ::1' })).toEqual([]);
  });

  it('refuses test hooks in production and reads rotation keys', () => {
    expect(problems({ NODE_ENV: 'production', ...strong, TEST_HOOKS: '1' })).toEqual([
      'TEST_HOOKS: test hooks are refused in production',
    ]);
    const config = parseConfig({
      ...strong,
      SESSION_SECRET: `${strong.SESSION_SECRET},old-session-secret-still-opens-0123456`,
    });
    expect(config.sessionSecrets).toHaveLength(2);
  });
});
