import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';
import { request, type Dispatcher } from 'undici';
import {
  assertSafeKey,
  PARTIAL_MAX_AGE_MS,
  removeStale,
  StorageNotFound,
  type ByteRange,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3Config {
  /** `http(s)://host:port` of any S3-compatible service (MinIO, a cloud). */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region?: string;
  /** Where a stream of unknown length is spooled before the PUT (S3 wants a Content-Length). */
  spoolDir?: string;
  /**
   * What every request goes through: for a tenant's configuration the outbound rule's (core/outbound.ts), which
   * checks where it connects; the process-wide undici dispatcher for ops' own store.
   */
  dispatcher?: Dispatcher;
}

const SPOOL_PREFIX = 's3-spool-';

const TIMEOUT_MS = 30 * 60_000;

/**
 * An S3-compatible bucket over path-style URLs, signed with SigV4 (`UNSIGNED-PAYLOAD`, so bodies stream instead of
 * being hashed in memory). A PUT either stores the whole object or nothing, which is what S3 promises.
 */
export class S3Storage implements Storage {
  /** `s3` for the configured default; `oss:<id>` for a tenant's own object storage configuration. */
  constructor(
    readonly config: S3Config,
    readonly kind = 's3',
  ) {}

  get #spoolDir(): string {
    return this.config.spoolDir ?? os.tmpdir();
  }

  /** Spool files of puts that died with their process (see Storage.sweep). */
  sweep(maxAgeMs = PARTIAL_MAX_AGE_MS, now = Date.now()): Promise<number> {
    return removeStale(this.#spoolDir, SPOOL_PREFIX, maxAgeMs, now);
  }

  #url(key: string): string {
    assertSafeKey(key);
    const base = this.config.endpoint.replace(/\/+$/, '');
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${base}/${encodeURIComponent(this.config.bucket)}/${encoded}`;
  }

  async #signed(method: string, url: string, headers: Record<string, string> = {}) {
    const signer = new AwsV4Signer({
      method,
      url,
      headers,
      accessKeyId: this.config.accessKey,
      secretAccessKey: this.config.secretKey,
      service: 's3',
      region: this.config.region ?? 'us-east-1',
    });
    const signed = await signer.sign();
    const out: Record<string, string> = {};
    signed.headers.forEach((value, name) => {
      out[name] = value;
    });
    return out;
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    if (options.size === undefined) return this.#putSpooled(key, body, options);
    const url = this.#url(key);
    const headers = await this.#signed('PUT', url, {
      'content-type': options.contentType ?? 'application/octet-stream',
    });
    const res = await request(url, {
      method: 'PUT',
      dispatcher: this.config.dispatcher,
      headers: { ...headers, 'content-length': String(options.size) },
      body,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`S3 PUT ${res.statusCode}: ${text.slice(0, 200)}`);
    return { size: options.size };
  }

  async #putSpooled(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    const dir = this.#spoolDir;
    await mkdir(dir, { recursive: true });
    const spool = path.join(dir, `${SPOOL_PREFIX}${randomUUID()}`);
    try {
      await pipeline(body, createWriteStream(spool, { flags: 'wx', mode: 0o600 }));
      const { size } = await stat(spool);
      return await this.put(key, createReadStream(spool), { ...options, size });
    } finally {
      await rm(spool, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const url = this.#url(key);
    const rangeHeader: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const res = await request(url, {
      method: 'GET',
      dispatcher: this.config.dispatcher,
      headers: await this.#signed('GET', url, rangeHeader),
      headersTimeout: 30_000,
      bodyTimeout: TIMEOUT_MS,
    });
    if (res.statusCode === 404) {
      await res.body.dump();
      throw new StorageNotFound(key);
    }
    if (res.statusCode >= 300) {
      const text = await res.body.text();
      throw new Error(`S3 GET ${res.statusCode}: ${text.slice(0, 200)}`);
    }
    // A store that ignored the Range would hand back the whole object under a 206 Content-Range: refuse instead.
    if (range && res.statusCode !== 206) {
      await res.body.dump();
      throw new Error(`S3 GET with Range answered ${res.statusCode}`);
    }
    return res.body;
  }

  async stat(key: string): Promise<StoredObject | null> {
    const url = this.#url(key);
    const res = await request(url, {
      method: 'HEAD',
      dispatcher: this.config.dispatcher,
      headers: await this.#signed('HEAD', url),
    });
    await res.body.dump();
    if (res.statusCode === 404) return null;
    if (res.statusCode >= 300) throw new Error(`S3 HEAD ${res.statusCode}`);
    return { size: Number(res.headers['content-length'] ?? 0) };
  }

  async delete(key: string): Promise<void> {
    const url = this.#url(key);
    const res = await request(url, {
      method: 'DELETE',
      dispatcher: this.config.dispatcher,
      headers: await this.#signed('DELETE', url),
    });
    await res.body.dump();
    if (res.statusCode >= 300 && res.statusCode !== 404) throw new Error(`S3 DELETE ${res.statusCode}`);
  }

  /** Creates the bucket when it does not exist (tests and first start against an empty MinIO). */
  async ensureBucket(): Promise<void> {
    const url = `${this.config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.config.bucket)}`;
    const { dispatcher } = this.config;
    const head = await request(url, { method: 'HEAD', dispatcher, headers: await this.#signed('HEAD', url) });
    await head.body.dump();
    if (head.statusCode < 300) return;
    const res = await request(url, { method: 'PUT', dispatcher, headers: await this.#signed('PUT', url) });
    const text = await res.body.text();
    if (res.statusCode >= 300 && res.statusCode !== 409)
      throw new Error(`S3 make bucket ${res.statusCode}: ${text}`);
  }
}
