import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/**
 * Files under one directory (default `DATA_DIR/files`). A put writes to `.partial/` and renames into place only when
 * the whole stream arrived, so a reader never sees half a file and an aborted upload leaves nothing; what a crash
 * leaves there, sweep removes (StorageSet runs it at start-up and periodically).
 */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  readonly #partialDir: string;

  constructor(readonly root: string) {
    this.#partialDir = path.join(/*turbopackIgnore: true*/ root, '.partial');
  }

  sweep(maxAgeMs = PARTIAL_MAX_AGE_MS, now = Date.now()): Promise<number> {
    return removeStale(this.#partialDir, '', maxAgeMs, now);
  }

  #path(key: string): string {
    assertSafeKey(key);
    return path.join(/*turbopackIgnore: true*/ this.root, key);
  }

  async put(key: string, body: Readable, _options?: PutOptions): Promise<StoredObject> {
    const final = this.#path(key);
    const partialDir = this.#partialDir;
    await mkdir(partialDir, { recursive: true });
    await mkdir(path.dirname(final), { recursive: true });
    const partial = path.join(partialDir, randomUUID());
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      await rename(partial, final);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { size: (await stat(final)).size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#path(key);
    try {
      await stat(file);
    } catch {
      throw new StorageNotFound(key);
    }
    return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.#path(key));
      return { size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}
