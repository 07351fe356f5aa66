import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
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
