import { bladeOptionsFrom } from '@/blade/options';
import { filesUnder, form, pngBytes, sha256 } from '@/blade/modules/files/files.test-helpers';
import { defaultStorage, S3Storage, storageSet } from '@/blade/storage';
import { ADMIN_PASSWORD, createHarness, SETUP_TIMEOUT, type Harness } from '@/blade/testing/harness';
import { startS3rver, tempDirs, type RunningS3rver } from '@/blade/testing/s3rver';
import { ConfigError, parseConfig } from '@/lib/env';

// The instance's default file store from the environment (STORAGE_DRIVER and S3_*), used whenever a tenant has no
// enabled object storage configuration: validated at start-up, carried into blade/ by bladeOptionsFrom, and tested
// against a real S3-compatible server (s3rver on loopback).

const BASE = {
  APP_ENV: 'test',
  SESSION_SECRET: 'storage-env-session-secret-0123456789abcdef',
  JWT_SIGNING_KEY: 'storage-env-jwt-signing-key-0123456789abcdef',
  CLIENT_SECRET: 'storage-env-client-secret-0123',
};

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig({ ...BASE, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('STORAGE_DRIVER and S3_* in lib/env', () => {
  it('defaults to the local directory', () => {
    expect(parseConfig(BASE).storage).toEqual({ driver: 'local', s3: undefined });
  });

  it('needs every S3 variable for the s3 driver, and well-formed values', () => {
    expect(problems({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files' })).toEqual([
      'S3_ENDPOINT: required when STORAGE_DRIVER is s3',
      'S3_ACCESS_KEY: required when STORAGE_DRIVER is s3',
      'S3_SECRET_KEY: required when STORAGE_DRIVER is s3',
    ]);
    expect(problems({ STORAGE_DRIVER: 'minio' })).toEqual([
      'STORAGE_DRIVER: STORAGE_DRIVER must be local or s3',
    ]);
    expect(problems({ S3_ENDPOINT: 'ftp://x' })).toEqual(['S3_ENDPOINT: S3_ENDPOINT must be an http(s) URL']);
    expect(problems({ S3_BUCKET: 'Files_2026' })).toEqual([
      'S3_BUCKET: S3_BUCKET must be a bucket name (3–63 a-z, 0-9, . and -)',
    ]);
  });

  it('keeps a complete S3 configuration beside the local driver, so files written there stay readable', () => {
    const config = parseConfig({
      ...BASE,
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'portal-files',
      S3_REGION: 'cn-north-1',
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk',
    });
    expect(config.storage).toEqual({
      driver: 'local',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'portal-files',
        region: 'cn-north-1',
        accessKey: 'ak',
        secretKey: 'sk',
      },
    });
    expect(bladeOptionsFrom(config).files).toEqual({ s3: config.storage.s3, defaultKind: 'local' });
  });
});

describe('the default store against s3rver', () => {
  const dirs = tempDirs();
  const tmp = dirs.make;
  let s3server: RunningS3rver;
  let h: Harness;
  let env: Record<string, string>;
  let localRoot: string;

  beforeAll(async () => {
    s3server = await startS3rver(tmp('s3rver-env-'));
    env = {
      S3_ENDPOINT: s3server.endpoint,
      S3_BUCKET: 'portal-files',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
    };
    const config = parseConfig({ ...BASE, ...env, STORAGE_DRIVER: 's3' });
    await new S3Storage(config.storage.s3!).ensureBucket();
    localRoot = tmp('blade-env-local-');
    const files = bladeOptionsFrom(config).files;
    h = await createHarness({ files: { ...files, root: localRoot } });
    await h.login('admin', ADMIN_PASSWORD);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await h?.close();
    await s3server?.close();
    dirs.removeAll();
  }, SETUP_TIMEOUT);

  it('puts uploads in the bucket when no OSS configuration is enabled, and serves them back', async () => {
    const bytes = pngBytes(1024 * 1024 + 5);
    const res = await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      body: form({}, { name: '环境.png', bytes }),
    });
    const body = (await res.json()) as { data: { id: string; server: string; name: string } };
    expect(body.data.server).toBe('s3');
    expect(filesUnder(localRoot)).toEqual([]);
    const bucket = new S3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
    });
    expect(await bucket.stat(body.data.name)).toEqual({ size: bytes.length });
    const key = (await (
      await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${body.data.id}`)
    ).json()) as {
      data: { authKey: string };
    };
    const got = await h.authed(
      `/blade-resource/file/downloadById?id=${body.data.id}&isDownload=1&authKey=${key.data.authKey}`,
    );
    expect(sha256(Buffer.from(await got.arrayBuffer()))).toBe(sha256(bytes));

    // STORAGE_DRIVER back to local with the S3 variables kept: new files go to the directory, the bucket stays readable.
    const config = parseConfig({ ...BASE, ...env, STORAGE_DRIVER: 'local' });
    const set = storageSet(
      defaultStorage('/unused', true, { ...bladeOptionsFrom(config).files, root: localRoot }),
    );
    expect(set.default.kind).toBe('local');
    const stream = await set.byKind('s3').get(body.data.name);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    // And the other way round: with the bucket as default, files written to the directory are still found.
    const s3First = parseConfig({ ...BASE, ...env, STORAGE_DRIVER: 's3' });
    const both = storageSet(
      defaultStorage('/unused', true, { ...bladeOptionsFrom(s3First).files, root: localRoot }),
    );
    expect([both.default.kind, both.byKind('local').kind]).toEqual(['s3', 'local']);
  });
});
