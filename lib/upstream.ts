import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Agent, type Dispatcher } from 'undici';
import type { Blade } from '@/blade';
import { PayloadTooLargeError } from '@/blade/core/body-limit';
import { envelope } from '@/lib/bff/envelope';
import { MSG } from '@/lib/bff/messages';
import { getConfig, type Config } from '@/lib/env';
import { bladeLog, getLogger } from '@/lib/log';

/**
 * The one way the portal reaches the Blade API: in process (the embedded blade/, default) or over HTTP when
 * BLADE_API_URL is set. Callers build a Request whose origin is ignored: only its path and query are used, appended
 * to the fixed base, so no caller can point the portal elsewhere (SECURITY 9).
 *
 * Transport faults never throw: a timeout answers a 504 envelope, an unreachable upstream a 503 envelope, and a
 * caller whose client went away gets a 499 nobody reads (SECURITY 11).
 */

export interface UpstreamFetchOptions {
  /** Time allowed until the response headers arrive (and, over HTTP, between body chunks). */
  timeoutMs: number;
  /** The browser request's signal: when the client goes away, the upstream call is aborted. */
  signal?: AbortSignal;
}

/** A call to the upstream: never a URL, only a path appended to the fixed base (SECURITY 9). */
export interface UpstreamRequest {
  method: string;
  /** Normalised path plus query string, e.g. `/blade-system/menu/routes?x=1`. */
  pathAndQuery: string;
  headers: Headers;
  /** Ignored for GET and HEAD. */
  body?: ReadableStream<Uint8Array> | string | null;
}

export interface Upstream {
  fetch(req: UpstreamRequest, opts: UpstreamFetchOptions): Promise<Response>;
  close(): Promise<void>;
}

/** Origin of the Requests handed to the embedded API; it reads only their path, any origin works. */
const UPSTREAM_ORIGIN = 'http://upstream';

/** `duplex` is required by Node for a streamed body but missing from the DOM typings. */
export type StreamingRequestInit = RequestInit & { duplex: 'half' };

const store = globalThis as unknown as { __portalUpstream?: Upstream; __portalBlade?: Promise<Blade> };

const timeoutResponse = () => envelope(504, MSG.timeout);
const unavailableResponse = () => envelope(503, MSG.unavailable);
const abortedResponse = () => envelope(499, MSG.clientClosed);

function bodyOf(req: UpstreamRequest): ReadableStream<Uint8Array> | string | null {
  const method = req.method.toUpperCase();
  return method === 'GET' || method === 'HEAD' ? null : (req.body ?? null);
}

// --- in process ---------------------------------------------------------------------------------------------------

function loadBlade(config: Config): Promise<Blade> {
  store.__portalBlade ??= import('@/blade')
    .then(({ createBlade, bladeOptionsFrom }) => createBlade(bladeOptionsFrom(config, { log: bladeLog })))
    .catch((error: unknown) => {
      store.__portalBlade = undefined;
      throw error;
    });
  return store.__portalBlade;
}

async function closeBlade(): Promise<void> {
  const pending = store.__portalBlade;
  store.__portalBlade = undefined;
  const blade = await pending?.catch(() => undefined);
  await blade?.close();
}

/**
 * What the embedded API's router reads of a call without a body: url, method, headers and signal. A full undici
 * Request costs a header copy and a new AbortSignal per call, about a tenth of a cached proxied GET; the object is
 * never handed to anything but blade/'s Hono app, and asking it for a body gives an empty one.
 */
class BodilessRequest {
  readonly body = null;
  readonly bodyUsed = false;
  constructor(
    readonly url: string,
    readonly method: string,
    readonly headers: Headers,
    readonly signal: AbortSignal,
  ) {}
  async text() {
    return '';
  }
  async arrayBuffer() {
    return new ArrayBuffer(0);
  }
  async json(): Promise<unknown> {
    throw new SyntaxError('no body');
  }
  async formData(): Promise<FormData> {
    throw new TypeError('no body');
  }
  async blob() {
    return new Blob([]);
  }
  clone() {
    return this;
  }
}

const NEVER_ABORTED = new AbortController().signal;

function inProcessUpstream(config: Config): Upstream {
  return {
    // One promise per call rather than a race of three: with Next's async context tracking every promise costs hooks,
    // and this runs for every proxied call.
    fetch(req, { timeoutMs, signal }) {
      if (signal?.aborted) return Promise.resolve(abortedResponse());
      // A call with a body gets its own signal, so that the embedded API stops reading an upload nobody waits for.
      const body = bodyOf(req);
      const url = `${UPSTREAM_ORIGIN}${req.pathAndQuery}`;
      const controller = body === null ? undefined : new AbortController();
      const forwarded = controller
        ? new Request(url, {
            method: req.method,
            headers: req.headers,
            body,
            signal: controller.signal,
            duplex: 'half',
          } as StreamingRequestInit)
        : (new BodilessRequest(url, req.method, req.headers, signal ?? NEVER_ABORTED) as unknown as Request);
      const pending = loadBlade(config).then((blade) => blade.fetch(forwarded));
      return new Promise<Response>((resolve) => {
        let settled = false;
        const finish = (response: Response): boolean => {
          if (settled) return false;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(response);
          return true;
        };
        const abandon = (response: Response) => {
          if (!finish(response)) return;
          controller?.abort();
          // A response that still arrives later is released, not left holding its body.
          pending.then(
            (late) => late.body?.cancel(),
            () => {},
          );
        };
        const onAbort = () => abandon(abortedResponse());
        const timer = setTimeout(() => abandon(timeoutResponse()), timeoutMs);
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.then(finish, (error: unknown) => {
          if (signal?.aborted) return finish(abortedResponse());
          getLogger().error({ err: error }, 'upstream: in-process call failed');
          return finish(unavailableResponse());
        });
      });
    },
    close: closeBlade,
  };
}

// --- over HTTP ----------------------------------------------------------------------------------------------------

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** `error` and its causes, outermost first. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function errorCode(error: unknown): string | undefined {
  for (const link of causes(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A pull-driven web stream over undici's body, so the browser's pace governs the upstream read. */
function toWebStream(body: Dispatcher.ResponseData['body']): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value as Uint8Array);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      body.destroy();
    },
  });
}

const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

function toResponse(data: Dispatcher.ResponseData, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(data.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  if (method === 'HEAD' || NULL_BODY_STATUS.has(data.statusCode)) {
    data.body.resume();
    return new Response(null, { status: data.statusCode, headers });
  }
  return new Response(toWebStream(data.body), { status: data.statusCode, headers });
}

function httpUpstream(config: Config, baseUrl: string): Upstream {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const agent = new Agent({
    connect: { timeout: config.upstreamConnectTimeoutMs },
    keepAliveTimeout: 30_000,
  });

  return {
    async fetch(req, { timeoutMs, signal }) {
      const method = req.method.toUpperCase();
      const body = bodyOf(req);
      const retriable = (method === 'GET' || method === 'HEAD') && body === null;
      const headers = Object.fromEntries(req.headers);
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await agent.request({
            origin: base.origin,
            path: `${basePath}${req.pathAndQuery}`,
            method: method as Dispatcher.HttpMethod,
            headers,
            body:
              typeof body === 'string' || body === null
                ? body
                : Readable.fromWeb(body as unknown as NodeReadableStream),
            signal,
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs,
          });
          return toResponse(data, method);
        } catch (error) {
          if (signal?.aborted) return abortedResponse();
          // The browser's body went past its limit while streaming up (lib/bff/body.ts): the caller's 413.
          const oversize = causes(error).find((link) => link instanceof PayloadTooLargeError);
          if (oversize) return envelope(413, (oversize as PayloadTooLargeError).message);
          const code = errorCode(error);
          if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return timeoutResponse();
          if (code && CONNECTION_ERRORS.has(code) && retriable && attempt === 0) continue;
          getLogger().error(
            { method, route: req.pathAndQuery.split('?')[0], code, err: error },
            'upstream: call failed',
          );
          return unavailableResponse();
        }
      }
    },
    close: () => agent.close(),
  };
}

// --- the process-wide instance ------------------------------------------------------------------------------------

/** The upstream for this process; created on first use, never at import (a build must not open the database). */
export function getUpstream(): Upstream {
  if (!store.__portalUpstream) {
    const config = getConfig();
    store.__portalUpstream = config.bladeApiUrl
      ? httpUpstream(config, config.bladeApiUrl)
      : inProcessUpstream(config);
  }
  return store.__portalUpstream;
}

/** Start-up hook: opens the embedded API (and its database) before the first request needs it. */
export async function ensureUpstreamReady(): Promise<void> {
  const config = getConfig();
  if (!config.bladeApiUrl) await loadBlade(config);
}

/** The embedded API's database when this process opened it (backups run in the process that holds it), else null. */
export async function embeddedDatabase(): Promise<Blade['db'] | null> {
  const pending = store.__portalBlade;
  return pending ? (await pending).db : null;
}

/** Shutdown: closes the upstream's connections, or the embedded database and its DATA_DIR lock. */
export async function closeUpstream(): Promise<void> {
  const current = store.__portalUpstream;
  store.__portalUpstream = undefined;
  await current?.close();
  await closeBlade();
}

/** Tests: serve the in-process upstream from a Blade they created (e.g. on an in-memory database). */
export function setBladeForTests(blade: Blade | undefined): void {
  store.__portalBlade = blade ? Promise.resolve(blade) : undefined;
}

/** Tests switch configurations: drop the instance (closing its connections or database). */
export async function resetUpstreamForTests(): Promise<void> {
  await closeUpstream();
}
