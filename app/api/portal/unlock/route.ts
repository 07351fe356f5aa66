import { handleUnlock } from '@/lib/bff/portal';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = handleUnlock;
