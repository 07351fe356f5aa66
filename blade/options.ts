import type { BladeOptions } from './app';

/** The parts of the portal's validated configuration (lib/env.ts `Config`) that blade/ is opened with. */
export interface BladeConfigSource {
  dataDir: string;
  databaseUrl?: string;
  jwtSigningKey: string;
  captchaEnabled: boolean;
  clientId: string;
  clientSecret: string;
  adminPassword?: string;
  testHooks: boolean;
  /** DEMO_INSTITUTE (blade/demo). */
  demoInstitute?: boolean;
  /** The default file store (lib/env.ts StorageConfig): STORAGE_DRIVER and the S3_* variables. */
  storage?: {
    driver: 'local' | 's3';
    s3?: { endpoint: string; bucket: string; region?: string; accessKey: string; secretKey: string };
  };
  /** OUTBOUND_ALLOWED_HOSTS and OUTBOUND_ALLOW_PUBLIC (blade/core/outbound.ts). */
  outbound?: { allowedHosts: string[]; allowPublic: boolean };
  /** SMTP_URL and MAIL_FROM; absent when SMTP_URL is not set. */
  mail?: { url: string; from: string };
  /** PUBLIC_ORIGINS: where links in mail may point. */
  publicOrigins?: string[];
}

/** One mapping for every place that opens blade/ from configuration: the portal, `start:blade`, the bench. */
export function bladeOptionsFrom(config: BladeConfigSource, extra: Partial<BladeOptions> = {}): BladeOptions {
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSigningKey: config.jwtSigningKey,
    captchaEnabled: config.captchaEnabled,
    portalClient: { clientId: config.clientId, clientSecret: config.clientSecret },
    adminPassword: config.adminPassword,
    testHooks: config.testHooks,
    demoInstitute: config.demoInstitute,
    files: config.storage && {
      s3: config.storage.s3,
      defaultKind: config.storage.driver,
    },
    outbound: config.outbound,
    mail: config.mail,
    publicOrigins: config.publicOrigins,
    // The certificate-expiry and node-progress alerts' schedule (modules/alerts), hourly.
    alertScheduler: {},
    ...extra,
  };
}
