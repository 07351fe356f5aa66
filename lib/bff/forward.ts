import { isUploadContentType } from '@/blade/core/body-limit';
import { baseHeaders } from '@/lib/bff/envelope';
import { ACTION_DEFINITIONS } from '@/lib/contracts/registry';

const BASE_HEADERS = [...baseHeaders()];
import { forwardRequestHeaders, stripResponseHeaders } from '@/lib/bff/headers';
import { getConfig } from '@/lib/env';
import { REQUEST_ID_HEADER, currentRequestId } from '@/lib/log';
import { clientIp } from '@/lib/request-meta';
import { getUpstream } from '@/lib/upstream';

// The hand-written routes (uploads, imports, exports, downloads, previews — a preview may convert an Office file with
// LibreOffice first, up to two minutes) are matched by name; actions say so themselves (`timeout: 'long'`).
const LONG_RUNNING_PATH = /export|import|download|upload|preview/i;
const LONG_RUNNING_ACTIONS = new Set(
  ACTION_DEFINITIONS.filter((action) => action.timeout === 'long').map((action) => action.call.path),
);

/** Uploads, imports, exports, downloads and long actions get the long timeout; the rest the default (SECURITY 11). */
export function upstreamTimeoutMs(path: string, contentType: string | null): number {
  const config = getConfig();
  const long =
    LONG_RUNNING_ACTIONS.has(path) || LONG_RUNNING_PATH.test(path) || isUploadContentType(contentType);
  return long ? config.upstreamUploadTimeoutMs : config.upstreamTimeoutMs;
}

/** The request's id, so that the upstream's log lines for this call carry the id of the portal's. */
function identify(headers: Headers): Headers {
  const id = currentRequestId();
  if (id) headers.set(REQUEST_ID_HEADER, id);
  return headers;
}

/** Browser headers cleaned for the upstream, with the client address the upstream may log and rate-limit by. */
export function upstreamHeaders(browser: Request): Headers {
  const headers = forwardRequestHeaders(browser.headers);
  const ip = clientIp(browser.headers);
  if (ip) headers.set('x-blade-client-ip', ip);
  return identify(headers);
}

/** Headers for a call the portal makes on its own behalf (refresh, logout): only the client's address and agent. */
export function serviceHeaders(browser: Request): Headers {
  const headers = new Headers();
  const ip = clientIp(browser.headers);
  if (ip) headers.set('x-blade-client-ip', ip);
  const agent = browser.headers.get('user-agent');
  if (agent) headers.set('user-agent', agent);
  return identify(headers);
}

export function bearer(accessToken: string): string {
  return `bearer ${accessToken}`;
}

export interface UpstreamCall {
  method: string;
  /** Normalised path plus query string, e.g. `/blade-system/menu/routes?x=1`. */
  pathAndQuery: string;
  headers: Headers;
  body?: ReadableStream<Uint8Array> | string | null;
  /** Usually the browser request's signal: when the client goes away, the call is aborted. */
  signal?: AbortSignal;
}

export function callUpstream({
  method,
  pathAndQuery,
  headers,
  body,
  signal,
}: UpstreamCall): Promise<Response> {
  const timeoutMs = upstreamTimeoutMs(pathAndQuery.split('?')[0], headers.get('content-type'));
  return getUpstream().fetch({ method, pathAndQuery, headers, body }, { timeoutMs, signal });
}

/** The upstream's answer, streamed as it is, minus hop-by-hop headers and cookies, never cacheable. */
export function passThrough(upstream: Response): Response {
  // The upstream's Response is the portal's own object (built in process or from undici's answer), so its headers
  // are cleaned in place rather than copied into a second Response and stream.
  stripResponseHeaders(upstream.headers);
  for (const [name, value] of BASE_HEADERS) upstream.headers.set(name, value);
  return upstream;
}
