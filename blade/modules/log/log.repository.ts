import { nextId } from '../../core/ids';
import type { Db } from '../../db/tenant';

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
