'use client';

import { useCallback, useState } from 'react';
import { BladeError } from '@/lib/client/fetcher';

/** How a `run` ended: the work's value, or a refusal (already in `refusal`). */
export type Attempt<T> = { ok: true; value: T } | { ok: false };

export interface RefusalState {
  /** True while a `run` is under way: the submit button's `submitting`. */
  busy: boolean;
  /** The server's message of the last refused `run`; null before, and from the start of the next `run`. */
  refusal: string | null;
  /** The screen's own message in the same place (a missing input), a dismissed alert, or clearing from elsewhere. */
  setRefusal: (refusal: string | null) => void;
  run: <T>(work: () => Promise<T>) => Promise<Attempt<T>>;
}

/**
 * The portal's rule for a save: a refusal (BladeError — the server said no, beside any toast the fetcher raised) shows
 * its message where the user acted, with what was typed, and the dialog stays open; any other failure is rethrown to
 * the error boundary and the log, never shown as a refusal. Put the steps that follow a saved call (onDone, onClose,
 * reload) inside `work`: they run only when the call went through, before `busy` drops. A screen that shows no busy
 * state just does not read `busy`; two places with their own alert take two of these.
 */
export function useRefusal(): RefusalState {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<Attempt<T>> => {
    setRefusal(null);
    setBusy(true);
    try {
      return { ok: true, value: await work() };
    } catch (failure) {
      if (!(failure instanceof BladeError)) throw failure;
      setRefusal(failure.message);
      return { ok: false };
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, refusal, setRefusal, run };
}
