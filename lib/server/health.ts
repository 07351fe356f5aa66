import { baseHeaders } from '@/lib/bff/envelope';

/** Health answers: small JSON, never cached, no session needed (proxy.ts lets /healthz and /readyz through). */
export function healthResponse(status: number, body: unknown): Response {
  const headers = baseHeaders();
  headers.set('Content-Type', 'application/json;charset=UTF-8');
  return new Response(JSON.stringify(body), { status, headers });
}
