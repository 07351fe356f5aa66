import type { CrudHooks } from '../../core/crud';
import { formatDateTime } from '../../core/dates';

/** The log tables have no BaseEntity columns: the answer's createTime is the row's, formatted like every other. */
export const logHooks: CrudHooks = {
  present: (row) => ({ createTime: formatDateTime(row.create_time as Date | string) }),
};

/** An error logged without a line (a browser's upload) answers line -1, as Blade does. */
export const errorLogHooks: CrudHooks = {
  present: (row) => ({ ...logHooks.present!(row), lineNumber: row.line_number ?? -1 }),
};
