/**
 * The embedded Blade-compatible API. The portal reaches it only through `Blade.fetch` (in process) or over HTTP
 * (`npm run start:blade`), exactly as it would reach a remote BladeX: routes are mounted without the `/api` prefix,
 * the way a Blade gateway sees them (`/blade-system/menu/routes`).
 */
export type { Blade, BladeOptions } from './app';
export { createBlade } from './app';
export type { BladeConfigSource } from './options';
export { bladeOptionsFrom } from './options';
