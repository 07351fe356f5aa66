import { act, renderHook } from '@testing-library/react';
import { useRefusal, type Attempt } from '@/components/crud/use-refusal';
import { BladeError } from '@/lib/client/fetcher';

// The submit rule of the portal's dialogs: a refusal stays in the dialog as the server's words, anything else is thrown
// on; the button is busy exactly while the call runs.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A run of a call the test settles later; the button is busy meanwhile. */
function started<T>() {
  const { result } = renderHook(() => useRefusal());
  const call = deferred<T>();
  let attempt!: Promise<Attempt<T>>;
  act(() => {
    attempt = result.current.run(() => call.promise);
  });
  expect(result.current.busy).toBe(true);
  return { result, call, attempt };
}

describe('useRefusal', () => {
  it('is busy while the work runs and answers its value', async () => {
    const { result, call, attempt } = started<number>();
    await act(async () => {
      call.resolve(7);
      await expect(attempt).resolves.toEqual({ ok: true, value: 7 });
    });
    expect(result.current).toMatchObject({ busy: false, refusal: null });
  });

  it('keeps a refusal as the server said it, and clears it on the next run', async () => {
    const { result, call, attempt } = started<void>();
    await act(async () => {
      call.reject(new BladeError('证书已过期', 400, 200));
      await expect(attempt).resolves.toEqual({ ok: false });
    });
    expect(result.current).toMatchObject({ busy: false, refusal: '证书已过期' });

    await act(async () => {
      await result.current.run(async () => undefined);
    });
    expect(result.current.refusal).toBeNull();
  });

  it('throws any other failure on, without a refusal', async () => {
    const { result } = renderHook(() => useRefusal());
    const bug = new TypeError('x is undefined');
    await act(async () => {
      await expect(
        result.current.run(async () => {
          throw bug;
        }),
      ).rejects.toBe(bug);
    });
    expect(result.current).toMatchObject({ busy: false, refusal: null });
  });
});
