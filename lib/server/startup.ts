import { ConfigError, getConfig } from '@/lib/env';
import { basePath as builtBasePath } from '@/lib/client/navigation';
import { getLogger } from '@/lib/log';
import { startControlSocket, stopControlSocket } from '@/lib/server/control';
import { lifecycle } from '@/lib/server/lifecycle';
import { closeUpstream, ensureUpstreamReady } from '@/lib/upstream';

/**
 * Validate the configuration, then open the embedded API so that migrations and the first-start seed happen before
 * the first request, not during it. A bad configuration stops the process with a readable list of problems.
 * Afterwards /readyz reports ready, and the control socket (backup/restore) listens.
 */
export async function startPortal(): Promise<void> {
  try {
    const { basePath } = getConfig();
    // Next fixed the sub-path when this build was made; serving it under another one would break every link.
    if (basePath && basePath !== builtBasePath) {
      throw new ConfigError([
        `BASE_PATH: this build serves "${builtBasePath || '/'}"; rebuild with BASE_PATH=${basePath}`,
      ]);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await ensureUpstreamReady();
  const state = lifecycle();
  state.close = async () => {
    stopControlSocket();
    // Closes the embedded database cleanly (and releases its DATA_DIR lock); the process exits right after.
    await closeUpstream();
  };
  startControlSocket();
  state.started = true;
  getLogger().info({ appEnv: getConfig().appEnv, basePath: builtBasePath || '/' }, 'portal ready');
}
