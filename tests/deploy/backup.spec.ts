import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  BASE_PATH,
  PORTS,
  ROOT,
  SECRETS,
  cookiePairs,
  copyStandalone,
  get,
  passwordLogin,
  request,
  startPortal,
} from './harness';

/**
 * `npm run backup` / `npm run restore` against a running portal on PGlite: backup → change (database and files) →
 * restore → the data is as it was at the backup, and the portal keeps serving.
 */

const origin = `http://127.0.0.1:${PORTS.backup}`;
const admin = { tenant: '000000', account: 'admin', password: SECRETS.ADMIN_PASSWORD };

function npm(script: 'backup' | 'restore', dataDir: string, arg: string) {
  const run = spawnSync('npm', ['run', '--silent', script, '--', arg], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

test('backup while running → change → restore → as before', async () => {
  const portal = await startPortal({
    dir: copyStandalone(),
    port: PORTS.backup,
    env: { CAPTCHA_ENABLED: 'false', PUBLIC_ORIGINS: origin },
  });
  try {
    const login = await passwordLogin(origin, admin);
    expect(login.status, login.text).toBe(200);
    const cookie = cookiePairs(login);
    const write = { cookie, 'x-csrf': '1', origin, 'content-type': 'application/json' };
    const params = async () => {
      const res = await get(`${origin}${BASE_PATH}/api/blade-system/param/list?paramKey=deploy.&size=100`, {
        headers: { cookie },
      });
      expect(res.status, res.text).toBe(200);
      const { records } = (
        JSON.parse(res.text) as { data: { records: { paramKey: string; paramValue: string }[] } }
      ).data;
      return records
        .filter((r) => r.paramKey.startsWith('deploy.'))
        .map((r) => `${r.paramKey}=${r.paramValue}`)
        .sort();
    };
    const submit = async (body: Record<string, string>) => {
      const res = await request(`${origin}${BASE_PATH}/api/blade-system/param/submit`, {
        method: 'POST',
        headers: write,
        body: JSON.stringify(body),
      });
      expect(res.status, res.text).toBe(200);
    };

    await submit({ paramName: '备份前', paramKey: 'deploy.before', paramValue: 'kept' });
    const filesDir = path.join(portal.dataDir, 'files', 'backup-test');
    mkdirSync(filesDir, { recursive: true });
    writeFileSync(path.join(filesDir, 'a.bin'), 'the bytes at backup time');
    expect(await params()).toEqual(['deploy.before=kept']);

    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')), 'snapshot');
    const backup = npm('backup', portal.dataDir, target);
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toMatch(/backed up to .*snapshot: \d+ tables, \d+ rows, files/);
    const manifest = JSON.parse(readFileSync(path.join(target, 'manifest.json'), 'utf8')) as {
      tables: Record<string, number>;
      migrations: string[];
    };
    expect(manifest.tables.blade_param).toBeGreaterThan(0);
    expect(manifest.migrations.length).toBeGreaterThan(0);
    // The portal served requests throughout.
    expect((await get(`${origin}${BASE_PATH}/readyz`)).status).toBe(200);

    // Change everything the backup holds.
    await submit({ paramName: '备份后', paramKey: 'deploy.after', paramValue: 'gone after restore' });
    writeFileSync(path.join(filesDir, 'a.bin'), 'changed');
    writeFileSync(path.join(filesDir, 'b.bin'), 'new file');
    expect(await params()).toEqual(['deploy.after=gone after restore', 'deploy.before=kept']);

    const restore = npm('restore', portal.dataDir, target);
    expect(restore.status, restore.out).toBe(0);
    expect(await params()).toEqual(['deploy.before=kept']);
    expect(readFileSync(path.join(filesDir, 'a.bin'), 'utf8')).toBe('the bytes at backup time');
    expect(existsSync(path.join(filesDir, 'b.bin'))).toBe(false);
    // The session made before the backup still works (its upstream session row was in the snapshot).
    expect(
      (await get(`${origin}${BASE_PATH}/api/blade-auth/oauth/user-info`, { headers: { cookie } })).status,
    ).toBe(200);
    expect((await get(`${origin}${BASE_PATH}/readyz`)).status).toBe(200);

    // A backup is never written over an existing directory, and restore refuses what is not a backup.
    expect(npm('backup', portal.dataDir, target).status).not.toBe(0);
    const notBackup = mkdtempSync(path.join(os.tmpdir(), 'portal-not-backup-'));
    writeFileSync(path.join(notBackup, 'manifest.json'), '{"format":"other"}');
    const refused = npm('restore', portal.dataDir, notBackup);
    expect(refused.status).not.toBe(0);
    expect(refused.out).toContain('is not a cert-portal-backup/1 backup');
    expect(await params()).toEqual(['deploy.before=kept']);
    rmSync(notBackup, { recursive: true, force: true });
  } finally {
    expect(await portal.stop()).toEqual({ code: 0, signal: null });
  }
});
