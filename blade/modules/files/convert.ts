import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Office formats converted to PDF for previews and stamping. */
export const OFFICE = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);

const CANDIDATES = ['/usr/bin/soffice', '/usr/local/bin/soffice', '/usr/lib/libreoffice/program/soffice'];
let found: string | null | undefined;

/** LibreOffice's soffice when installed (Debian: libreoffice-writer-nogui, -calc-nogui, -impress-nogui). */
export function sofficePath(): string | null {
  if (found === undefined) found = CANDIDATES.find((p) => existsSync(p)) ?? null;
  return found;
}

// One conversion at a time: soffice takes a core and hundreds of MB; a queue keeps a burst of previews from
// starving the API on a 2-core machine.
let queue: Promise<unknown> = Promise.resolve();

/** Converts an Office document to PDF with LibreOffice headless (2 minutes at most), in a throw-away profile. */
export function convertToPdf(input: Buffer, suffix: string): Promise<Buffer> {
  const run = async () => {
    const soffice = sofficePath();
    if (!soffice) throw new Error('soffice not installed');
    const dir = path.join(os.tmpdir(), `blade-convert-${randomUUID()}`);
    await mkdir(dir, { recursive: true });
    try {
      const source = path.join(dir, `source.${suffix}`);
      await writeFile(source, input);
      await new Promise<void>((resolve, reject) => {
        execFile(
          soffice,
          [
            `-env:UserInstallation=file://${dir}/profile`,
            '--headless',
            '--norestore',
            '--convert-to',
            'pdf',
            '--outdir',
            dir,
            source,
          ],
          { timeout: 120_000, env: { PATH: '/usr/bin:/bin', HOME: dir } as unknown as NodeJS.ProcessEnv },
          (err: Error | null) => (err ? reject(err) : resolve()),
        );
      });
      return await readFile(path.join(dir, 'source.pdf'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
