#!/usr/bin/env node
// `npm run backup [target-dir]` / `npm run restore <backup-dir>` for the embedded database (PGlite) and DATA_DIR/files.
//
// The running portal takes the snapshot itself (lib/server/backup.ts, one REPEATABLE READ transaction while requests
// go on) and restores in one transaction; this client only asks it over the Unix socket DATA_DIR/portal.sock. When the
// portal is not running, start it first: PGlite allows one process per data directory, and the portal is the one
// that migrates it. With DATABASE_URL (PostgreSQL) use pg_dump / pg_restore instead (README, Deploy).
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [op, arg] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const socketFile = path.join(dataDir, 'portal.sock');

function usage(message) {
  console.error(`${message}\nusage: npm run backup [target-dir]  |  npm run restore <backup-dir>`);
  process.exit(2);
}

if (op !== 'backup' && op !== 'restore') usage(`unknown operation "${op ?? ''}"`);
if (process.env.DATABASE_URL) {
  usage('DATABASE_URL is set: back up PostgreSQL with pg_dump (and the file store with its own tools)');
}
if (op === 'restore' && !arg) usage('restore needs the backup directory');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(arg || path.join(dataDir, '..', `backup-${stamp}`));
if (!existsSync(socketFile)) {
  console.error(`no running portal found (${socketFile} is missing): start it, then run this again`);
  process.exit(1);
}

const command = op === 'backup' ? { op, target } : { op, source: target };
const answer = await new Promise((resolve, reject) => {
  const socket = net.createConnection(socketFile);
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('connect', () => socket.write(`${JSON.stringify(command)}\n`));
  socket.on('data', (chunk) => (buffer += chunk));
  socket.on('end', () => {
    try {
      resolve(JSON.parse(buffer));
    } catch {
      reject(new Error('the portal closed the connection without an answer'));
    }
  });
  socket.on('error', reject);
}).catch((error) => {
  console.error(`cannot reach the portal at ${socketFile}: ${error.message}`);
  process.exit(1);
});

if (!answer.ok) {
  console.error(`${op} failed: ${answer.error}`);
  process.exit(1);
}
const rows = Object.values(answer.result.tables).reduce((a, b) => a + b, 0);
console.log(
  `${op === 'backup' ? 'backed up to' : 'restored from'} ${target}: ${Object.keys(answer.result.tables).length} tables, ${rows} rows${answer.result.files ? ', files' : ''}`,
);
