import type { Migration } from 'kysely';
import * as systemTables from './20261121T073000-system-tables';
import * as authTables from './20261121T073100-auth-tables';
import * as rowLevelSecurity from './20261121T073200-row-level-security';

/** Static list (no directory scanning: bundlers and `next build` must see every migration). Append only. */
export const migrations: Record<string, Migration> = {
  '20261121T073000-system-tables': systemTables,
  '20261121T073100-auth-tables': authTables,
  '20261121T073200-row-level-security': rowLevelSecurity,
};
