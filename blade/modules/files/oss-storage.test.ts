import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { S3Storage } from '../../storage';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { startS3rver, tempDirs, type RunningS3rver } from '../../testing/s3rver';
import { filesUnder, form, pngBytes, sha256 } from './files.test-helpers';

// A tenant's enabled S3-protocol object storage configuration (system → object storage) receives its uploads; files
// stay readable from where they were written after the configuration is switched off. Against a real S3-compatible
// server (s3rver) on loopback.

let h: Harness;
let s3server: RunningS3rver;
let endpoint: string;
const dirs = tempDirs();
const tmp = dirs.make;
let root: string;
let ossId: string;

beforeAll(async () => {
  s3server = await startS3rver(tmp('s3rver-oss-'));
  endpoint = s3server.endpoint;
  await new S3Storage({
    endpoint,
    bucket: 'tenant-a',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
  }).ensureBucket();
  root = tmp('blade-oss-local-');
  // s3rver stands for the tenants' MinIO, which ops allow by name (core/outbound.ts).
  h = await createHarness({ files: { root }, outbound: { allowedHosts: [new URL(endpoint).host] } });
  ossId = nextId();
  await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx
      .insertInto('blade_oss')
      .values({
        id: ossId,
        tenant_id: PLATFORM,
        category: 1,
        oss_code: 'minio-a',
        endpoint,
        access_key: 'S3RVER',
        secret_key: 'S3RVER',
        bucket_name: 'tenant-a',
        status: 2,
      })
      .execute(),
  );
  await h.login('admin', ADMIN_PASSWORD);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  await s3server?.close();
  dirs.removeAll();
}, SETUP_TIMEOUT);

async function download(id: string) {
  const key = (await (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${id}`)).json()) as {
    data: { authKey: string };
  };
  const res = await h.authed(
    `/blade-resource/file/downloadById?id=${id}&isDownload=1&authKey=${key.data.authKey}`,
  );
  return { status: res.status, sha: sha256(Buffer.from(await res.arrayBuffer())) };
}

it("stores uploads in the tenant's S3 bucket and reads them back after the configuration is switched off", async () => {
  const bytes = pngBytes(2 * 1024 * 1024 + 3);
  const res = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form({}, { name: 's3.png', bytes }),
  });
  const body = (await res.json()) as { msg: string; data: { id: string; server: string } };
  expect(body.msg).toBe('操作成功');
  expect(body.data.server).toBe(`oss:${ossId}`);
  expect(filesUnder(root)).toEqual([]);
  expect(await download(body.data.id)).toEqual({ status: 200, sha: sha256(bytes) });

  await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx.updateTable('blade_oss').set({ status: 1 }).where('id', '=', ossId).execute(),
  );
  expect(await download(body.data.id)).toEqual({ status: 200, sha: sha256(bytes) });
  const local = (await (
    await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      body: form({}, { name: 'l.png', bytes: pngBytes() }),
    })
  ).json()) as { data: { server: string } };
  expect(local.data.server).toBe('local');
  expect(filesUnder(root)).toHaveLength(1);
});
