import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from './zod';
import { isKnownDefaultKey } from '@/lib/schemas/known-keys';

/**
 * The only reader of process.env. Everything configurable is validated here once; a bad value stops start-up with a
 * readable message (see formatConfigError). blade/ receives the parts it needs as a plain object.
 *
 * APP_ENV decides how strict we are. `next start` always forces NODE_ENV=production, so scripts/start.mjs records the
 * operator's NODE_ENV as APP_ENV before Next overwrites it: `npm start` on a laptop is development (secrets generated
 * and kept in DATA_DIR), NODE_ENV=production is production (secrets required, known defaults refused).
 */

const boolish = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const secret = (name: string, minLength: number) =>
  z
    .string()
    .min(minLength, `${name} must be at least ${minLength} characters`)
    .refine((v) => !isKnownDefaultKey(v), `${name} is a publicly known default and is refused`);

const origin = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === v.replace(/\/$/, '');
  } catch {
    return false;
  }
}, 'each origin must look like https://host[:port] with no path');

/** An OUTBOUND_ALLOWED_HOSTS entry: `host`, `host:port` or `http(s)://host[:port]`, nothing more. */
const outboundHost = z.string().refine((v) => {
  try {
    const u = new URL(/^https?:\/\//i.test(v) ? v : `http://${v}`);
    return !/[/?#@\\]/.test(v.replace(/^https?:\/\//i, '')) && u.pathname === '/' && !!u.hostname;
  } catch {
    return false;
  }
}, 'each OUTBOUND_ALLOWED_HOSTS entry must be host, host:port or http(s)://host[:port]');

/** An IPv4/IPv6 address, optionally with a CIDR prefix length. */
const proxyAddress = z.string().refine((v) => {
  const [address, prefix, extra] = v.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}, 'each TRUSTED_PROXIES entry must be an IP address or CIDR range');

const rawSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).optional(),
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  BLADE_API_URL: z.url({ protocol: /^https?$/, error: 'BLADE_API_URL must be an http(s) URL' }).optional(),
  SESSION_SECRET: z.string().optional(),
  JWT_SIGNING_KEY: z.string().optional(),
  CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{2,48}$/, 'CLIENT_ID must be 2–48 letters, digits, _ . -')
    .optional(),
  CLIENT_SECRET: z.string().optional(),
  CAPTCHA_ENABLED: boolish.default(true),
  TOKEN_TIME: z.coerce.number().int().min(30).max(86400).default(3000),
  PUBLIC_ORIGINS: csv.pipe(z.array(origin)).optional(),
  TRUSTED_PROXIES: csv.pipe(z.array(proxyAddress)).default([]),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SESSION_IDLE_TIMEOUT: z.coerce
    .number()
    .int()
    .min(60)
    .default(2 * 3600),
  SESSION_ABSOLUTE_TIMEOUT: z.coerce
    .number()
    .int()
    .min(300)
    .default(12 * 3600),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30000),
  UPSTREAM_UPLOAD_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30 * 60 * 1000),
  TEST_HOOKS: boolish.default(false),
  /** `npm run demo`: make the demo institute's tenant and data once (blade/demo). The variable is the ask: it runs
   * in production too when set, never when unset. */
  DEMO_INSTITUTE: boolish.default(false),
  BENCH_ECHO_FILE: z.string().optional(),
  BLADE_PORT: z.coerce.number().int().min(1).max(65535).default(8100),
  BLADE_HOST: z.string().optional(),
  BASE_PATH: z
    .string()
    .regex(
      /^(\/[A-Za-z0-9._~-]+)+$/,
      'BASE_PATH must look like /portal or /apps/portal (no trailing slash, no query)',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  RATE_LIMIT_LOGIN_ACCOUNT: z.coerce.number().int().min(1).max(100000).default(20),
  RATE_LIMIT_LOGIN_ADDRESS: z.coerce.number().int().min(1).max(1000000).default(1200),
  RATE_LIMIT_CAPTCHA_ADDRESS: z.coerce.number().int().min(1).max(1000000).default(2400),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120000).default(25000),
  PORTAL_SERVER: boolish.default(false),
  HOST: z.string().min(1).optional(),
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60000).optional(),
  // Files (blade/storage): the instance's default store when a tenant has no enabled object storage configuration.
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'STORAGE_DRIVER must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3–63 a-z, 0-9, . and -)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'S3_REGION must look like us-east-1')
    .optional(),
  S3_ACCESS_KEY: z.string().max(128).optional(),
  S3_SECRET_KEY: z.string().max(256).optional(),
  // Where a tenant's configuration (object storage, SMS, …) may make the server connect: blade/core/outbound.ts.
  OUTBOUND_ALLOWED_HOSTS: csv.pipe(z.array(outboundHost)).default([]),
  OUTBOUND_ALLOW_PUBLIC: boolish.default(false),
  // Mail (verification codes, e-mail binding links): the SMTP server and the sender. Without SMTP_URL every call that
  // would send mail says it cannot (blade/modules/verify/mailer.ts).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
});

export type AppEnv = 'development' | 'test' | 'production';

export interface Config {
  appEnv: AppEnv;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  bladeApiUrl?: string;
  /** First key seals, all keys open (rotation). */
  sessionSecrets: string[];
  jwtSigningKey: string;
  clientId: string;
  clientSecret: string;
  captchaEnabled: boolean;
  tokenTime: number;
  publicOrigins: string[];
  trustedProxies: string[];
  adminPassword?: string;
  sessionIdleTimeout: number;
  sessionAbsoluteTimeout: number;
  upstreamConnectTimeoutMs: number;
  upstreamTimeoutMs: number;
  upstreamUploadTimeoutMs: number;
  testHooks: boolean;
  /** DEMO_INSTITUTE: blade/ makes the demo tenant on start-up unless it exists (blade/demo/README.md). */
  demoInstitute: boolean;
  /** Bench only: a file whose bytes /api/bench-echo answers with (Next's own ceiling for the proxy benchmark). */
  benchEchoFile?: string;
  /** `npm run start:blade`: where the standalone API listens. */
  bladePort: number;
  bladeHost?: string;
  /** Sub-path the portal is served under (`/portal`), '' at the root. Fixed at build time (see next.config.mjs). */
  basePath: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Login attempts allowed per account from one address (tenant + account + address) in 10 minutes (lib/bff/rate-limit.ts). */
  rateLimitLoginAccount: number;
  /** Login attempts allowed per client address in 10 minutes: a whole office behind one proxy address shares it. */
  rateLimitLoginAddress: number;
  /** Captcha images allowed per client address in 10 minutes. */
  rateLimitCaptchaAddress: number;
  /** SIGTERM: how long in-flight requests may run before the process exits anyway (scripts/server.mjs). */
  shutdownGraceMs: number;
  /**
   * Set by scripts/server.mjs (never by operators): that server rewrites X-Forwarded-* from the TCP peer, so the
   * forwarded headers a route handler sees are facts, whether or not TRUSTED_PROXIES is set.
   */
  forwardedVerified: boolean;
  /**
   * The default file store: `local` (DATA_DIR/files) or `s3`. `s3` is the S3-compatible bucket of the S3_* variables,
   * present whenever they are all set, so files written there stay readable after STORAGE_DRIVER goes back to local.
   */
  storage: StorageConfig;
  /**
   * Endpoints a tenant's configuration may use (blade/core/outbound.ts): those ops allow by name
   * (OUTBOUND_ALLOWED_HOSTS; S3_ENDPOINT always is) and, only when OUTBOUND_ALLOW_PUBLIC is on (default off), public
   * endpoints whose every resolved address is checked at connect time.
   */
  outbound: { allowedHosts: string[]; allowPublic: boolean };
  /** SMTP_URL and MAIL_FROM (default `portal@<host of SMTP_URL>`); absent without SMTP_URL. */
  mail?: { url: string; from: string };
}

export interface StorageConfig {
  driver: 'local' | 's3';
  s3?: { endpoint: string; bucket: string; region?: string; accessKey: string; secretKey: string };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type GeneratedSecrets = { SESSION_SECRET?: string; JWT_SIGNING_KEY?: string; CLIENT_SECRET?: string };

/** Development convenience: secrets that were not configured are generated once and kept in DATA_DIR. */
function developmentSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(/*turbopackIgnore: true*/ dataDir, 'secrets.json');
  let stored: GeneratedSecrets = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets;
  const wanted: GeneratedSecrets = {
    SESSION_SECRET: stored.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    JWT_SIGNING_KEY: stored.JWT_SIGNING_KEY ?? randomBytes(48).toString('base64url'),
    CLIENT_SECRET: stored.CLIENT_SECRET ?? randomBytes(24).toString('base64url'),
  };
  if (JSON.stringify(wanted) !== JSON.stringify(stored)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(wanted, null, 2), { mode: 0o600 });
  }
  return wanted;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset": docker-compose and .env files produce them for blank entries.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = rawSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`));
  }
  const raw = parsed.data;
  const appEnv: AppEnv = raw.APP_ENV ?? (raw.NODE_ENV === 'production' ? 'production' : 'development');
  const dataDir = path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR);
  const problems: string[] = [];

  let generated: GeneratedSecrets = {};
  const missing = (['SESSION_SECRET', 'JWT_SIGNING_KEY', 'CLIENT_SECRET'] as const).filter((k) => !raw[k]);
  if (missing.length > 0) {
    if (appEnv === 'production') problems.push(...missing.map((k) => `${k}: required in production`));
    else generated = developmentSecrets(dataDir);
  }

  const check = (name: string, value: string | undefined, schema: z.ZodType<string>) => {
    if (value === undefined) return '';
    const r = schema.safeParse(value);
    if (!r.success) problems.push(...r.error.issues.map((i) => `${name}: ${i.message}`));
    return value;
  };

  const sessionSecretRaw = raw.SESSION_SECRET ?? generated.SESSION_SECRET;
  const sessionSecrets = (sessionSecretRaw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  sessionSecrets.forEach((s, i) =>
    check(i === 0 ? 'SESSION_SECRET' : `SESSION_SECRET[${i}]`, s, secret('SESSION_SECRET', 32)),
  );
  const jwtSigningKey = check(
    'JWT_SIGNING_KEY',
    raw.JWT_SIGNING_KEY ?? generated.JWT_SIGNING_KEY,
    secret('JWT_SIGNING_KEY', 32),
  );
  const clientSecret = check(
    'CLIENT_SECRET',
    raw.CLIENT_SECRET ?? generated.CLIENT_SECRET,
    secret('CLIENT_SECRET', 16),
  );

  if (raw.TEST_HOOKS && appEnv === 'production')
    problems.push('TEST_HOOKS: test hooks are refused in production');
  if (raw.BENCH_ECHO_FILE && appEnv === 'production') problems.push('BENCH_ECHO_FILE: refused in production');
  if (appEnv === 'production' && !raw.PUBLIC_ORIGINS) problems.push('PUBLIC_ORIGINS: required in production');
  const s3Vars = {
    S3_ENDPOINT: raw.S3_ENDPOINT,
    S3_BUCKET: raw.S3_BUCKET,
    S3_ACCESS_KEY: raw.S3_ACCESS_KEY,
    S3_SECRET_KEY: raw.S3_SECRET_KEY,
  };
  const s3Missing = Object.entries(s3Vars)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (raw.STORAGE_DRIVER === 's3')
    problems.push(...s3Missing.map((k) => `${k}: required when STORAGE_DRIVER is s3`));

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    appEnv,
    port: raw.PORT,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    bladeApiUrl: raw.BLADE_API_URL?.replace(/\/+$/, ''),
    sessionSecrets,
    jwtSigningKey,
    clientId: raw.CLIENT_ID ?? 'portal',
    clientSecret,
    captchaEnabled: raw.CAPTCHA_ENABLED,
    tokenTime: raw.TOKEN_TIME,
    publicOrigins: (
      raw.PUBLIC_ORIGINS ?? [`http://localhost:${raw.PORT}`, `http://127.0.0.1:${raw.PORT}`]
    ).map((o) => o.replace(/\/$/, '')),
    trustedProxies: raw.TRUSTED_PROXIES,
    adminPassword: raw.ADMIN_PASSWORD,
    sessionIdleTimeout: raw.SESSION_IDLE_TIMEOUT,
    sessionAbsoluteTimeout: raw.SESSION_ABSOLUTE_TIMEOUT,
    upstreamConnectTimeoutMs: raw.UPSTREAM_CONNECT_TIMEOUT_MS,
    upstreamTimeoutMs: raw.UPSTREAM_TIMEOUT_MS,
    upstreamUploadTimeoutMs: raw.UPSTREAM_UPLOAD_TIMEOUT_MS,
    testHooks: raw.TEST_HOOKS,
    demoInstitute: raw.DEMO_INSTITUTE,
    benchEchoFile: raw.BENCH_ECHO_FILE,
    bladePort: raw.BLADE_PORT,
    bladeHost: raw.BLADE_HOST,
    basePath: raw.BASE_PATH ?? '',
    // Under jest the request log would bury the test output; tests that read it set their own logger.
    logLevel: raw.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info'),
    rateLimitLoginAccount: raw.RATE_LIMIT_LOGIN_ACCOUNT,
    rateLimitLoginAddress: raw.RATE_LIMIT_LOGIN_ADDRESS,
    rateLimitCaptchaAddress: raw.RATE_LIMIT_CAPTCHA_ADDRESS,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS,
    forwardedVerified: raw.PORTAL_SERVER,
    storage: {
      driver: raw.STORAGE_DRIVER,
      s3:
        s3Missing.length === 0
          ? {
              endpoint: raw.S3_ENDPOINT!.replace(/\/+$/, ''),
              bucket: raw.S3_BUCKET!,
              region: raw.S3_REGION,
              accessKey: raw.S3_ACCESS_KEY!,
              secretKey: raw.S3_SECRET_KEY!,
            }
          : undefined,
    },
    outbound: { allowedHosts: raw.OUTBOUND_ALLOWED_HOSTS, allowPublic: raw.OUTBOUND_ALLOW_PUBLIC },
    mail: raw.SMTP_URL
      ? { url: raw.SMTP_URL, from: raw.MAIL_FROM ?? `portal@${new URL(raw.SMTP_URL).hostname}` }
      : undefined,
  };
}

const globalConfig = globalThis as unknown as { __portalConfig?: Config };

/** The process-wide configuration, parsed on first use. */
export function getConfig(): Config {
  if (!globalConfig.__portalConfig) globalConfig.__portalConfig = parseConfig(process.env);
  return globalConfig.__portalConfig;
}

/** Tests replace the configuration wholesale. */
export function setConfigForTests(config: Config | undefined): void {
  globalConfig.__portalConfig = config;
}
