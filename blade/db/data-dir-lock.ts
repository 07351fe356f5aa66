import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster lock: two processes on one data directory corrupt it silently. This pid file turns that
 * mistake (say, the portal and `npm run start:blade` sharing DATA_DIR) into a start-up error. Returns the release.
 */
export function lockDataDir(file: string): () => void {
  // Module reloads (Next dev) lose module state, so the in-process registry lives on globalThis.
  const held = ((globalThis as { __bladeDataDirLocks?: Set<string> }).__bladeDataDirLocks ??= new Set());
  if (held.has(file)) {
    throw new Error(
      `[blade] this process already has the PGlite data directory open (${file}); reuse that Blade`,
    );
  }
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder && holder !== process.pid && alive(holder)) {
      throw new Error(
        `[blade] the PGlite data directory is in use by process ${holder} (${file}); PGlite allows one process per ` +
          'directory. Stop that process, point this one at the other with BLADE_API_URL, or use DATABASE_URL. ' +
          'If no such process exists, delete the lock file.',
      );
    }
    writeFileSync(file, String(process.pid), { mode: 0o600 });
  }
  held.add(file);
  return () => {
    held.delete(file);
    rmSync(file, { force: true });
  };
}
