import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { form, pngBytes } from '../files/files.test-helpers';

// The penetration test's SSRF (issue 11): a tenant's object storage configuration aimed at an internal service made
// a download hand back that service's response. Here the "internal service" is a server on loopback; whatever a
// configuration row says (rows saved before the endpoint rule, or a public name that now resolves to loopback), a
// download through it reaches the service only when ops allow the endpoint by name.

const SECRET = 'INTERNAL-SECRET';
let internal: Server;
let port: number;
let hits: string[] = [];
let h: Harness;
let fileId: string;
// Names resolve through this table (no DNS here): a public name that turned into loopback, as DNS rebinding does.
const names: Record<string, string[]> = {};

beforeAll(async () => {
  internal = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.end(req.method === 'GET' ? SECRET : ''));
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  port = (internal.address() as AddressInfo).port;
  Object.assign(names, { 'minio.internal': ['127.0.0.1'], 'files.example.com': ['127.0.0.1'] });
  h = await createHarness({
    outbound: {
      allowedHosts: [`minio.internal:${port}`],
      allowPublic: true,
      resolve: async (hostname) => {
        const addresses = names[hostname];
        if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
    },
  });
  await h.login('admin', ADMIN_PASSWORD);
  const upload = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form({}, { name: 'a.png', bytes: pngBytes() }),
  });
  fileId = ((await upload.json()) as { data: { id: string } }).data.id;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => internal?.close(resolve));
}, SETUP_TIMEOUT);

/** The uploaded file, now recorded as kept in a configuration whose endpoint is `endpoint`; then a download. */
async function downloadThrough(endpoint: string) {
  const ossId = nextId();
  await withTenant(h.blade.db, PLATFORM, async (trx) => {
    await trx
      .insertInto('blade_oss')
      .values({
        id: ossId,
        tenant_id: PLATFORM,
        category: 1,
        oss_code: `oss-${ossId}`,
        endpoint,
        access_key: 'AK',
        secret_key: 'SK',
        bucket_name: 'files',
        status: 1,
      })
      .execute();
    await trx
      .updateTable('blade_file')
      .set({ storage: `oss:${ossId}`, size: SECRET.length })
      .where('id', '=', fileId)
      .execute();
  });
  const key = (await (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${fileId}`)).json()) as {
    data: { authKey: string };
  };
  const res = await h.authed(
    `/blade-resource/file/downloadById?id=${fileId}&isDownload=1&authKey=${key.data.authKey}`,
  );
  const text = await res.text();
  return {
    status: res.status,
    text,
    msg: res.status === 200 ? '' : (JSON.parse(text) as { msg: string }).msg,
  };
}

it('never hands back an internal response through a tenant configuration the rule does not allow', async () => {
  for (const [endpoint, msg] of [
    [`http://127.0.0.1:${port}/internal/secret?`, '对象存储地址只能包含协议、主机和端口'],
    [`http://minio.internal:${port}/internal/secret?`, '对象存储地址只能包含协议、主机和端口'],
    [`http://127.0.0.1:${port}`, '对象存储地址不能指向内部网络'],
    [`http://[::ffff:7f00:1]:${port}`, '对象存储地址不能指向内部网络'],
    [`http://localhost:${port}`, '对象存储地址不能指向内部网络'],
    [`http://files.example.com:${port}`, '外部服务地址指向内部网络，已拒绝连接'],
  ]) {
    hits = [];
    const answer = await downloadThrough(endpoint);
    expect({ endpoint, ...answer }).toEqual({
      endpoint,
      status: 400,
      text: expect.not.stringContaining(SECRET),
      msg,
    });
    expect(hits).toEqual([]);
  }
});

it('reaches the endpoint ops allow by name, by its origin only', async () => {
  hits = [];
  expect(await downloadThrough(`http://minio.internal:${port}`)).toEqual({
    status: 200,
    text: SECRET,
    msg: '',
  });
  expect(hits).toHaveLength(1);
  expect(hits[0]).toMatch(/^GET \/files\/000000\/\d{4}\/\d\d\/[0-9a-f-]+\.png$/);
});

it('refuses uploads into a configuration the rule does not allow', async () => {
  await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx
      .insertInto('blade_oss')
      .values({
        id: nextId(),
        tenant_id: PLATFORM,
        category: 1,
        oss_code: 'enabled',
        endpoint: `http://files.example.com:${port}`,
        access_key: 'AK',
        secret_key: 'SK',
        bucket_name: 'files',
        status: 2,
      })
      .execute(),
  );
  hits = [];
  const res = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form({}, { name: 'b.png', bytes: pngBytes() }),
  });
  expect({ status: res.status, body: await res.json() }).toMatchObject({
    status: 400,
    body: { msg: '外部服务地址指向内部网络，已拒绝连接' },
  });
  expect(hits).toEqual([]);
});
