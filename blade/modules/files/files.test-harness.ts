import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { PLATFORM, type Harness } from '../../testing/harness';

// The set-up the files suites share around the harness; apart from files.test-helpers.ts, which suites without a
// harness (upload.test.ts) load too.

/** A fresh folder for a test harness's local file store. */
export const storeRoot = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/** Closes the harness (when it was opened) and removes its file store. */
export async function closeWithStore(h: Harness | undefined, root: string): Promise<void> {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
}

/** Adds a platform user with the ordinary `user` role in the first department and answers its token. */
export async function plainUserToken(h: Harness, account: string, password: string): Promise<string> {
  const db = h.blade.db;
  const [dept] = await deptIds(db, PLATFORM);
  await addUser(db, PLATFORM, {
    account,
    password,
    roleIds: [await roleIdByAlias(db, PLATFORM, 'user')],
    deptIds: [dept],
  });
  return (await h.login(account, password)).access_token;
}
