import type { Db } from '../db/tenant';

/** Who is calling, from the verified access token only. */
export interface AuthUser {
  tenantId: string;
  userId: string;
  account: string;
  roleIds: string[];
  roleAliases: string[];
  deptIds: string[];
  postIds: string[];
  clientId: string;
  sid: string;
}

export interface BladeEnv {
  Variables: { auth: AuthUser };
  // Present when served by @hono/node-server; absent for in-process calls.
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
}

export interface BladeSettings {
  jwtSigningKey: string;
  captchaEnabled: boolean;
  refreshGraceSeconds: number;
  testHooks: boolean;
}

export interface Caches {
  /** Auth sessions seen alive recently (sid → expiry ms). Only positive answers are cached. */
  sessions: TtlSet;
  /** Client credentials verified recently (digest of id:secret → expiry ms). */
  clients: TtlSet;
}

export interface Deps {
  db: Db;
  settings: BladeSettings;
  caches: Caches;
  log: (line: string) => void;
}

/** A bounded set whose members expire; enough for a few seconds of in-process memory. */
export class TtlSet {
  readonly #entries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  has(key: string): boolean {
    const expires = this.#entries.get(key);
    if (expires === undefined) return false;
    if (expires > Date.now()) return true;
    this.#entries.delete(key);
    return false;
  }

  add(key: string): void {
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, Date.now() + this.ttlMs);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
