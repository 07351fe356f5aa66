import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import { storageSet } from './index';
import { StorageNotFound, type Storage } from './storage';
import { startS3rver, tempDirs, type RunningS3rver } from '../testing/s3rver';

// The same contract against the local directory and a real S3-compatible server (s3rver) on loopback.

const dirs = tempDirs();
const tmp = dirs.make;

let s3server: RunningS3rver;
let s3: S3Storage;

beforeAll(async () => {
  s3server = await startS3rver(tmp('s3rver-'));
  s3 = new S3Storage({
    endpoint: s3server.endpoint,
    bucket: 'blade-files',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    spoolDir: tmp('s3-spool-'),
  });
  await s3.ensureBucket();
});

afterAll(async () => {
  await s3server?.close();
  dirs.removeAll();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `total` bytes in 64 KB chunks that fails after `failAfter` bytes when given. */
function chunked(data: Buffer, failAfter?: number): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) {
        this.destroy(new Error('connection reset'));
        return;
      }
      if (offset >= data.length) return this.push(null);
      this.push(data.subarray(offset, offset + 65536));
      offset += 65536;
    },
  });
}

const stores: [string, () => Storage][] = [
  ['local', () => new LocalStorage(tmp('local-store-'))],
  ['s3', () => s3],
];

describe.each(stores)('%s storage', (_name, make) => {
  it('puts, stats, gets and deletes a streamed object byte for byte', async () => {
    const store = make();
    const data = randomBytes(3 * 1024 * 1024 + 1);
    const key = `000000/2026/11/${randomBytes(16).toString('hex')}.png`;
    await store.put(key, chunked(data), { contentType: 'image/png' });
    expect(await store.stat(key)).toEqual({ size: data.length });
    expect(sha(await readAll(await store.get(key)))).toBe(sha(data));
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(StorageNotFound);
    await store.delete(key);
  });

  it('stores nothing when the stream fails midway', async () => {
    const store = make();
    const key = `000000/2026/11/${randomBytes(16).toString('hex')}.png`;
    await expect(store.put(key, chunked(randomBytes(1024 * 1024), 300_000))).rejects.toThrow();
    expect(await store.stat(key)).toBeNull();
    if (store instanceof LocalStorage) expect(readdirSync(path.join(store.root, '.partial'))).toEqual([]);
  });

  it('refuses keys that could leave the root', async () => {
    const store = make();
    await expect(store.put('../etc/passwd', chunked(Buffer.from('x')))).rejects.toThrow(/unsafe/);
    await expect(store.get('a/../../b')).rejects.toThrow(/unsafe/);
  });
});

describe('partial files left by a crash', () => {
  const HOUR = 60 * 60_000;
  const write = (file: string, ageMs: number) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'half an upload');
    const when = new Date(Date.now() - ageMs);
    utimesSync(file, when, when);
    return file;
  };
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('are swept when the stores start and periodically until they close, fresh ones and objects kept', async () => {
    const local = new LocalStorage(tmp('local-sweep-'));
    const spoolDir = tmp('s3-sweep-');
    const bucket = new S3Storage({ ...s3.config, spoolDir });
    const partial = (name: string) => path.join(local.root, '.partial', name);
    const crashed = write(partial('crashed'), 2 * HOUR);
    const uploading = write(partial('uploading'), 60_000);
    const object = write(path.join(local.root, '000000/2026/11/old.png'), 3 * HOUR);
    const spool = write(path.join(spoolDir, 's3-spool-crashed'), 2 * HOUR);
    const notOurs = write(path.join(spoolDir, 'other-file'), 2 * HOUR);

    const set = storageSet(local, [bucket], 100);
    try {
      await until(() => !existsSync(crashed) && !existsSync(spool));
      expect([crashed, uploading, object, spool, notOurs].map(existsSync)).toEqual([
        false,
        true,
        true,
        false,
        true,
      ]);

      const later = write(partial('crashed-later'), 2 * HOUR);
      await until(() => !existsSync(later));
      expect(existsSync(later)).toBe(false);
    } finally {
      set.close();
    }
    const afterClose = write(partial('after-close'), 2 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(afterClose)).toBe(true);
    expect(existsSync(uploading)).toBe(true);
  });

  it('leaves the file of a put in progress', async () => {
    const local = new LocalStorage(tmp('local-sweep-live-'));
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(1000));
    const put = local.put(`000000/2026/11/${randomBytes(16).toString('hex')}.png`, body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await local.sweep()).toBe(0);
    expect(readdirSync(path.join(local.root, '.partial'))).toHaveLength(1);
    body.push(null);
    await expect(put).resolves.toEqual({ size: 1000 });
  });
});
