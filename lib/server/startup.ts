import { ConfigError, getConfig } from '@/lib/env';
import { ensureUpstreamReady } from '@/lib/upstream';

/**
 * Validate the configuration, then open the embedded API so that migrations and the first-start seed happen before
 * the first request, not during it. A bad configuration stops the process with a readable list of problems.
 */
export async function startPortal(): Promise<void> {
  try {
    getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await ensureUpstreamReady();
}
