import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { KeyedError } from './errors';
import { zhText } from './refusal-keys';

/**
 * The one rule for connections that a tenant's configuration drives (object storage now; SMS, e-mail and identity
 * providers as they come), SECURITY 24. An endpoint is scheme, host and port. It is used when ops allow it by name
 * (OUTBOUND_ALLOWED_HOSTS; the deployment's own S3_ENDPOINT always is), or, when ops permit public endpoints
 * (OUTBOUND_ALLOW_PUBLIC), through a dispatcher that checks every address a name resolves to at connect time, so
 * neither a name nor DNS rebinding reaches loopback, private, link-local or metadata addresses. Redirects are never
 * followed: the callers use undici's `request`, which hands a 3xx back as it is.
 */

/** A name's addresses, as dns.lookup with `all: true` answers. Injectable so tests need neither DNS nor hosts file. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface OutboundOptions {
  /**
   * OUTBOUND_ALLOWED_HOSTS: endpoints a tenant may use whatever they resolve to (the private MinIO), as `host:port`,
   * `http(s)://host[:port]`, or `host` alone for the default ports 80 and 443.
   */
  allowedHosts?: string[];
  /** OUTBOUND_ALLOW_PUBLIC: other endpoints are usable when every address they resolve to is public. Default false. */
  allowPublic?: boolean;
  /** Tests: the resolver (default dns.lookup). */
  resolve?: Resolve;
}

/** Which setting an endpoint is: the refusal names it in the reader's language (`common.outbound.label`). */
export type EndpointLabel =
  | 'address'
  | 'ossEndpoint'
  | 'ossPublic'
  | 'smsEndpoint'
  | 'storage'
  | 'mailServer'
  | 'wechat'
  | 'identityProvider'
  | 'allowedHosts'
  | 's3Endpoint';

type RefusalReason =
  | 'notHttp'
  | 'credentials'
  | 'originOnly'
  | 'internal'
  | 'notAllowed'
  | 'malformed'
  | 'unresolved'
  | 'connectRefused';

/** A refused endpoint or connection: a 400 whose message names the setting (`label`) and the reason. */
export class OutboundRefused extends KeyedError {
  constructor(reason: RefusalReason, label?: EndpointLabel) {
    super(`common.outbound.${reason}`, label ? { labelKey: `common.outbound.label.${label}` } : undefined);
    this.name = 'OutboundRefused';
  }
}

export const CONNECT_REFUSED = zhText('common.outbound.connectRefused');

export interface Endpoint {
  /** `scheme://host[:port]` as the WHATWG parser normalises it (lower case, canonical IPv4, default port dropped). */
  origin: string;
  /** Without the brackets of an IPv6 literal and without a trailing dot. */
  host: string;
  port: number;
}

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

// The URL parser drops tabs and newlines inside a URL and trims spaces and controls around it; an endpoint that
// needs any of that, or that holds `?`, `#` or `@` at all (an empty query or userinfo leaves no trace in URL fields),
// is not a plain scheme://host:port.
const NOT_PLAIN = /[\s\u0000-\u001f\u007f?#@\\]/;

/** Parses an http(s) URL whose origin matters; path, query and fragment are the caller's business. */
function parseUrl(value: string, label: EndpointLabel): { url: URL; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundRefused('notHttp', label);
  }
  const port = DEFAULT_PORT[url.protocol];
  if (port === undefined) throw new OutboundRefused('notHttp', label);
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/*[^/?#\\]*@/i.test(value))
    throw new OutboundRefused('credentials', label);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return { url, host, port: url.port ? Number(url.port) : port };
}

/** scheme://host[:port] and nothing else (an empty path or `/` is fine), normalised; else OutboundRefused. */
export function parseEndpoint(value: string, label: EndpointLabel = 'address'): Endpoint {
  const { url, host, port } = parseUrl(value, label);
  if (NOT_PLAIN.test(value) || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    throw new OutboundRefused('originOnly', label);
  return { origin: url.origin, host, port };
}

const notPublicV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  notPublicV4.addSubnet(net, bits, 'ipv4');

// IPv6 is public only inside global unicast 2000::/3 — that leaves out ::, ::1, IPv4-compatible ::/96, fc00::/7,
// fe80::/10, fec0::/10, multicast and the translation prefixes — and outside the special blocks within it.
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const notPublicV6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23], // IETF protocol assignments, Teredo (whose client address is obfuscated)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside, deprecated
  ['3fff::', 20], // documentation
] as const)
  notPublicV6.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 literal (zone id dropped). */
function v6Groups(address: string): number[] {
  let text = address.split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Whether a literal address may be connected to for a tenant. IPv4-mapped (::ffff:a.b.c.d) and NAT64
 * (64:ff9b::a.b.c.d) addresses are judged by the IPv4 address inside; anything that is not an IP address is not.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  if (family !== 6) return false;
  const g = v6Groups(address);
  const embedsV4 =
    (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0));
  if (embedsV4) return isPublicAddress(`${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`);
  const canonical = g.map((x) => x.toString(16)).join(':');
  return globalV6.check(canonical, 'ipv6') && !notPublicV6.check(canonical, 'ipv6');
}

/** RFC 6761: these names are loopback wherever they are resolved. */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** net.connect's `lookup` over `resolve`; with `check`, refuses a name any of whose addresses is not public. */
function lookupThrough(resolve: Resolve, check: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolve(hostname)
      .then((all) => {
        if (check && all.some((a) => !isPublicAddress(a.address)))
          throw new OutboundRefused('connectRefused');
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (addresses.length === 0)
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return addresses;
      })
      .then(
        (addresses) =>
          options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family),
        (err: NodeJS.ErrnoException) => callback(err, ''),
      );
  };
}

/** The connector of public endpoints: every address is checked before connecting and once more after. */
function guardedConnector(resolve: Resolve): buildConnector.connector {
  const connect = buildConnector({ lookup: lookupThrough(resolve, true) });
  return (options, callback) => {
    // net.connect skips `lookup` for a literal address, so a literal is judged here.
    if (isIP(options.hostname) && !isPublicAddress(options.hostname)) {
      callback(new OutboundRefused('connectRefused'), null);
      return;
    }
    connect(options, (...args) => {
      const [err, socket] = args;
      if (err) return callback(err, null);
      if (!isPublicAddress(socket!.remoteAddress ?? '')) {
        socket!.destroy();
        return callback(new OutboundRefused('connectRefused'), null);
      }
      callback(null, socket!);
    });
  };
}

/** How long a save waits for a name to resolve before leaving the judgement to the connection. */
const SAVE_RESOLVE_MS = 5_000;

const hostKey = (host: string, port: number) => `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;

/** The keys an OUTBOUND_ALLOWED_HOSTS entry allows: its host and port, or the default ports when it names none. */
function allowedKeys(entry: string): string[] {
  const text = entry.trim();
  const withScheme = /^https?:\/\//i.test(text);
  const { host, port } = parseEndpoint(withScheme ? text : `http://${text}`, 'allowedHosts');
  if (withScheme || /:\d+$/.test(text)) return [hostKey(host, port)];
  return [hostKey(host, 80), hostKey(host, 443)];
}

export interface OutboundRoute {
  /** The endpoint's normalised origin: build request URLs from it. */
  origin: string;
  /** Send every request to it through this dispatcher. */
  dispatcher: Dispatcher;
}

export class OutboundPolicy {
  readonly #allowed = new Set<string>();
  readonly #allowPublic: boolean;
  readonly #resolve: Resolve;
  #byName?: Agent;
  #public?: Agent;

  /** `opsEndpoints`: ops' own endpoints (the default store's S3_ENDPOINT), allowed by name. */
  constructor(options: OutboundOptions = {}, opsEndpoints: string[] = []) {
    this.#allowPublic = options.allowPublic ?? false;
    this.#resolve = options.resolve ?? systemResolve;
    for (const entry of options.allowedHosts ?? [])
      for (const key of allowedKeys(entry)) this.#allowed.add(key);
    for (const endpoint of opsEndpoints) {
      const { host, port } = parseUrl(endpoint, 's3Endpoint');
      this.#allowed.add(hostKey(host, port));
    }
  }

  /** Why `endpoint` may be used: ops allow it by name, or it is public (its addresses still to be checked). */
  #permit(endpoint: { host: string; port: number }, label: EndpointLabel): 'name' | 'public' {
    if (this.#allowed.has(hostKey(endpoint.host, endpoint.port))) return 'name';
    if (isLocalhostName(endpoint.host) || (isIP(endpoint.host) && !isPublicAddress(endpoint.host)))
      throw new OutboundRefused('internal', label);
    if (!this.#allowPublic) throw new OutboundRefused('notAllowed', label);
    return 'public';
  }

  /**
   * Save time: the normalised endpoint, or OutboundRefused with a message for the form. A public name is resolved
   * once here so that an internal one is refused with a clear answer; the connection checks it again regardless.
   */
  async accept(value: string, label: EndpointLabel): Promise<string> {
    const endpoint = parseEndpoint(value, label);
    if (this.#permit(endpoint, label) === 'name' || isIP(endpoint.host)) return endpoint.origin;
    let timer: NodeJS.Timeout | undefined;
    const addresses = await Promise.race([
      this.#resolve(endpoint.host).catch(() => []),
      new Promise<[]>((resolve) => (timer = setTimeout(resolve, SAVE_RESOLVE_MS, []))),
    ]).finally(() => clearTimeout(timer));
    if (addresses.some((a) => !isPublicAddress(a.address))) throw new OutboundRefused('internal', label);
    return endpoint.origin;
  }

  /**
   * For a URL the server never fetches but hands to browsers (an avatar image): http(s), no userinfo, and its host
   * and port allowed by name. Public hosts are not enough here: one of them is the portal itself.
   */
  allowsUrlByName(value: string): boolean {
    try {
      const { host, port } = parseUrl(value, 'address');
      return !/[\s\u0000-\u001f\u007f\\]/.test(value) && this.#allowed.has(hostKey(host, port));
    } catch {
      return false;
    }
  }

  /**
   * Connect time for a protocol other than HTTP (a tenant's SMTP server): the address to open the socket to. A host
   * ops allow by name is connected to by name; any other must be public, and is connected to by the address checked
   * here, so DNS cannot answer differently between the check and the connection.
   */
  async connectAddress(host: string, port: number, label: EndpointLabel): Promise<string> {
    const endpoint = {
      host: host
        .trim()
        .replace(/^\[(.*)\]$/, '$1')
        .replace(/\.$/, '')
        .toLowerCase(),
      port,
    };
    if (!endpoint.host || /[\s\u0000-\u001f\u007f/\\@?#]/.test(endpoint.host))
      throw new OutboundRefused('malformed', label);
    if (this.#permit(endpoint, label) === 'name' || isIP(endpoint.host)) return endpoint.host;
    const addresses = await this.#resolve(endpoint.host).catch(() => []);
    if (addresses.length === 0) throw new OutboundRefused('unresolved', label);
    if (addresses.some((a) => !isPublicAddress(a.address))) throw new OutboundRefused('connectRefused');
    return addresses[0].address;
  }

  /** Connect time: where and through what a client of a tenant's configured endpoint sends its requests. */
  route(value: string, label: EndpointLabel): OutboundRoute {
    const endpoint = parseEndpoint(value, label);
    if (this.#permit(endpoint, label) === 'name') {
      this.#byName ??= new Agent({ connect: { lookup: lookupThrough(this.#resolve, false) } });
      return { origin: endpoint.origin, dispatcher: this.#byName };
    }
    this.#public ??= new Agent({ connect: guardedConnector(this.#resolve) });
    return { origin: endpoint.origin, dispatcher: this.#public };
  }

  async close(): Promise<void> {
    await Promise.all([this.#byName?.close(), this.#public?.close()]);
  }
}
