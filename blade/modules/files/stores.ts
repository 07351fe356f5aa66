import type { Readable } from 'node:stream';
import type { Deps } from '../../core/context';
import { ServiceError } from '../../core/errors';
import type { Db } from '../../db/tenant';
import { withTenant } from '../../db/tenant';
import { S3Storage, type Storage, type StorageSet } from '../../storage';
import { getEnabledOss, type OssConfig } from '../oss/oss.repository';

/** The instance's stores (local disk, its default S3): configured at start-up, required by every file call. */
export function storageOf(deps: Deps): StorageSet {
  if (!deps.storage) throw new Error('[blade] file storage is not configured');
  return deps.storage;
}

/** BladeX OSS categories that speak the S3 protocol (minio, amazons3). */
const S3_CATEGORIES = new Set([1, 6]);
const OSS_KIND = /^oss:(\d{1,19})$/;

// One client per configuration version: a changed endpoint or key gets a new one.
const clients = new Map<string, S3Storage>();

/**
 * A tenant's configuration is reached only as the outbound rule allows (SECURITY 24): an endpoint that is not
 * scheme://host:port, or not allowed, is refused here, and a public one connects through the dispatcher that checks
 * every address it resolves to.
 */
function clientFor(
  deps: Deps,
  oss: Pick<OssConfig, 'id' | 'endpoint' | 'bucketName' | 'accessKey' | 'secretKey' | 'region'>,
) {
  const { origin, dispatcher } = deps.outbound.route(oss.endpoint, 'storage');
  const cacheKey = [oss.id, origin, oss.bucketName, oss.accessKey, oss.secretKey, oss.region].join('\u0000');
  let client = clients.get(cacheKey);
  if (!client || client.config.dispatcher !== dispatcher) {
    if (clients.size > 100) clients.clear();
    client = new S3Storage(
      {
        endpoint: origin,
        bucket: oss.bucketName,
        accessKey: oss.accessKey,
        secretKey: oss.secretKey,
        region: oss.region || undefined,
        dispatcher,
      },
      `oss:${oss.id}`,
    );
    clients.set(cacheKey, client);
  }
  return client;
}

/**
 * Where a tenant's new files go: its enabled object storage configuration when that speaks S3 (system → object
 * storage), else the instance's default store.
 */
export async function uploadStore(deps: Deps, tenantId: string): Promise<Storage> {
  const oss = await getEnabledOss(deps.db, tenantId);
  if (oss && S3_CATEGORIES.has(oss.category) && oss.endpoint && oss.bucketName) return clientFor(deps, oss);
  return storageOf(deps).default;
}

/** The store a file was written to, by the kind recorded with it (also after its OSS configuration was disabled). */
export async function storeOfKind(deps: Deps, db: Db, tenantId: string, kind: string): Promise<Storage> {
  const match = OSS_KIND.exec(kind);
  if (!match) return storageOf(deps).byKind(kind);
  const row = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('blade_oss')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', match[1])
      .executeTakeFirst(),
  );
  if (!row) throw new Error(`object storage configuration ${match[1]} is gone`);
  return clientFor(deps, {
    id: row.id,
    endpoint: row.endpoint,
    bucketName: row.bucket_name,
    accessKey: row.access_key,
    secretKey: row.secret_key,
    region: row.region,
  });
}

/**
 * A stored object's bytes, for work that needs them all at once (stamping, conversion, decoding a seal). Past `max`
 * the read stops and `tooLarge` is the caller's answer, so one request cannot take the process's memory.
 */
export async function readLimited(stream: Readable, max: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw new ServiceError(tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
