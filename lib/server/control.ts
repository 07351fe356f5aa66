import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { getConfig } from '@/lib/env';
import { getLogger } from '@/lib/log';
import { restoreBackup, writeBackup } from '@/lib/server/backup';
import { lifecycle } from '@/lib/server/lifecycle';
import { embeddedDatabase } from '@/lib/upstream';

/**
 * The operator's channel into the running portal: a Unix socket at DATA_DIR/portal.sock (mode 0600, so only the
 * account that runs the portal can use it; nothing listens on the network). `npm run backup` and `npm run restore`
 * (scripts/backup.mjs) send one JSON line and read one back. The embedded database allows one process, so the
 * process that has it open is the one that must take the snapshot.
 */

export const CONTROL_SOCKET = 'portal.sock';

type Command = { op: 'backup'; target: string } | { op: 'restore'; source: string };

async function run(command: Command): Promise<unknown> {
  const config = getConfig();
  const db = await embeddedDatabase();
  if (!db)
    throw new Error('this portal has no database open (BLADE_API_URL is set): back up the upstream instead');
  const filesDir = path.join(/*turbopackIgnore: true*/ config.dataDir, 'files');
  if (command.op === 'backup') {
    const target = path.resolve(/*turbopackIgnore: true*/ command.target);
    return writeBackup(db, filesDir, target);
  }
  const state = lifecycle();
  state.maintenance = true;
  try {
    return await restoreBackup(db, filesDir, path.resolve(/*turbopackIgnore: true*/ command.source));
  } finally {
    state.maintenance = false;
  }
}

const store = globalThis as unknown as { __portalControl?: Server };

export function startControlSocket(): void {
  if (store.__portalControl) return;
  const { dataDir, databaseUrl, bladeApiUrl } = getConfig();
  if (databaseUrl || bladeApiUrl) return; // PostgreSQL: pg_dump; remote upstream: nothing here to back up.
  const file = path.join(/*turbopackIgnore: true*/ dataDir, CONTROL_SOCKET);
  // A socket file left by a killed process would make listen() fail; PGlite's own lock already ensures we own DATA_DIR.
  if (existsSync(file)) rmSync(file, { force: true });
  const server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      const started = Date.now();
      let command: Command;
      try {
        command = JSON.parse(buffer.slice(0, newline)) as Command;
      } catch {
        socket.end(`${JSON.stringify({ ok: false, error: 'bad command' })}\n`);
        return;
      }
      run(command).then(
        (result) => {
          getLogger().info({ op: command.op, durationMs: Date.now() - started }, 'control command done');
          socket.end(`${JSON.stringify({ ok: true, result })}\n`);
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          getLogger().error({ op: command.op, err: message }, 'control command failed');
          socket.end(`${JSON.stringify({ ok: false, error: message })}\n`);
        },
      );
    });
    socket.on('error', () => socket.destroy());
  });
  server.on('error', (error) => getLogger().error({ err: error.message }, 'control socket failed'));
  server.listen(file, () => chmodSync(file, 0o600));
  server.unref();
  store.__portalControl = server;
}

export function stopControlSocket(): void {
  store.__portalControl?.close();
  store.__portalControl = undefined;
}
