import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig, setConfigForTests, type Config } from '@/lib/env';
import type { BladeOptions } from '@/blade/app';
import {
  createHarness,
  SETUP_TIMEOUT,
  TEST_CLIENT,
  TEST_SIGNING_KEY,
  type Harness,
} from '@/blade/testing/harness';
import { resetUpstreamForTests, setBladeForTests } from '@/lib/upstream';
import { createSession, sessionSetCookie, type PortalSession } from '@/lib/session';

export const ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = parseConfig({
    APP_ENV: 'test',
    DATA_DIR: '/tmp/portal-bff-tests',
    SESSION_SECRET: 'k3y-for-tests-0123456789abcdefghijklmnop',
    JWT_SIGNING_KEY: 'jwt-for-tests-0123456789abcdefghijklmnopqrstuvwxyz',
    CLIENT_ID: 'portal',
    CLIENT_SECRET: 'client-secret-for-tests',
    PUBLIC_ORIGINS: ORIGIN,
  });
  return { ...base, ...overrides };
}

export async function useConfig(overrides: Partial<Config> = {}): Promise<Config> {
  await resetUpstreamForTests();
  const config = testConfig(overrides);
  setConfigForTests(config);
  return config;
}

export type FakeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: () => Promise<Buffer>,
) => void | Promise<void>;

export interface FakeUpstream {
  url: string;
  server: Server;
  /** Every request the fake received: method, url, headers. */
  seen: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** A Blade stand-in on 127.0.0.1: tests set its behaviour per case. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  let handler: FakeHandler = (_req, res) => json(res, 404, { code: 404 });
  const seen: FakeUpstream['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const body = async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    void Promise.resolve(handler(req, res, body)).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    seen,
    handle(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The fake upstream of a test file that points the portal at it: started once, its request log cleared before each
 * test, closed (with the portal's upstream reset) after the file. Returns a handle usable from any test.
 */
export function fakeUpstreamForFile(): FakeUpstream {
  let started: FakeUpstream | undefined;
  const current = () => {
    if (!started) throw new Error('the fake upstream is started in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startFakeUpstream();
    await useConfig({ bladeApiUrl: started.url });
  });
  beforeEach(() => {
    current().seen.length = 0;
  });
  afterAll(async () => {
    await resetUpstreamForTests();
    await started?.close();
    setConfigForTests(undefined);
  });
  return {
    get url() {
      return current().url;
    },
    get server() {
      return current().server;
    },
    get seen() {
      return current().seen;
    },
    handle: (handler) => current().handle(handler),
    close: () => current().close(),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let counter = 0;

/** A logged-in session and the Cookie header that carries it. */
export async function sessionCookie(
  fields: Partial<PortalSession> = {},
): Promise<{ session: PortalSession; cookie: string }> {
  counter += 1;
  const session = {
    ...createSession({ at: `at-${counter}`, rt: `rt-${counter}`, tenantId: '000000', userId: '1' }),
    ...fields,
  };
  const setCookie = await sessionSetCookie(new Request(`${ORIGIN}/`), session);
  return { session, cookie: setCookie.split(';')[0] };
}

/** Headers of a same-origin call from the portal's own client. */
export const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-csrf': '1' };

export function apiRequest(path: string, init: RequestInit & { cookie?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  return new Request(`${ORIGIN}${path}`, { ...init, headers, duplex: 'half' } as RequestInit);
}

export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** The cookie pair (`name=value`) a response sets, for the next request. */
export function nextCookie(response: Response): string | undefined {
  return setCookies(response)[0]?.split(';')[0];
}

/**
 * The portal with the embedded blade/ in process, on the blade tests' throw-away database (in-memory PGlite, or
 * PostgreSQL when TEST_DATABASE_URL is set), for one test file: configured, started and wired as the upstream in
 * beforeAll, all of it undone after the file. Call it before the file's own hooks, which then use `harness`.
 */
export function inProcessBladeForFile(
  options: { config?: Partial<Config>; blade?: () => Partial<BladeOptions> } = {},
): { readonly harness: Harness } {
  let started: Harness | undefined;
  beforeAll(async () => {
    await useConfig({
      bladeApiUrl: undefined,
      jwtSigningKey: TEST_SIGNING_KEY,
      clientId: TEST_CLIENT.clientId,
      clientSecret: TEST_CLIENT.clientSecret,
      ...options.config,
    });
    started = await createHarness(options.blade?.());
    setBladeForTests(started.blade);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    setBladeForTests(undefined);
    await resetUpstreamForTests();
    await started?.close();
    setConfigForTests(undefined);
  }, SETUP_TIMEOUT);
  return {
    get harness() {
      if (!started) throw new Error('the in-process blade starts in beforeAll');
      return started;
    },
  };
}
