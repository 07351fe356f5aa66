import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from './local';
import { S3Storage, type S3Config } from './s3';
import type { Storage } from './storage';

export { LocalStorage } from './local';
export { S3Storage, type S3Config } from './s3';
export {
  PARTIAL_MAX_AGE_MS,
  StorageNotFound,
  type ByteRange,
  type Storage,
  type StoredObject,
  type PutOptions,
} from './storage';

export interface StorageOptions {
  /** A ready store (tests, or an embedding application). */
  storage?: Storage;
  /** Use an S3-compatible store instead of the local directory. */
  s3?: S3Config;
  /** Local root; default `${dataDir}/files`. */
  root?: string;
  /**
   * Which store takes new files when both are known: `s3` (the default when `s3` is given) or `local`. The other one
   * stays readable, so files written before STORAGE_DRIVER changed are still served from where they are.
   */
  defaultKind?: 'local' | 's3';
}

// Stores that must stay readable beside a default (see StorageOptions.defaultKind). Kept beside the store rather than
// in StorageSet's signature so that callers building a set from `defaultStorage` get them without knowing.
const companions = new WeakMap<Storage, Storage[]>();

/**
 * The default store of a blade instance: the given one, else S3 when configured, else `DATA_DIR/files`. An in-memory
 * database (tests) gets a fresh directory under the system temp dir, never the real DATA_DIR.
 */
export function defaultStorage(dataDir: string, memory: boolean, options: StorageOptions = {}): Storage {
  if (options.storage) return options.storage;
  const local = () => {
    if (options.root) return new LocalStorage(options.root);
    if (memory) return new LocalStorage(path.join(os.tmpdir(), `blade-files-${process.pid}-${Date.now()}`));
    return new LocalStorage(path.join(/*turbopackIgnore: true*/ dataDir, 'files'));
  };
  if (!options.s3) return local();
  const s3 = new S3Storage(options.s3);
  const [primary, other] = options.defaultKind === 'local' ? [local(), s3] : [s3, local()];
  companions.set(primary, [other]);
  return primary;
}

/** Every store a file may be in, by `kind`: files keep the kind they were written with. */
export interface StorageSet {
  default: Storage;
  byKind(kind: string): Storage;
  /** Stops the periodic sweep of partial files. */
  close(): void;
}

const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * The stores of one blade instance. Their partial files left by a crash (SECURITY 22: an aborted upload leaves no
 * file behind) are swept now, at start-up, and every `sweepEveryMs` until close(); the timer keeps no process alive.
 */
export function storageSet(
  primary: Storage,
  others: Storage[] = [],
  sweepEveryMs = SWEEP_EVERY_MS,
): StorageSet {
  const all = new Map<string, Storage>([[primary.kind, primary]]);
  for (const s of [...others, ...(companions.get(primary) ?? [])]) if (!all.has(s.kind)) all.set(s.kind, s);
  const sweep = () => {
    // A sweep that fails is tried again at the next tick; nothing waits for it.
    for (const store of all.values()) store.sweep?.().catch(() => undefined);
  };
  sweep();
  const timer = setInterval(sweep, sweepEveryMs).unref();
  return {
    default: primary,
    byKind(kind) {
      const store = all.get(kind);
      if (!store) throw new Error(`no storage configured for kind ${kind}`);
      return store;
    },
    close: () => clearInterval(timer),
  };
}
