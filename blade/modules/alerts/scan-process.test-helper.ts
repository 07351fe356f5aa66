import { createBlade } from '../../app';
import { bladeOptionsOn } from '../../testing/harness';
import { runAlertScan } from './alert-scan';
import { scanDeps } from './alert-scan.test-helpers';

// One alert pass in an OS process of its own (alerts.test.ts spawns two at once against one PostgreSQL): its own Blade
// pool, the clock from ALERT_NOW, the SMS vendor's host from SMS_HOST. Prints the pass's result as JSON.

async function main() {
  const smsHost = process.env.SMS_HOST!;
  const blade = await createBlade(
    bladeOptionsOn(process.env.DATABASE_URL!, { outbound: { allowedHosts: [smsHost] } }),
  );
  try {
    const result = await runAlertScan(scanDeps(blade.db, [smsHost]), new Date(process.env.ALERT_NOW!));
    process.stdout.write(JSON.stringify(result));
  } finally {
    await blade.close();
  }
}

void main();
