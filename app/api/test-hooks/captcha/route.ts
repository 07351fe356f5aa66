import { handleCaptchaAnswer } from '@/lib/bff/test-hooks';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleCaptchaAnswer;
