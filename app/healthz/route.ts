import { healthResponse } from '@/lib/server/health';

// Liveness: the process answers. Nothing else is checked (a restart would not fix an unreachable database).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = () => healthResponse(200, { status: 'ok' });
