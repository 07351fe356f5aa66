import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { GET as healthz } from '@/app/healthz/route';
import { GET as readyz } from '@/app/readyz/route';
import { ADMIN_PASSWORD, type Harness } from '@/blade/testing/harness';
import { restoreBackup, writeBackup } from '@/lib/server/backup';
import { lifecycle } from '@/lib/server/lifecycle';
import { inProcessBladeForFile, useConfig } from '../bff/helpers';

// The backup format and the readiness checks on the blade tests' database (in-memory PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set). The running-portal path (`npm run backup` over the control socket) is in tests/deploy.

let harness: Harness;
let work: string;

const inProcess = inProcessBladeForFile();

beforeAll(async () => {
  harness = inProcess.harness;
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-unit-'));
}, 60_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const paramKeys = async () =>
  (
    await sql<{ param_key: string; param_value: string }>`
      select param_key, param_value from blade_param where param_key like 'bk.%' order by param_key`.execute(
      harness.blade.db,
    )
  ).rows.map((r) => `${r.param_key}=${r.param_value}`);

async function submitParam(key: string, value: string) {
  await harness.login('admin', ADMIN_PASSWORD);
  const res = await harness.authed('/blade-system/param/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paramName: key, paramKey: key, paramValue: value }),
  });
  expect(res.status).toBe(200);
}

describe('backup and restore', () => {
  it('restores rows (every type through PostgreSQL text) and files exactly as they were', async () => {
    const files = path.join(work, 'files');
    mkdirSync(path.join(files, '000000'), { recursive: true });
    writeFileSync(path.join(files, '000000', 'a.bin'), 'before');
    await submitParam('bk.kept', '中文 "quoted" \\ back\nslash');
    const before = await paramKeys();
    const users = (await sql`select * from blade_user order by id`.execute(harness.blade.db)).rows;

    const target = path.join(work, 'snap');
    const manifest = await writeBackup(harness.blade.db, files, target);
    expect(manifest.format).toBe('cert-portal-backup/1');
    expect(manifest.tables.blade_user).toBe(users.length);
    expect(manifest.files).toBe(true);
    await expect(writeBackup(harness.blade.db, files, target)).rejects.toThrow(/already exists/);

    await submitParam('bk.later', 'x');
    await sql`update blade_user set real_name = 'changed'`.execute(harness.blade.db);
    writeFileSync(path.join(files, '000000', 'a.bin'), 'after');
    writeFileSync(path.join(files, '000000', 'b.bin'), 'new');

    await restoreBackup(harness.blade.db, files, target);
    expect(await paramKeys()).toEqual(before);
    expect((await sql`select * from blade_user order by id`.execute(harness.blade.db)).rows).toEqual(users);
    expect(readFileSync(path.join(files, '000000', 'a.bin'), 'utf8')).toBe('before');
    expect(existsSync(path.join(files, '000000', 'b.bin'))).toBe(false);
    // The restored data is live: the admin logs in again.
    await harness.login('admin', ADMIN_PASSWORD);
  });

  it('refuses a backup of other migrations and changes nothing', async () => {
    const target = path.join(work, 'snap-other');
    await writeBackup(harness.blade.db, path.join(work, 'nofiles'), target);
    const manifestFile = path.join(target, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { migrations: string[] };
    writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, migrations: [...manifest.migrations, 'later'] }),
    );
    const before = await paramKeys();
    await expect(restoreBackup(harness.blade.db, path.join(work, 'files'), target)).rejects.toThrow(
      /other migrations/,
    );
    expect(await paramKeys()).toEqual(before);
  });
});

describe('health', () => {
  it('/healthz answers while the process runs; /readyz reports each check', async () => {
    expect((await healthz()).status).toBe(200);
    const state = lifecycle();
    state.started = false;
    const notStarted = await readyz();
    expect(notStarted.status).toBe(503);
    expect(await notStarted.json()).toMatchObject({ status: 'unavailable', checks: { started: false } });

    state.started = true;
    const ready = await readyz();
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { started: true, draining: false, maintenance: false, upstream: true, database: true },
    });

    state.draining = true;
    expect((await readyz()).status).toBe(503);
    state.draining = false;
    state.maintenance = true;
    expect((await readyz()).status).toBe(503);
    state.maintenance = false;
  });

  it('/readyz is 503 when the upstream cannot reach its database', async () => {
    await useConfig({ bladeApiUrl: 'http://127.0.0.1:9' });
    lifecycle().started = true;
    const res = await readyz();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ checks: { upstream: false, database: false } });
  });
});
