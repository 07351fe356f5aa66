import {
  badgeText,
  clearErrorLog,
  errorLogEntries,
  installErrorLog,
  MAX_ENTRIES,
  recordError,
  resetErrorLogCache,
} from '@/lib/client/error-log';
import { PersistentValue, readStore } from '@/components/shell/browser-store';

beforeEach(() => {
  window.localStorage.clear();
  resetErrorLogCache();
});

describe('local error log', () => {
  it('records type, url, message, stack, info and time, newest first, and survives a reload', () => {
    recordError(new TypeError('boom'), undefined, 'info text');
    recordError('plain', 'Custom');
    const [latest, first] = errorLogEntries();
    expect(latest).toMatchObject({ type: 'Custom', message: 'plain', url: '/' });
    expect(first).toMatchObject({ type: 'TypeError', message: 'boom', info: 'info text' });
    expect(first.stack).toContain('boom');
    expect(first.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    resetErrorLogCache();
    expect(errorLogEntries()).toHaveLength(2);
    clearErrorLog();
    expect(errorLogEntries()).toEqual([]);
  });

  it('keeps at most 100 entries and shows at most 99 on the badge', () => {
    for (let i = 0; i < MAX_ENTRIES + 5; i++) recordError(new Error(`e${i}`));
    expect(errorLogEntries()).toHaveLength(MAX_ENTRIES);
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('records uncaught errors and unhandled rejections once installed', () => {
    const uninstall = installErrorLog();
    window.dispatchEvent(
      new ErrorEvent('error', { error: new RangeError('bad range'), message: 'bad range' }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('lost promise');
    window.dispatchEvent(rejection);
    uninstall();
    const after = new Event('unhandledrejection') as Event & { reason?: unknown };
    after.reason = new Error('after');
    window.dispatchEvent(after);
    expect(errorLogEntries().map((e) => e.message)).toEqual(['lost promise', 'bad range']);
  });
});

describe('browser store', () => {
  it('stores content with its data type and time under the prefix and notifies subscribers', () => {
    const store = new PersistentValue<number>('testValue', 6);
    const seen: number[] = [];
    const off = store.subscribe(() => seen.push(store.get()));
    expect(store.get()).toBe(6);
    store.set(3);
    off();
    const raw = JSON.parse(window.localStorage.getItem('portal-testValue')!);
    expect(raw).toMatchObject({ dataType: 'number', content: 3 });
    expect(typeof raw.datetime).toBe('number');
    expect(readStore('testValue', 0)).toBe(3);
    expect(seen).toEqual([3]);
  });
});
