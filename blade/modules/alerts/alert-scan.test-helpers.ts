import { TtlMap, TtlSet, type Deps } from '../../core/context';
import { OutboundPolicy } from '../../core/outbound';
import type { Db } from '../../db/tenant';
import { TEST_SIGNING_KEY } from '../../testing/harness';

/**
 * Deps of a Blade instance's pool `db`, as createBlade builds them for the harness's settings, for running the alert
 * pass directly; outbound calls reach only `allowedHosts` (the SMS vendor's).
 */
export function scanDeps(db: Db, allowedHosts: string[]): Deps {
  return {
    db,
    log: () => {},
    outbound: new OutboundPolicy({ allowedHosts }),
    settings: {
      jwtSigningKey: TEST_SIGNING_KEY,
      captchaEnabled: true,
      refreshGraceSeconds: 30,
      testHooks: true,
      publicOrigins: [],
    },
    caches: {
      sessions: new TtlMap(5_000),
      clients: new TtlSet(300_000, 100),
      menus: new TtlMap(5_000, 1_000),
      menuBodies: new TtlMap(5_000, 1_000),
      tokens: new TtlMap(60_000, 10_000),
    },
  };
}
