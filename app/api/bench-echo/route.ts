import { readFile } from 'node:fs/promises';
import { getConfig } from '@/lib/env';

export const dynamic = 'force-dynamic';

let cached: Buffer | undefined;

/**
 * Bench only (BENCH_ECHO_FILE, refused in production): answers a fixed body with no session and no upstream, which is
 * the ceiling a Next route handler can reach on this machine; `npm run bench` compares the proxy against it.
 */
export async function GET() {
  const file = getConfig().benchEchoFile;
  if (!file) return new Response(null, { status: 404 });
  cached ??= await readFile(/*turbopackIgnore: true*/ file);
  return new Response(new Uint8Array(cached), { headers: { 'content-type': 'application/json' } });
}
