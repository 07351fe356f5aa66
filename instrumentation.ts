/**
 * Runs once when the Next server starts (not during `next build`): validate the configuration, then open the embedded
 * API so that migrations and the first-start seed happen before the first request, not during it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getConfig, ConfigError } = await import('./lib/env');
  try {
    getConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { ensureUpstreamReady } = await import('./lib/upstream');
  await ensureUpstreamReady();
}
