'use client';

import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/**
 * What `load` answers, for a screen that asks by hand (a page of a hand-made table, a record in a dialog): asked when
 * the screen opens, whenever `load` changes (build it with useCallback over what it reads: page, size, filters, id)
 * and on `reload()` after a write. An answer that arrives after a newer request, or after the screen closed, is
 * dropped, so a slow old page never replaces a new one. `data` is null until the first answer and keeps the last one
 * while the next is asked. A failure goes to `onFailure`: what it returns replaces `data` (an empty page, so the table
 * stops saying it loads); without it, or when it returns undefined, `data` stays as it was.
 */
export function useLoaded<T>(load: () => Promise<T>, onFailure?: (failure: unknown) => T | undefined) {
  const [data, setData] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  const failed = useEffectEvent((failure: unknown) => {
    const replacement = onFailure?.(failure);
    if (replacement !== undefined) setData(replacement);
  });
  useEffect(() => {
    let live = true;
    load()
      .then((answer) => live && setData(answer))
      .catch((failure) => live && failed(failure));
    return () => {
      live = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, reload };
}
