import { healthResponse } from '@/lib/server/health';
import { readiness } from '@/lib/server/lifecycle';

// Readiness: migrations done, upstream and database reachable, not shutting down (lib/server/lifecycle.ts).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET() {
  const { ready, checks } = await readiness();
  return healthResponse(ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', checks });
}
