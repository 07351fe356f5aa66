import { serve } from '@hono/node-server';
import { ConfigError, getConfig } from '../lib/env';
import { createBlade } from './app';
import { routeConsoleTo, stdoutLog, withRequestIds } from './core/log';
import { bladeOptionsFrom } from './options';

/**
 * Standalone blade (`npm run start:blade`) for deployments where several portals share one API: they point
 * BLADE_API_URL here. Config comes from lib/env like the portal's; BLADE_PORT (default 8100) and BLADE_HOST pick
 * the listening address. Keep it on a private network: it trusts the x-blade-client-ip header portals set.
 * Every line it writes is one JSON object (core/log.ts); lines of a request carry the X-Request-Id its portal sent.
 */
const SHUTDOWN_GRACE_MS = 25_000;

async function main() {
  routeConsoleTo(withRequestIds(stdoutLog));
  const config = getConfig();
  const address = { port: config.bladePort, hostname: config.bladeHost };
  const blade = await createBlade(bladeOptionsFrom(config, { log: stdoutLog }));
  const server = serve({ fetch: blade.app.fetch, ...address }, (info) => {
    stdoutLog('[blade] listening', { address: info.address, port: info.port });
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stdoutLog('[blade] finishing in-flight requests', { signal });
    const force = setTimeout(() => {
      stdoutLog('[blade] requests still running after the grace period; exiting', { level: 'error' });
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await blade.close();
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  const expected = err instanceof ConfigError || (err instanceof Error && err.message.startsWith('[blade]'));
  if (expected) stdoutLog((err as Error).message, { level: 'error' });
  else stdoutLog('[blade] start-up failed', { level: 'error', err });
  process.exit(1);
});
