'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  useState,
  type ReactNode,
} from 'react';
import { usePathname } from 'next/navigation';
import { debounce, RESIZE_DEBOUNCE_MS, screenClass } from './layout-model';

export interface ContentSize {
  width: number;
  height: number;
}

interface ShellContextValue {
  /** Screen size class 0–3 of the window. */
  screen: 0 | 1 | 2 | 3;
  /** The content area's size, updated 300 ms after resizing stops. */
  contentSize: ContentSize;
  openSearch: () => void;
}

const ShellContext = createContext<ShellContextValue>({
  screen: 3,
  contentSize: { width: 0, height: 0 },
  openSearch: () => undefined,
});

/** State of keep-alive pages by tab value (see useKeepAlive); only ever written in the browser. */
const keepAlive = new Map<string, Map<string, unknown>>();

/** Forgets the kept state of one tab, or of all ("clear cache"). */
export function clearKeepAlive(value?: string): void {
  if (value) keepAlive.delete(value);
  else keepAlive.clear();
}

export function useShell() {
  return useContext(ShellContext);
}

/** Tracks an element's size, reporting it after `RESIZE_DEBOUNCE_MS` of quiet. */
export function useDebouncedSize(element: HTMLElement | null): ContentSize {
  const [size, setSize] = useState<ContentSize>({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    // The observer reports the first size at once; later changes wait for the quiet time.
    let first = true;
    const report = debounce((s: ContentSize) => setSize(s), RESIZE_DEBOUNCE_MS);
    const observer = new ResizeObserver(([entry]) => {
      const next = {
        width: Math.round(entry.contentRect.width),
        height: Math.round(entry.contentRect.height),
      };
      if (first) setSize(next);
      else report(next);
      first = false;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      report.cancel();
    };
  }, [element]);
  return size;
}

function subscribeResize(listener: () => void) {
  const update = debounce(listener, RESIZE_DEBOUNCE_MS);
  window.addEventListener('resize', update);
  return () => {
    window.removeEventListener('resize', update);
    update.cancel();
  };
}

/** The window's screen size class, re-read 300 ms after resizing stops (3 while rendering on the server). */
export function useScreenClass(): 0 | 1 | 2 | 3 {
  return useSyncExternalStore(
    subscribeResize,
    () => screenClass(window.innerWidth),
    () => 3,
  );
}

export function ShellProvider({
  children,
  contentElement,
  openSearch,
  screen,
}: {
  children: ReactNode;
  contentElement: HTMLElement | null;
  openSearch: () => void;
  screen: 0 | 1 | 2 | 3;
}) {
  const contentSize = useDebouncedSize(contentElement);
  const value = useMemo(() => ({ screen, contentSize, openSearch }), [screen, contentSize, openSearch]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/**
 * State that survives leaving and re-opening a page while its tab stays open (the App Router unmounts pages, so
 * "keep-alive" keeps the page's state, not its DOM). Closing the tab or "clear cache" forgets it.
 */
export function useKeepAlive<T>(tab: string, key: string, initial: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const bucket = tab ? keepAlive.get(tab) : undefined;
    return bucket?.has(key) ? (bucket.get(key) as T) : initial;
  });
  const set = useCallback(
    (v: T) => {
      // No tab (a component rendered outside the portal's pages): plain state.
      if (tab) {
        const bucket = keepAlive.get(tab) ?? new Map<string, unknown>();
        keepAlive.set(tab, bucket);
        bucket.set(key, v);
      }
      setValue(v);
    },
    [tab, key],
  );
  return [value, set];
}

/**
 * useKeepAlive on the current page's tab (its path, as the tags bar keys tabs), or plain state when `key` is
 * undefined: what the grids use to find their page, sorting and search again when their tab is re-opened.
 */
export function usePageKeepAlive<T>(key: string | undefined, initial: T): [T, (v: T) => void] {
  const pathname = usePathname();
  return useKeepAlive(key === undefined ? '' : (pathname ?? ''), key ?? '', initial);
}
