import { getConfig } from '@/lib/env';
import { getUpstream } from '@/lib/upstream';

/**
 * Process state that /readyz reports and scripts/server.mjs drives. It lives on globalThis because the server script
 * and the bundled route handlers share the process but not module instances.
 */
export interface PortalLifecycle {
  /** Start-up (configuration, migrations, seed) finished. */
  started: boolean;
  /** SIGTERM received: readiness is 503 while in-flight requests finish (scripts/server.mjs). */
  draining: boolean;
  /** A restore is replacing the data: readiness is 503. */
  maintenance: boolean;
  /** Closes what the process holds open (the embedded database), once. */
  close?: () => Promise<void>;
}

const store = globalThis as unknown as { __portalLifecycle?: PortalLifecycle };

export function lifecycle(): PortalLifecycle {
  store.__portalLifecycle ??= { started: false, draining: false, maintenance: false };
  return store.__portalLifecycle;
}

export interface Readiness {
  ready: boolean;
  checks: { started: boolean; draining: boolean; maintenance: boolean; upstream: boolean; database: boolean };
}

/**
 * Ready = started (migrations done), not shutting down, and the upstream answers a call that reads the database:
 * `tenant/info?domain=` makes blade/ (embedded or remote) query the tenant table.
 */
export async function readiness(): Promise<Readiness> {
  const state = lifecycle();
  const checks = {
    started: state.started,
    draining: state.draining,
    maintenance: state.maintenance,
    upstream: false,
    database: false,
  };
  if (state.started && !state.draining && !state.maintenance) {
    try {
      const res = await getUpstream().fetch(
        {
          method: 'GET',
          pathAndQuery: '/blade-system/tenant/info?domain=readyz.invalid',
          headers: new Headers(),
        },
        { timeoutMs: Math.min(getConfig().upstreamTimeoutMs, 3000) },
      );
      checks.upstream = res.status < 500;
      const body = (await res.json().catch(() => null)) as { code?: number } | null;
      checks.database = res.status === 200 && body?.code === 200;
    } catch {
      // getUpstream().fetch answers faults as envelopes; anything thrown still means not ready.
    }
  }
  return { ready: checks.started && !checks.draining && !checks.maintenance && checks.database, checks };
}
