import sharp from 'sharp';
import { withTenant } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addCatalogNode, addPreset } from './files.fixtures';
import { closeWithStore, plainUserToken, storeRoot } from './files.test-harness';
import { filesUnder, form, pngBytes, sha256 } from './files.test-helpers';
import { MSG_SEAL_FORMAT, MSG_SEAL_INVALID } from './seal.routes';

const SEAL_MISSING = {
  code: 400,
  msg: '请先上传本机构的印章（文件配置 → 签章印模），再签章',
  errorCode: 'files.sealMissing',
};

// The tenant's seal: uploaded, replaced and removed by its administrators, checked as a picture, and what the
// built-in signer places. Without an uploaded seal nothing is stamped (no stand-in seal is drawn).

let h: Harness;
let root: string;
let admin: string;
let staff: string;
let other: string;
const record = { functionCode: 'agreement', dataId: 'S-1' };
let stampNode: string;

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T };

beforeAll(async () => {
  root = storeRoot('blade-seal-test-');
  h = await createHarness({ files: { root } });
  const db = h.blade.db;
  const top = await addCatalogNode(db, PLATFORM, { name: '合同档案' });
  stampNode = await addCatalogNode(db, PLATFORM, { name: '盖章件', parentId: top, needStamped: 1 });
  await addPreset(db, PLATFORM, record.functionCode, top);
  await addTenant(db, { tenantId: '300001', tenantName: 'C 公司', adminPassword: 'c-admin-pass' });
  staff = await plainUserToken(h, 'clerk', 'clerk-pass-1');
  other = (await h.login('admin', 'c-admin-pass', '300001')).access_token;
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
}, SETUP_TIMEOUT);

afterAll(() => closeWithStore(h, root), SETUP_TIMEOUT);

const picture = (side: number, colour: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    [format]()
    .toBuffer();

async function json<T = Record<string, unknown>>(url: string, init: RequestInit & { token?: string } = {}) {
  const res = await h.authed(url, { token: admin, ...init });
  return { status: res.status, body: (await res.json()) as Body<T> };
}
const uploadSeal = (name: string, bytes: Buffer, token = admin) =>
  json<{ id: string }>('/blade-resource/file/uploadSeal', {
    method: 'POST',
    body: form({}, { name, bytes }),
    token,
  });
const sealImage = async (token = admin) => {
  const res = await h.authed('/blade-resource/file/sealImage', { token });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};
/** How many pixels of the seal's square (lower right of a stamped 400 × 400 white picture) are red, green, blue. */
const uploadDoc = (name = 'doc.png', bytes?: Buffer) =>
  picture(400, '#ffffff').then((white) =>
    json<{ id: string }>('/blade-resource/file/uploadFile', {
      method: 'POST',
      body: form({ ...record, fileCatalogId: stampNode }, { name, bytes: bytes ?? white }),
    }),
  );
/** What stamping leaves behind: stored objects, stamped or preview rows, stamp history of the tenant. */
async function stampTraces() {
  return withTenant(h.blade.db, PLATFORM, async (trx) => {
    const rows = await trx
      .selectFrom('blade_file')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('tenant_id', '=', PLATFORM)
      .where('kind', 'in', ['stamped', 'preview'])
      .executeTakeFirstOrThrow();
    const history = await trx
      .selectFrom('blade_file_history')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('tenant_id', '=', PLATFORM)
      .where('action', 'like', 'stamp%')
      .executeTakeFirstOrThrow();
    return { objects: filesUnder(root).length, rows: Number(rows.n), history: Number(history.n) };
  });
}
async function stampedCorner(): Promise<{ red: number; green: number; blue: number }> {
  const up = await uploadDoc();
  const signed = await json<{ stampedFileId: string }>(
    `/blade-resource/file/signatureDocument?fileId=${up.body.data.id}`,
  );
  const copyId = signed.body.data.stampedFileId;
  const key = await json<{ authKey: string }>(`/blade-resource/file/getFileAuthKey?fileId=${copyId}`);
  const res = await h.authed(
    `/blade-resource/file/downloadById?id=${copyId}&isDownload=1&authKey=${key.body.data.authKey}`,
    { token: admin },
  );
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .extract({ left: 288, top: 288, width: 100, height: 100 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = { red: 0, green: 0, blue: 0 };
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 180 && g < 90 && b < 90) out.red++;
    if (g > 180 && r < 90 && b < 90) out.green++;
    if (b > 180 && r < 90 && g < 90) out.blue++;
  }
  return out;
}

it('is for tenant administrators only', async () => {
  expect((await json('/blade-resource/file/seal', { token: staff })).status).toBe(403);
  expect((await h.authed('/blade-resource/file/sealImage', { token: staff })).status).toBe(403);
  expect((await uploadSeal('s.png', await picture(200, '#0000ff'), staff)).status).toBe(403);
  expect((await json('/blade-resource/file/removeSeal', { method: 'POST', token: staff })).status).toBe(403);
});

it('has no seal picture until a seal is uploaded', async () => {
  expect((await json('/blade-resource/file/seal')).body.data).toEqual({ custom: 0 });
  const { res, bytes } = await sealImage();
  expect(res.status).toBe(400);
  expect(JSON.parse(bytes.toString())).toMatchObject(SEAL_MISSING);
});

it('refuses to stamp without an uploaded seal, writing nothing', async () => {
  const up = await uploadDoc();
  // An Office file is refused before its conversion (which would store a preview PDF).
  const docx = await uploadDoc('r.docx', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(64)]));
  const before = await stampTraces();
  for (const id of [up.body.data.id, docx.body.data.id]) {
    const signed = await json(`/blade-resource/file/signatureDocument?fileId=${id}`);
    expect(signed.status).toBe(400);
    expect(signed.body).toMatchObject(SEAL_MISSING);
    const row = await json(`/blade-resource/file/getFileById?fileId=${id}`);
    expect(row.body.data).toMatchObject({ isStamped: 0, stampedNotSaved: 0, signatureOfdFileId: '' });
  }
  expect(await stampTraces()).toEqual(before);
  // Another tenant has no seal either, and is refused too.
  expect((await json('/blade-resource/file/sealImage', { token: other })).body).toMatchObject(SEAL_MISSING);
});

it('refuses other formats, undecodable or badly sized pictures and oversized files, storing nothing', async () => {
  const before = filesUnder(root).length;
  expect((await uploadSeal('seal.gif', Buffer.from('GIF89a'))).body.msg).toBe(MSG_SEAL_FORMAT);
  // The right magic bytes, but no picture behind them.
  expect((await uploadSeal('seal.png', pngBytes(5000))).body).toMatchObject({
    code: 400,
    msg: MSG_SEAL_INVALID,
  });
  // A JPEG named .png passes no check that reads the picture.
  expect((await uploadSeal('seal.png', await picture(200, '#0000ff', 'jpeg'))).body.code).toBe(400);
  expect((await uploadSeal('tiny.png', await picture(16, '#0000ff'))).body.msg).toBe(MSG_SEAL_INVALID);
  const big = Buffer.concat([await picture(200, '#0000ff'), Buffer.alloc(2 * 1024 * 1024)]);
  expect((await uploadSeal('big.png', big)).body.msg).toBe('文件大小不超过2M');
  expect(filesUnder(root).length).toBe(before);
  expect((await json('/blade-resource/file/seal')).body.data).toEqual({ custom: 0 });
});

it('places the uploaded seal, replaces it, and refuses to stamp once it is removed', async () => {
  const blue = await picture(300, '#0000ff');
  const first = await uploadSeal('蓝色印章.png', blue);
  expect(first.body.code).toBe(200);
  expect((await json('/blade-resource/file/seal')).body.data).toMatchObject({
    custom: 1,
    id: first.body.data.id,
    originalName: '蓝色印章.png',
    size: blue.length,
  });
  expect(sha256((await sealImage()).bytes)).toBe(sha256(blue));
  const blueCorner = await stampedCorner();
  expect(blueCorner).toMatchObject({ red: 0, green: 0 });
  expect(blueCorner.blue).toBeGreaterThan(9000); // the whole square but its resampled edge

  const green = await picture(300, '#00ff00', 'jpeg');
  const second = await uploadSeal('green.jpg', green);
  expect((await json('/blade-resource/file/seal')).body.data).toMatchObject({ id: second.body.data.id });
  expect((await sealImage()).res.headers.get('content-type')).toBe('image/jpeg');
  const greenCorner = await stampedCorner();
  expect(greenCorner).toMatchObject({ red: 0, blue: 0 });
  expect(greenCorner.green).toBeGreaterThan(9000);

  // Another tenant still has no seal.
  expect((await json('/blade-resource/file/seal', { token: other })).body.data).toEqual({ custom: 0 });

  // A copy stamped while the seal was there, not yet confirmed when the seal is removed.
  const pending = await uploadDoc();
  const copy = await json<{ stampedFileId: string }>(
    `/blade-resource/file/signatureDocument?fileId=${pending.body.data.id}`,
  );
  expect(copy.body.code).toBe(200);

  expect((await json('/blade-resource/file/removeSeal', { method: 'POST' })).body.code).toBe(200);
  expect((await json('/blade-resource/file/seal')).body.data).toEqual({ custom: 0 });
  expect((await sealImage()).res.status).toBe(400);
  const later = await uploadDoc();
  const before = await stampTraces();
  expect(
    (await json(`/blade-resource/file/signatureDocument?fileId=${later.body.data.id}`)).body,
  ).toMatchObject(SEAL_MISSING);
  // The pending copy cannot be confirmed without a seal; it can still be dropped.
  const confirm = `/blade-resource/file/updateStamped?stampedFileId=${copy.body.data.stampedFileId}`;
  expect((await json(`${confirm}&isSaveStamped=1`, { method: 'POST' })).body).toMatchObject(SEAL_MISSING);
  expect(
    (await json(`/blade-resource/file/getFileById?fileId=${pending.body.data.id}`)).body.data,
  ).toMatchObject({ isStamped: 0, stampedNotSaved: 1 });
  expect(await stampTraces()).toEqual(before);
  expect((await json(`${confirm}&isSaveStamped=0`, { method: 'POST' })).body.data).toMatchObject({
    isStamped: 0,
    stampedNotSaved: 0,
  });
});
