import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';

describe('PGlite data directory lock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'blade-lock-'));

  it('refuses a second open in this process and releases on unlock', () => {
    const file = path.join(dir, 'a.lock');
    const unlock = lockDataDir(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(file)).toThrow(/already has the PGlite data directory open/);
    unlock();
    expect(existsSync(file)).toBe(false);
    lockDataDir(file)();
  });

  it('refuses a directory held by another live process, takes over a stale lock', () => {
    const file = path.join(dir, 'b.lock');
    writeFileSync(file, String(process.ppid));
    expect(() => lockDataDir(file)).toThrow(/in use by process/);
    writeFileSync(file, '999999999');
    const unlock = lockDataDir(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
