import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from './local';
import { S3Storage, type S3Config } from './s3';
import type { Storage } from './storage';

export { LocalStorage } from './local';
export { S3Storage, type S3Config } from './s3';
export { StorageNotFound, type Storage, type StoredObject, type PutOptions } from './storage';

export interface StorageOptions {
  /** A ready store (tests, or an embedding application). */
  storage?: Storage;
  /** Use an S3-compatible store instead of the local directory. */
  s3?: S3Config;
  /** Local root; default `${dataDir}/files`. */
  root?: string;
}

/**
 * The default store of a blade instance: the given one, else S3 when configured, else `DATA_DIR/files`. An in-memory
 * database (tests) gets a fresh directory under the system temp dir, never the real DATA_DIR.
 */
export function defaultStorage(dataDir: string, memory: boolean, options: StorageOptions = {}): Storage {
  if (options.storage) return options.storage;
  if (options.s3) return new S3Storage(options.s3);
  if (options.root) return new LocalStorage(options.root);
  if (memory) return new LocalStorage(path.join(os.tmpdir(), `blade-files-${process.pid}-${Date.now()}`));
  return new LocalStorage(path.join(/*turbopackIgnore: true*/ dataDir, 'files'));
}

/** Every store a file may be in, by `kind`: files keep the kind they were written with. */
export interface StorageSet {
  default: Storage;
  byKind(kind: string): Storage;
}

export function storageSet(primary: Storage, others: Storage[] = []): StorageSet {
  const all = new Map<string, Storage>([[primary.kind, primary]]);
  for (const s of others) if (!all.has(s.kind)) all.set(s.kind, s);
  return {
    default: primary,
    byKind(kind) {
      const store = all.get(kind);
      if (!store) throw new Error(`no storage configured for kind ${kind}`);
      return store;
    },
  };
}
