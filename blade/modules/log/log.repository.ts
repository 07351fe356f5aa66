import type { Selectable } from 'kysely';
import { nextId } from '../../core/ids';
import { fetchPage, type PageRequest, type SortOrder } from '../../core/page';
import type { LogApiTable, LogErrorTable, LogUsualTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

export type LogKind = 'api' | 'error' | 'usual';
export type ApiLogRow = Selectable<LogApiTable>;
export type ErrorLogRow = Selectable<LogErrorTable>;
export type UsualLogRow = Selectable<LogUsualTable>;
export type LogRow = ApiLogRow | ErrorLogRow | UsualLogRow;

export const LOG_TABLE = {
  api: 'blade_log_api',
  error: 'blade_log_error',
  usual: 'blade_log_usual',
} as const;

/** Columns a list may sort by (contract: create_time ascending unless the caller asks otherwise). */
export const LOG_SORTABLE = ['create_time', 'service_id', 'request_uri', 'remote_ip', 'create_by'] as const;

/** The "type" filter of each log: api log type, error exception name, usual log level. */
const TYPE_COLUMN = { api: 'type', error: 'exception_name', usual: 'log_level' } as const;

export interface LogFilter {
  serviceId?: string | null;
  requestUri?: string | null;
  createBy?: string | null;
  type?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- one query builder over three tables with the same common
   columns: the kind picks the table and the type column, which Kysely's types cannot express as a union */
function filtered(db: Db, kind: LogKind, tenantId: string, filter: LogFilter): any {
  let q: any = db.selectFrom(LOG_TABLE[kind] as 'blade_log_api').where('tenant_id', '=', tenantId);
  if (filter.serviceId) q = q.where('service_id', '=', filter.serviceId);
  if (filter.requestUri) q = q.where('request_uri', 'ilike', filter.requestUri);
  if (filter.createBy) q = q.where('create_by', '=', filter.createBy);
  if (filter.type) q = q.where(TYPE_COLUMN[kind], '=', filter.type);
  if (filter.from) q = q.where('create_time', '>=', filter.from);
  if (filter.to) q = q.where('create_time', '<=', filter.to);
  return q;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/* eslint-disable @typescript-eslint/no-explicit-any -- see filtered() */
export async function pageLogs(
  db: Db,
  kind: LogKind,
  tenantId: string,
  filter: LogFilter,
  page: PageRequest,
  orders: SortOrder[],
): Promise<{ rows: LogRow[]; total: number }> {
  const sort = orders.length ? orders : [{ column: 'create_time', direction: 'asc' as const }];
  // id breaks ties, so that a page boundary never splits rows logged in the same instant differently.
  return fetchPage(filtered(db, kind, tenantId, filter), (qb: any) => qb.selectAll(), page, [
    ...sort,
    { column: 'id', direction: 'asc' },
  ]) as Promise<{ rows: LogRow[]; total: number }>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export async function findLog(
  db: Db,
  kind: LogKind,
  tenantId: string,
  id: string,
): Promise<LogRow | undefined> {
  return filtered(db, kind, tenantId, {}).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    LogRow | undefined
  >;
}

export interface ClientError {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

export interface Origin {
  account: string;
  remoteIp: string;
  userAgent: string;
}

/** Stores errors recorded in a browser (the portal's error-log upload) as error log rows of service `portal-web`. */
export async function insertClientErrors(
  db: Db,
  tenantId: string,
  origin: Origin,
  errors: ClientError[],
): Promise<number> {
  if (errors.length === 0) return 0;
  await db
    .insertInto('blade_log_error')
    .values(
      errors.map((e) => ({
        id: nextId(),
        tenant_id: tenantId,
        service_id: 'portal-web',
        method: 'CLIENT',
        request_uri: e.url,
        user_agent: origin.userAgent,
        remote_ip: origin.remoteIp,
        params: e.info,
        time: e.time,
        create_by: origin.account,
        exception_name: e.type,
        message: e.message,
        stack_trace: e.stack,
      })),
    )
    .execute();
  return errors.length;
}
