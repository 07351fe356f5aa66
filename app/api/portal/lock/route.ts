import { handleLock } from '@/lib/bff/portal';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = handleLock;
