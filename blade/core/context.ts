import type { Db } from '../db/tenant';
import type { OutboundPolicy } from './outbound';
import type { StorageSet } from '../storage';

/** One e-mail as the portal sends it (codes, binding links, alerts): plain text to one address. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** The sending side of an SMTP server (modules/verify/mailer.ts makes it). */
export interface Mailer {
  /** Resolves once the SMTP server accepted the message for delivery; rejects with its refusal otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

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
  /** PUBLIC_ORIGINS: the portal origins a link in a mail may point at (modules/verify/mailer.ts linkOrigin). */
  publicOrigins: string[];
}

/** An auth session seen alive recently, as requests need it (auth.middleware.ts). */
export interface LiveSession {
  /** The roles the user holds now (id → alias): a token's roles are narrowed to these. */
  roles: ReadonlyMap<string, string>;
  /** The screen is locked: only unlock and logout pass. */
  locked: boolean;
}

export interface Caches {
  /**
   * Auth sessions seen alive recently (sid → their user's current roles and lock state); only live sessions are
   * cached. Everything that ends sessions, changes a user's roles or a role clears it in this process; other replicas
   * see a change within the TTL.
   */
  sessions: TtlMap<LiveSession>;
  /** Client credentials verified recently (digest of id:secret → expiry ms). */
  clients: TtlSet;
  /**
   * Serialised menu trees by tenant, role set and top menu: the shell asks for them on every page load, and building
   * them costs a transaction and two queries. Writes to menus and grants clear it in this process; other replicas see
   * a change within the TTL.
   */
  menus: TtlMap<string>;
  /**
   * The menu trees' response bodies, already UTF-8 encoded: the shell's most frequent call then costs no
   * serialisation and no string-to-bytes pass. Cleared together with `menus` (clearPermissionCaches).
   */
  menuBodies: TtlMap<Uint8Array<ArrayBuffer>>;
  /** Access tokens whose signature and claims were verified (token → claims and expiry). */
  tokens: TtlMap<{ auth: AuthUser; expiresAt: number }>;
}

export interface Deps {
  db: Db;
  settings: BladeSettings;
  caches: Caches;
  log: (line: string) => void;
  /** File storage (modules/files); absent only in code paths that never touch files. */
  storage?: StorageSet;
  /** The rule for connections a tenant's configuration drives (object storage, SMS, …): core/outbound.ts. */
  outbound: OutboundPolicy;
  /** The SMTP server of SMTP_URL (modules/verify/mailer.ts); absent when none is configured: mail is then refused. */
  mailer?: Mailer;
}

/** A bounded map whose entries expire; enough for a few seconds of in-process memory. */
export class TtlMap<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** A TtlMap that only remembers membership. */
export class TtlSet {
  readonly #map: TtlMap<true>;

  constructor(ttlMs: number, maxEntries?: number) {
    this.#map = new TtlMap<true>(ttlMs, maxEntries);
  }

  has(key: string): boolean {
    return this.#map.get(key) !== undefined;
  }

  add(key: string): void {
    this.#map.set(key, true);
  }

  delete(key: string): void {
    this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }
}
