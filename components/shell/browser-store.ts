/**
 * Browser-stored UI state (spec 000 §3 "Stored browser keys carry a configured prefix and hold data type, content and
 * time stamp"). A tiny external store per key, read with useSyncExternalStore so that server renders use the
 * default and the client switches to the stored value right after hydration.
 */

export const STORE_PREFIX = 'portal-';

interface Stored<T> {
  dataType: string;
  content: T;
  datetime: number;
}

type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStore<T>(name: string, fallback: T, kind: Area = 'local'): T {
  if (typeof window === 'undefined') return fallback;
  const raw = area(kind)?.getItem(STORE_PREFIX + name);
  if (!raw) return fallback;
  try {
    const parsed = JSON.parse(raw) as Stored<T>;
    return parsed && 'content' in parsed ? parsed.content : fallback;
  } catch {
    return fallback;
  }
}

export function writeStore<T>(name: string, content: T, kind: Area = 'local'): void {
  const stored: Stored<T> = {
    dataType: Array.isArray(content) ? 'array' : typeof content,
    content,
    datetime: Date.now(),
  };
  try {
    area(kind)?.setItem(STORE_PREFIX + name, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the state lives for this page only.
  }
}

export function removeStore(name: string, kind: Area = 'local'): void {
  area(kind)?.removeItem(STORE_PREFIX + name);
}

/** A value kept in browser storage with change notification (also across browser tabs for localStorage). */
export class PersistentValue<T> {
  #listeners = new Set<() => void>();
  #cache: { value: T } | undefined;

  constructor(
    readonly name: string,
    readonly fallback: T,
    readonly kind: Area = 'local',
  ) {}

  get = (): T => {
    if (typeof window === 'undefined') return this.fallback;
    this.#cache ??= { value: readStore(this.name, this.fallback, this.kind) };
    return this.#cache.value;
  };

  getServer = (): T => this.fallback;

  set = (value: T | ((prev: T) => T)): void => {
    const next = typeof value === 'function' ? (value as (prev: T) => T)(this.get()) : value;
    this.#cache = { value: next };
    writeStore(this.name, next, this.kind);
    this.#listeners.forEach((l) => l());
  };

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORE_PREFIX + this.name) return;
      this.#cache = undefined;
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      this.#listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };

  /** Tests and logout: forget the cached value. */
  reset = (): void => {
    this.#cache = undefined;
  };
}
