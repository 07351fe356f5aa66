import { withBasePath } from '@/lib/client/navigation';

/**
 * The shell's layout rules (spec 000 §2 "Layout"): mode numbers, screen size classes, the desktop shell's overrides.
 * Pure functions: the components and the tests share them.
 */

export type LayoutMode = 1 | 2 | 3 | 4 | 5 | 6;
export const LAYOUT_MODES: LayoutMode[] = [1, 2, 3, 4, 5, 6];
export const DEFAULT_LAYOUT_MODE: LayoutMode = 6;

export interface LayoutFlags {
  top: boolean;
  left: boolean;
  tags: boolean;
}

/** 1 none, 2 top only, 3 left only, 4 left plus tags, 5 top plus left, 6 all. */
export function layoutFlags(mode: LayoutMode): LayoutFlags {
  switch (mode) {
    case 1:
      return { top: false, left: false, tags: false };
    case 2:
      return { top: true, left: false, tags: false };
    case 3:
      return { top: false, left: true, tags: false };
    case 4:
      return { top: false, left: true, tags: true };
    case 5:
      return { top: true, left: true, tags: false };
    default:
      return { top: true, left: true, tags: true };
  }
}

export function toLayoutMode(value: unknown): LayoutMode {
  const n = Number(value);
  return (LAYOUT_MODES as number[]).includes(n) ? (n as LayoutMode) : DEFAULT_LAYOUT_MODE;
}

/** 3 for width ≥ 1200, 2 for ≥ 992, 1 for ≥ 768, otherwise 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

export const RESIZE_DEBOUNCE_MS = 300;

/** Calls fn with the last arguments once calls have stopped for `wait` ms. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => timer && clearTimeout(timer);
  return debounced;
}

/**
 * The embedded desktop browser shell. It announces itself in one of two ways (documented in README "Desktop shell"):
 * - it injects `window.__DESKTOP_SHELL__ = { top?, left?, tags?, avatar? }` before the page's scripts run, or
 * - it opens the portal with `?desktopShell=1` and optional `shellTop`, `shellLeft`, `shellTags` (`0`/`1`) and
 *   `shellAvatar` query parameters; the portal remembers them for the browser tab (sessionStorage).
 * Its flags override the chosen layout mode; its avatar replaces the user's.
 */
export interface DesktopShell {
  top?: boolean;
  left?: boolean;
  tags?: boolean;
  avatar?: string;
}

const flag = (v: string | null) => (v === null ? undefined : v === '1' || v === 'true');

export function desktopShellFromQuery(search: string): DesktopShell | null {
  const q = new URLSearchParams(search);
  if (!flag(q.get('desktopShell'))) return null;
  const shell: DesktopShell = {
    top: flag(q.get('shellTop')),
    left: flag(q.get('shellLeft')),
    tags: flag(q.get('shellTags')),
  };
  const avatar = q.get('shellAvatar');
  if (avatar) shell.avatar = avatar;
  return shell;
}

export function desktopShellFromObject(value: unknown): DesktopShell | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const bool = (x: unknown) => (typeof x === 'boolean' ? x : undefined);
  return {
    top: bool(v.top),
    left: bool(v.left),
    tags: bool(v.tags),
    avatar: typeof v.avatar === 'string' && v.avatar ? v.avatar : undefined,
  };
}

export function applyDesktopShell(flags: LayoutFlags, shell: DesktopShell | null): LayoutFlags {
  if (!shell) return flags;
  return { top: shell.top ?? flags.top, left: shell.left ?? flags.left, tags: shell.tags ?? flags.tags };
}

/**
 * The rule of spec 000 §5: a 32-character avatar is a file id (its file-service record), anything else a URL, none
 * the default logo. useAvatarSrc turns a file id into a viewable image URL.
 */
export function avatarSource(avatar: string | undefined | null): string {
  if (!avatar) return withBasePath('/logo.svg');
  if (avatar.length === 32)
    return withBasePath(`/api/blade-resource/file/getFileById?fileId=${encodeURIComponent(avatar)}`);
  // A same-site path gets the BASE_PATH; an absolute URL stays as it is.
  return withBasePath(avatar);
}
