import { handleProxy } from '@/lib/bff/proxy';

// The one proxy to the Blade API; all of the work is in lib/bff (see proxy.ts there).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleProxy;
export const HEAD = handleProxy;
export const POST = handleProxy;
export const PUT = handleProxy;
export const PATCH = handleProxy;
export const DELETE = handleProxy;
