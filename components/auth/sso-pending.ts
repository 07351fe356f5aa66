/**
 * What the callback page needs of the login the browser began at a source: the grant to use (kind), the source's
 * name (the social grant names it) and where to go afterwards. Kept in sessionStorage (this tab only); the state,
 * verifier and nonce themselves never reach the browser's script (blade/ keeps them, the portal a digest cookie).
 */
export interface SsoPending {
  kind: 'sso' | 'social';
  source: string;
  redirect?: string;
}

const KEY = 'portal.sso.pending';

export function savePending(pending: SsoPending): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(pending));
}

/** Read once: a reload of the callback page must not retry a spent code. */
export function takePending(): SsoPending | null {
  const raw = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SsoPending>;
    if ((value.kind !== 'sso' && value.kind !== 'social') || typeof value.source !== 'string') return null;
    return { kind: value.kind, source: value.source, redirect: value.redirect };
  } catch {
    return null;
  }
}
