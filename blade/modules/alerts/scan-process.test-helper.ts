import { createBlade } from '../../app';
import { TtlMap, TtlSet } from '../../core/context';
import { OutboundPolicy } from '../../core/outbound';
import { ADMIN_PASSWORD, TEST_CLIENT, TEST_SIGNING_KEY } from '../../testing/harness';
import { runAlertScan } from './alert-scan';

// One alert pass in an OS process of its own (alerts.test.ts spawns two at once against one PostgreSQL): its own Blade
// pool, the clock from ALERT_NOW, the SMS vendor's host from SMS_HOST. Prints the pass's result as JSON.

async function main() {
  const databaseUrl = process.env.DATABASE_URL!;
  const smsHost = process.env.SMS_HOST!;
  const blade = await createBlade({
    dataDir: '/nonexistent-blade-test-dir',
    databaseUrl,
    jwtSigningKey: TEST_SIGNING_KEY,
    captchaEnabled: true,
    portalClient: TEST_CLIENT,
    adminPassword: ADMIN_PASSWORD,
    testHooks: true,
    log: () => {},
    outbound: { allowedHosts: [smsHost] },
  });
  try {
    const result = await runAlertScan(
      {
        db: blade.db,
        log: () => {},
        outbound: new OutboundPolicy({ allowedHosts: [smsHost] }),
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
      },
      new Date(process.env.ALERT_NOW!),
    );
    process.stdout.write(JSON.stringify(result));
  } finally {
    await blade.close();
  }
}

void main();
