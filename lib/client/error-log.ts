/**
 * The local error log (spec 000 §8 "Uncaught UI errors are logged locally (type, message, stack, info, url, time) and
 * later sent as logs"). Entries live in localStorage so that they survive the reload an error often forces; the
 * dialog in the top bar uploads them to blade-log (POST /api/blade-log/error/upload) or clears them.
 */

import { SMALL_BODY_BYTES } from '@/blade/core/body-limit';
import {
  CLIENT_ERROR_LIMITS,
  cutText,
  MAX_CLIENT_ERRORS_PER_UPLOAD,
} from '@/blade/modules/log/client-error-limits';

export interface ErrorLogEntry {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

const KEY = 'portal-errorLog';
/** The newest entries are kept; one upload takes at most 100. */
export const MAX_ENTRIES = MAX_CLIENT_ERRORS_PER_UPLOAD;
export const BADGE_MAX = 99;

const listeners = new Set<() => void>();
let cache: ErrorLogEntry[] | undefined;
const EMPTY: ErrorLogEntry[] = [];

const pad = (n: number) => String(n).padStart(2, '0');
export function formatTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function load(): ErrorLogEntry[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as { content?: ErrorLogEntry[] };
    return Array.isArray(parsed.content) ? parsed.content : [];
  } catch {
    return [];
  }
}

function save(entries: ErrorLogEntry[]): void {
  cache = entries;
  try {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ dataType: 'array', content: entries, datetime: Date.now() }),
    );
  } catch {
    // Storage full: keep the in-memory list.
  }
  listeners.forEach((l) => l());
}

export function errorLogEntries(): ErrorLogEntry[] {
  if (typeof window === 'undefined') return EMPTY;
  cache ??= load();
  return cache;
}

export const serverErrorLogEntries = () => EMPTY;

export function subscribeErrorLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const text = (v: unknown, max: number) =>
  cutText(typeof v === 'string' ? v : v == null ? '' : String(v), max);

export function recordError(error: unknown, type?: string, info = ''): void {
  const err = error instanceof Error ? error : undefined;
  const entry: ErrorLogEntry = {
    type: text(type ?? err?.name ?? 'Error', CLIENT_ERROR_LIMITS.type) || 'Error',
    url: text(window.location.pathname + window.location.search, CLIENT_ERROR_LIMITS.url),
    message: text(err?.message ?? error, CLIENT_ERROR_LIMITS.message),
    stack: text(err?.stack ?? '', CLIENT_ERROR_LIMITS.stack),
    info: text(info, CLIENT_ERROR_LIMITS.info),
    time: formatTime(new Date()),
  };
  save([entry, ...errorLogEntries()].slice(0, MAX_ENTRIES));
}

export function clearErrorLog(): void {
  save([]);
}

/** blade's limit for a JSON body, less room for what a request adds around the entries. */
const UPLOAD_BYTES = SMALL_BODY_BYTES - 64 * 1024;

/**
 * The entries of the next upload, newest first: each cut to blade's bounds (entries recorded before they applied may
 * be longer), as many as fit in one request body; the rest wait for the next upload.
 */
export function uploadBatch(entries: readonly ErrorLogEntry[]): ErrorLogEntry[] {
  const encoder = new TextEncoder();
  const batch: ErrorLogEntry[] = [];
  let bytes = 2;
  for (const e of entries.slice(0, MAX_CLIENT_ERRORS_PER_UPLOAD)) {
    const bounded: ErrorLogEntry = {
      type: text(e.type, CLIENT_ERROR_LIMITS.type) || 'Error',
      url: text(e.url, CLIENT_ERROR_LIMITS.url),
      message: text(e.message, CLIENT_ERROR_LIMITS.message),
      stack: text(e.stack, CLIENT_ERROR_LIMITS.stack),
      info: text(e.info, CLIENT_ERROR_LIMITS.info),
      time: text(e.time, CLIENT_ERROR_LIMITS.time),
    };
    const size = encoder.encode(JSON.stringify(bounded)).length + 1;
    if (bytes + size > UPLOAD_BYTES) break;
    batch.push(bounded);
    bytes += size;
  }
  return batch;
}

/** After an upload, forgets the uploaded entries (the stored ones, by identity); entries recorded meanwhile stay. */
export function forgetUploaded(sent: readonly ErrorLogEntry[]): void {
  const gone = new Set(sent);
  save(errorLogEntries().filter((e) => !gone.has(e)));
}

/** What the badge shows: the count, at most 99 (then "99+"). */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** Records uncaught errors and unhandled rejections; returns the uninstaller. */
export function installErrorLog(): () => void {
  const onError = (e: ErrorEvent) => recordError(e.error ?? e.message, e.error?.name ?? 'Error');
  const onRejection = (e: PromiseRejectionEvent) =>
    recordError(e.reason, e.reason instanceof Error ? e.reason.name : 'UnhandledRejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Tests: forget the cached list. */
export function resetErrorLogCache(): void {
  cache = undefined;
}
