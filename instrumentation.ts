/** Runs once when the Next server starts (not during `next build`); the work is Node-only. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startPortal } = await import('./lib/server/startup');
    await startPortal();
  }
}
