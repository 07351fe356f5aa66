import { handleSessionInfo } from '@/lib/bff/portal';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleSessionInfo;
