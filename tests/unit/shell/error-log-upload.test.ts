import { SMALL_BODY_BYTES } from '@/blade/core/body-limit';
import { CLIENT_ERROR_LIMITS } from '@/blade/modules/log/client-error-limits';
import {
  errorLogEntries,
  forgetUploaded,
  recordError,
  resetErrorLogCache,
  uploadBatch,
  type ErrorLogEntry,
} from '@/lib/client/error-log';

beforeEach(() => {
  window.localStorage.clear();
  resetErrorLogCache();
});

const entry = (message: string): ErrorLogEntry => ({
  type: 'Error',
  url: '/x',
  message,
  stack: '栈'.repeat(50_000),
  info: '',
  time: '2026-11-23 10:00:00',
});

describe('error log upload batch', () => {
  it('cuts each entry to blade’s bounds and stops before the request body limit', () => {
    const entries = Array.from({ length: 100 }, (_, i) => entry(`m${i}`));
    const batch = uploadBatch(entries);
    expect(batch[0].stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(batch.map((e) => e.message)).toEqual(entries.slice(0, batch.length).map((e) => e.message));
    expect(batch.length).toBeLessThan(100);
    expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThan(SMALL_BODY_BYTES);
    expect(uploadBatch(entries.map((e) => ({ ...e, stack: 'short' })))).toHaveLength(100);
  });

  it('forgets only the uploaded entries, not those recorded meanwhile', () => {
    recordError(new Error('first'));
    recordError(new Error('second'));
    const sent = errorLogEntries().slice(0, 2);
    recordError(new Error('during upload'));
    forgetUploaded(sent);
    expect(errorLogEntries().map((e) => e.message)).toEqual(['during upload']);
  });
});
