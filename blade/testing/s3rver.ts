import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// Tests of the S3 storage run against a real S3-compatible server on loopback; these are their shared set-up pieces.

/** Temporary directories of one test file, removed together in its afterAll. */
export function tempDirs() {
  const dirs: string[] = [];
  return {
    make(prefix: string): string {
      const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RunningS3rver {
  endpoint: string;
  close(): Promise<void>;
}

/** s3rver on a free loopback port, keeping its objects under `directory` (its credentials are S3RVER / S3RVER). */
export async function startS3rver(directory: string): Promise<RunningS3rver> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
