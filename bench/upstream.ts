/**
 * Bench upstream: the embedded API served over HTTP on its own (as `npm run start:blade` does), plus one extra route
 * that swallows an upload stream. The sink exists only here, so the portal's upload path can be measured before the
 * file module exists; it is a measuring device, not part of the product.
 */
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bladeOptionsFrom, createBlade } from '../blade';
import { getConfig } from '../lib/env';

const config = getConfig();
const port = config.bladePort;

async function main() {
  const blade = await createBlade(bladeOptionsFrom(config, { log: () => {} }));

  const app = new Hono();
  app.post('/blade-resource/bench-sink', async (c) => {
    const hash = createHash('sha256');
    let bytes = 0;
    const reader = c.req.raw.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.byteLength;
      hash.update(chunk.value);
    }
    return c.json({ code: 200, success: true, data: { bytes, sha256: hash.digest('hex') }, msg: '操作成功' });
  });
  app.all('*', (c) => blade.fetch(c.req.raw));

  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
    console.log(`bench upstream on ${port}`),
  );
  process.on('SIGTERM', () => {
    server.close();
    void blade.close().then(() => process.exit(0));
  });
}

void main();
