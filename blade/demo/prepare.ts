import type { Config } from '../../lib/env';
import { createBlade } from '../app';
import { stdoutLog } from '../core/log';
import { bladeOptionsFrom } from '../options';

/**
 * `npm run demo` (scripts/start.mjs): opens the API once before the portal starts, so that the demo institute is made
 * (and its accounts printed) at start-up rather than during the first page's request, then closes it for the server
 * to open. Without DEMO_INSTITUTE it does nothing; nor with BLADE_API_URL (the remote API, started with the
 * variable, makes it itself).
 */
export async function prepareDemo(config: Config): Promise<void> {
  if (!config.demoInstitute || config.bladeApiUrl) return;
  const blade = await createBlade(bladeOptionsFrom(config, { log: stdoutLog, alertScheduler: undefined }));
  await blade.close();
}
