import http from 'node:http';
import { expect, test } from '@playwright/test';
import { BASE_PATH, PORTS, copyStandalone, get, startPortal } from './harness';

/**
 * SECURITY 13: on SIGTERM readiness turns 503 at once, a request in flight finishes (here a login whose body arrives
 * slowly over ~6 s), new connections are refused after the drain delay, and the process exits 0 well within 25 s.
 */

const origin = `http://127.0.0.1:${PORTS.shutdown}`;

/** Starts a login POST whose urlencoded body trickles in over `seconds`; resolves with the final status. */
function slowRequest(seconds: number): {
  done: Promise<{ status: number; body: string }>;
  started: Promise<void>;
} {
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = `grant_type=password&tenantId=000000&username=admin&password=${'0'.repeat(32)}&pad=${'x'.repeat(600)}`;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORTS.shutdown,
        path: `${BASE_PATH}/api/blade-auth/oauth/token`,
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'x-csrf': '1',
          origin,
          'tenant-id': '000000',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const pieces = 12;
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const tick = () => {
      req.write(body.slice(i * size, (i + 1) * size));
      if (i === 0) markStarted();
      i += 1;
      if (i < pieces) setTimeout(tick, (seconds * 1000) / pieces);
      else req.end();
    };
    tick();
  });
  return { done, started };
}

test('SIGTERM: readiness 503, the in-flight request finishes, exit 0 within 25 s', async () => {
  const portal = await startPortal({
    dir: copyStandalone(),
    port: PORTS.shutdown,
    env: { CAPTCHA_ENABLED: 'false', PUBLIC_ORIGINS: origin, SHUTDOWN_DRAIN_DELAY_MS: '2000' },
  });
  // A keep-alive connection opened before the signal, as a load balancer's health checker keeps one.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(`${origin}${BASE_PATH}/readyz`, { agent })).status).toBe(200);

  const slow = slowRequest(6);
  await slow.started;
  const signalledAt = Date.now();
  process.kill(portal.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 300));

  const ready = await get(`${origin}${BASE_PATH}/readyz`, { agent });
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.text)).toMatchObject({ status: 'unavailable', checks: { draining: true } });
  // Liveness still answers while draining.
  expect((await get(`${origin}${BASE_PATH}/healthz`, { agent })).status).toBe(200);

  const finished = await slow.done;
  // A complete answer from the application (wrong password), not a cut connection or a 5xx.
  expect(finished.status).toBe(400);
  expect(finished.body).toContain('error_description');
  expect(Date.now() - signalledAt).toBeGreaterThan(4000);

  const exit = await portal.exited;
  expect(exit).toEqual({ code: 0, signal: null });
  expect(Date.now() - signalledAt).toBeLessThan(25_000);
  // After the drain delay the listener is closed.
  await expect(get(`${origin}${BASE_PATH}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
  const log = portal.output();
  expect(log).toContain('"msg":"shutting down: readiness 503, finishing requests"');
  expect(log).toContain('"exitCode":0');
  agent.destroy();
  await portal.stop(); // already gone: removes the copy and its data directory
});
