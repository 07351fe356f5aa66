import { pageRequest, sortOrders, type PageRequest, type SortOrder } from '../../core/page';
import { pageQuerySchema } from '../../../lib/contracts/inputs';

/**
 * A files list call's page and sort: `current`, `size` (default per call) and `ascs`/`descs` through the call's
 * allowlist (refused otherwise, see sortOrders). `sortable` maps the names a client may sort by (the answer's fields,
 * snake case) to their columns, with `p.` where the query joins.
 */
export function listRequest(
  input: Record<string, string>,
  sortable: Readonly<Record<string, string>>,
  defaultSize: number,
): { page: PageRequest; orders: SortOrder[] } {
  const q = pageQuerySchema.parse(input);
  const page = pageRequest({ current: q.current, size: q.size ?? defaultSize });
  const orders = sortOrders(Object.keys(sortable), q).map((o) => ({ ...o, column: sortable[o.column] }));
  return { page, orders };
}
