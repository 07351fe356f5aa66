import { clientIp } from '@/lib/request-meta';
import { REQUEST_ID_HEADER, getAccessLogger, getLogger, requestIdOf, withRequestId } from '@/lib/log';

/**
 * One structured log line per BFF request (lib/log): request id, tenant, user, method, route, status, duration and
 * client address. The id also goes back in the X-Request-Id response header; the portal's error toast shows it. Every
 * other line written while the handler runs carries the same id (lib/log withRequestId), and so does the upstream
 * call (lib/bff/forward.ts), so the embedded or remote blade/ logs under it too.
 */

interface RequestFacts {
  id: string;
  tenantId?: string;
  userId?: string;
}

const facts = new WeakMap<Request, RequestFacts>();

/** Records who the request acts for, once the session (or a login's answer) tells. */
export function noteIdentity(
  request: Request,
  tenantId: string | undefined,
  userId: string | undefined,
): void {
  const known = facts.get(request);
  if (known) Object.assign(known, { tenantId: tenantId || undefined, userId: userId || undefined });
}

export function requestIdFor(request: Request): string | undefined {
  return facts.get(request)?.id;
}

/** Wraps a route handler: request id in and out, and the log line when the answer's headers are ready. */
export function withRequestLog(
  handler: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const started = performance.now();
    const known: RequestFacts = { id: requestIdOf(request.headers) };
    facts.set(request, known);
    let response: Response;
    try {
      response = await withRequestId(known.id, () => handler(request));
    } catch (error) {
      getLogger().error({ reqId: known.id, err: error }, 'request failed');
      throw error;
    }
    try {
      response.headers.set(REQUEST_ID_HEADER, known.id);
    } catch {
      // Immutable headers (a Response.redirect): the id is still in the log.
    }
    const url = new URL(request.url);
    const status = response.status;
    getAccessLogger()[status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info'](
      {
        reqId: known.id,
        tenant: known.tenantId,
        user: known.userId,
        method: request.method,
        route: url.pathname,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ip: clientIp(request.headers),
      },
      'request',
    );
    return response;
  };
}
