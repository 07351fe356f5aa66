import { withBasePath } from '@/lib/client/navigation';

/**
 * The portal's one client-side fetcher. It speaks the Blade envelope and follows the spec's error catalogue:
 * any code or HTTP status other than 200 fails the call with the server's msg, else error_description, else
 * 'unknown error'; 401 ends the session (→ /login); codes in the caller's white list come back without a toast.
 * Every call carries X-CSRF: 1, which the portal's proxy requires for unsafe methods. Paths are app paths
 * (`/api/…`); the BASE_PATH prefix is added here. A failed call's toast names the request id (X-Request-Id) that
 * support finds in the portal's log.
 */

export interface BladeEnvelope<T = unknown> {
  code: number;
  success?: boolean;
  data: T;
  msg?: string;
  error_description?: string;
  /** A refusal's message key (blade/ core/errors.ts): its text in the user's language replaces `msg`. */
  errorCode?: string;
  /** The values of the key's placeholders. */
  errorArgs?: Record<string, string | number>;
  /** The refused input's path: `msg` is `<field>:<text>`, and the translated text gets the same prefix. */
  errorField?: string;
}

export class BladeError extends Error {
  constructor(
    message: string,
    public readonly code: number,
    public readonly status: number,
    public readonly body?: unknown,
    /** The portal's X-Request-Id of the failed call, when the server answered. */
    public readonly requestId?: string,
  ) {
    super(message);
    this.name = 'BladeError';
  }
}

export interface FetcherHooks {
  /** Shows an error toast; the text is already chosen by the catalogue. */
  onError: (message: string) => void;
  /** Called for 401: the session is gone. */
  onUnauthorized: () => void;
  /** Called for 423: the session is locked. */
  onLocked: () => void;
  unknownErrorText: string;
  networkErrorText: string;
  /** The text of a message key in the user's language, or undefined when the catalogue has none. */
  translate: (key: string, values?: Record<string, string | number>) => string | undefined;
}

const noop = () => {};
let hooks: FetcherHooks = {
  onError: noop,
  onUnauthorized: noop,
  onLocked: noop,
  unknownErrorText: 'unknown error',
  networkErrorText: 'network error',
  translate: () => undefined,
};

export function configureFetcher(next: Partial<FetcherHooks>): void {
  hooks = { ...hooks, ...next };
}

export interface BladeRequestInit extends Omit<RequestInit, 'body'> {
  /** Query parameters; undefined and empty values are left out. */
  params?: Record<string, string | number | boolean | undefined | null>;
  /** A plain object is sent as JSON; FormData, URLSearchParams and Blob go as they are. */
  body?: BodyInit | Record<string, unknown> | null;
  /** Body codes that are returned to the caller (as the envelope) without a toast. */
  whiteList?: number[];
  /** Do not toast; still throws. */
  silent?: boolean;
}

/** The portal's URL of a blade call (declared in lib/contracts): the proxy serves blade/ under /api. */
export function proxied(call: { path: string }): string {
  return `/api${call.path}`;
}

export function buildUrl(path: string, params?: BladeRequestInit['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** The toast text of a failed call: the message, then the request id for support. */
export function withRequestId(message: string, requestId: string | undefined): string {
  return requestId ? `${message} (ID: ${requestId})` : message;
}

export function errorText(body: Partial<BladeEnvelope> | undefined, fallback: string): string {
  const translated = body?.errorCode ? hooks.translate(body.errorCode, body.errorArgs) : undefined;
  if (translated) return body?.errorField ? `${body.errorField}:${translated}` : translated;
  return body?.msg || body?.error_description || fallback;
}

export async function bladeRequest<T = unknown>(
  path: string,
  init: BladeRequestInit = {},
): Promise<BladeEnvelope<T>> {
  const { params, body, whiteList = [], silent = false, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('X-CSRF', '1');
  let requestBody: BodyInit | null | undefined;
  if (isPlainObject(body)) {
    requestHeaders.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  } else {
    requestBody = body as BodyInit | null | undefined;
  }

  let response: Response;
  try {
    response = await fetch(withBasePath(buildUrl(path, params)), {
      credentials: 'same-origin',
      ...rest,
      headers: requestHeaders,
      body: requestBody,
    });
  } catch (cause) {
    if (!silent) hooks.onError(hooks.networkErrorText);
    throw new BladeError(hooks.networkErrorText, 0, 0, cause);
  }

  let parsed: BladeEnvelope<T> | undefined;
  try {
    parsed = (await response.json()) as BladeEnvelope<T>;
  } catch {
    parsed = undefined;
  }
  // The BladeX token call answers flat (no code); treat a 200 without a code as success.
  const code = parsed?.code ?? (response.ok && !parsed?.error_description ? 200 : response.status);
  if (code !== 200 || response.status !== 200) {
    if (whiteList.includes(code) && code !== 401 && code !== 423) return parsed as BladeEnvelope<T>;
    refuse(response, parsed, code, silent);
  }
  return parsed as BladeEnvelope<T>;
}

/** The one handling of a refused call: log out on 401, lock on 423, otherwise show the server's message; throws. */
function refuse(
  response: Response,
  parsed: Partial<BladeEnvelope> | undefined,
  code: number,
  silent: boolean,
): never {
  if (code === 401 || response.status === 401) {
    hooks.onUnauthorized();
    throw new BladeError(errorText(parsed, hooks.unknownErrorText), 401, response.status, parsed);
  }
  if (code === 423 || response.status === 423) {
    hooks.onLocked();
    throw new BladeError(errorText(parsed, hooks.unknownErrorText), 423, response.status, parsed);
  }
  const message = errorText(parsed, hooks.unknownErrorText);
  const requestId = response.headers?.get('x-request-id') ?? undefined;
  if (!silent) hooks.onError(withRequestId(message, requestId));
  throw new BladeError(message, code, response.status, parsed, requestId);
}

/** A file the server streams (an export), read with progress: the bytes so far and the rows it announced. */
export interface DownloadProgress {
  bytes: number;
  /** `X-Total-Count`, when the server says how many rows are coming. */
  rows?: number;
}

/**
 * POSTs `body` as JSON like bladeRequest and reads the answer as a file while it streams; a refusal (an envelope) is
 * handled as bladeRequest handles it. Answers the file and the name the server gave it.
 */
export async function bladeDownload(
  path: string,
  body: Record<string, unknown>,
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(withBasePath(path), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'X-CSRF': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    hooks.onError(hooks.networkErrorText);
    throw new BladeError(hooks.networkErrorText, 0, 0, cause);
  }
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    const parsed = (await response.json().catch(() => undefined)) as BladeEnvelope | undefined;
    refuse(response, parsed, parsed?.code ?? response.status, false);
  }
  const total = response.headers.get('x-total-count');
  const rows = total === null ? undefined : Number(total);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body!.getReader();
  onProgress({ bytes, rows });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.byteLength;
    onProgress({ bytes, rows });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const filename = encoded ? decodeURIComponent(encoded) : 'export.xlsx';
  return { blob: new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }), filename };
}

export type SwrKey =
  string | [string, BladeRequestInit['params']] | [string, BladeRequestInit['params'], 'POST'];

/**
 * For SWR: the key is the path, optionally with params, and `'POST'` for a list the catalogue serves as a POST
 * (business-service): its params go as the JSON body, blank ones left out as the query string leaves them out.
 */
export async function swrFetcher<T>(key: SwrKey): Promise<T> {
  const [path, params, method] = Array.isArray(key) ? key : [key, undefined, undefined];
  if (method !== 'POST') return (await bladeRequest<T>(path, { params })).data;
  const body = Object.fromEntries(
    Object.entries(params ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return (await bladeRequest<T>(path, { method: 'POST', body })).data;
}
