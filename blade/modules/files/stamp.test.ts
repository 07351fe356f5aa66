import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createHarness, ADMIN_PASSWORD, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { sofficePath } from './convert';
import { addCatalogNode, addPreset } from './files.fixtures';
import { closeWithStore, storeRoot } from './files.test-harness';
import { form, sha256 } from './files.test-helpers';

let h: Harness;
let root: string;
const record = { functionCode: 'agreement', dataId: 'C-9' };
let stampNode: string;
let plainNode: string;

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T };

beforeAll(async () => {
  root = storeRoot('blade-stamp-test-');
  h = await createHarness({ files: { root } });
  const top = await addCatalogNode(h.blade.db, PLATFORM, { name: '合同档案' });
  stampNode = await addCatalogNode(h.blade.db, PLATFORM, { name: '盖章件', parentId: top, needStamped: 1 });
  plainNode = await addCatalogNode(h.blade.db, PLATFORM, { name: '普通件', parentId: top });
  await addPreset(h.blade.db, PLATFORM, record.functionCode, top);
  await h.login('admin', ADMIN_PASSWORD);
  // Stamping needs the tenant's own seal (seal.test.ts covers the refusal without one): a red square.
  const seal = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#d40000' } })
    .png()
    .toBuffer();
  const uploaded = await h.authed('/blade-resource/file/uploadSeal', {
    method: 'POST',
    body: form({}, { name: 'seal.png', bytes: seal }),
  });
  expect(((await uploaded.json()) as Body).code).toBe(200);
}, SETUP_TIMEOUT);

afterAll(() => closeWithStore(h, root), SETUP_TIMEOUT);

async function json<T = Record<string, unknown>>(url: string, init: RequestInit = {}) {
  return (await (await h.authed(url, init)).json()) as Body<T>;
}
const white = (w: number, hgt: number) =>
  sharp({ create: { width: w, height: hgt, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
async function upload(node: string, name: string, bytes: Buffer) {
  return json<{ id: string; sha256: string }>('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form({ ...record, fileCatalogId: node }, { name, bytes }),
  });
}
async function fetchFile(id: string, call = 'downloadById', isDownload = 1) {
  const key = await json<{ authKey: string }>(`/blade-resource/file/getFileAuthKey?fileId=${id}`);
  return h.authed(
    `/blade-resource/file/${call}?id=${id}&isDownload=${isDownload}&authKey=${key.data.authKey}`,
  );
}

it('stamps an image as a copy, keeps the original, cancels and confirms', async () => {
  const original = await white(400, 300);
  const up = await upload(stampNode, '营业执照.png', original);
  const id = up.data.id;

  const first = await json<{ stampedFileId: string }>(`/blade-resource/file/signatureDocument?fileId=${id}`);
  expect(first.code).toBe(200);
  const copyRes = await fetchFile(first.data.stampedFileId);
  expect(copyRes.status).toBe(200);
  const copy = Buffer.from(await copyRes.arrayBuffer());
  // The seal is red at the lower right; the upper left stays white; the original is untouched.
  const { data, info } = await sharp(copy).raw().toBuffer({ resolveWithObject: true });
  const px = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
  ];
  let red = 0;
  for (let y = 200; y < 300; y++)
    for (let x = 300; x < 400; x++) if (px(x, y)[0] > 180 && px(x, y)[1] < 80) red++;
  expect(red).toBeGreaterThan(200);
  expect(px(10, 10)).toEqual([255, 255, 255]);
  expect(sha256(Buffer.from(await (await fetchFile(id)).arrayBuffer()))).toBe(sha256(original));

  const view = await json(`/blade-resource/file/viewOfd?fileId=${id}`);
  expect(view.data).toMatchObject({
    fileId: id,
    viewFileId: first.data.stampedFileId,
    stampedNotSaved: 1,
    mode: 'edit',
  });

  const cancel = await json('/blade-resource/file/updateStamped', {
    method: 'POST',
    body: JSON.stringify({ stampedFileId: first.data.stampedFileId, isSaveStamped: 0 }),
    headers: { 'content-type': 'application/json' },
  });
  expect(cancel.data).toMatchObject({ isStamped: 0, stampedNotSaved: 0, signatureOfdFileId: '' });
  expect((await h.authed(`/blade-resource/file/getFileById?fileId=${first.data.stampedFileId}`)).status).toBe(
    404,
  );

  const second = await json<{ stampedFileId: string }>(`/blade-resource/file/signatureDocument?fileId=${id}`);
  // The declared inputs (lib/contracts/files/stamp.actions.ts): the flag is 0 or 1, the copy named by its field.
  expect(
    (
      await json(
        `/blade-resource/file/updateStamped?stampedFileId=${second.data.stampedFileId}&isSaveStamped=2`,
        { method: 'POST' },
      )
    ).msg,
  ).toBe('isSaveStamped:必须为0或1');
  expect((await json('/blade-resource/file/updateStamped?isSaveStamped=1', { method: 'POST' })).msg).toBe(
    'stampedFileId:必须是有效的文件ID',
  );
  expect((await json('/blade-resource/file/signatureDocument?fileId=nope')).msg).toBe(
    'fileId:必须是有效的文件ID',
  );
  // A forceUpload other than 1 or true keeps the unsaved copy.
  expect((await json(`/blade-resource/file/viewOfd?id=${id}&forceUpload=0`)).data).toMatchObject({
    viewFileId: second.data.stampedFileId,
    stampedNotSaved: 1,
  });
  const saved = await json(
    `/blade-resource/file/updateStamped?stampedFileId=${second.data.stampedFileId}&isSaveStamped=1`,
    {
      method: 'POST',
    },
  );
  expect(saved.data).toMatchObject({
    isStamped: 1,
    stampedNotSaved: 0,
    signatureOfdFileId: second.data.stampedFileId,
  });
  expect((await json(`/blade-resource/file/signatureDocument?fileId=${id}`)).msg).toBe('该文件已签章');
  expect((await json(`/blade-resource/file/delFileById?fileId=${id}`, { method: 'POST' })).msg).toBe(
    '已签章文件不能删除',
  );
  const template = await h.authed(`/blade-resource/file/downloadTemplate?fileId=${id}`, { method: 'POST' });
  expect(template.headers.get('content-disposition')).toContain(
    "filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7%28%E7%AD%BE%E7%AB%A0%29.png",
  );
  const history = await json<{ records: { action: string }[] }>(`/blade-resource/file/history?fileId=${id}`);
  expect(history.data.records.map((r) => r.action)).toEqual(
    expect.arrayContaining(['upload', 'stamp', 'stamp-cancel', 'stamp-save', 'download']),
  );
});

it('refuses to stamp a file whose node does not need stamping', async () => {
  const up = await upload(plainNode, 'x.png', await white(50, 50));
  expect((await json(`/blade-resource/file/signatureDocument?fileId=${up.data.id}`)).msg).toBe(
    '该文件无需签章',
  );
});

it('previews images inline, and Word files as PDF when LibreOffice is installed', async () => {
  const png = await upload(plainNode, 'p.png', await white(20, 20));
  const preview = await fetchFile(png.data.id, 'preview', 0);
  expect(preview.headers.get('content-type')).toBe('image/png');
  expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
  await preview.arrayBuffer();

  const dir = mkdtempSync(path.join(os.tmpdir(), 'docx-'));
  try {
    if (!sofficePath()) {
      const doc = await upload(
        plainNode,
        'r.docx',
        Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(64)]),
      );
      const res = await fetchFile(doc.data.id, 'preview', 0);
      expect(((await res.json()) as Body).msg).toBe('该文件暂不支持在线预览');
      return;
    }
    writeFileSync(path.join(dir, 'report.txt'), 'Inspection report 检测报告\n');
    execFileSync(
      sofficePath()!,
      [
        `-env:UserInstallation=file://${dir}/p`,
        '--headless',
        '--convert-to',
        'docx',
        '--outdir',
        dir,
        path.join(dir, 'report.txt'),
      ],
      {
        timeout: 120_000,
      },
    );
    const doc = await upload(stampNode, '报告.docx', readFileSync(path.join(dir, 'report.docx')));
    const res = await fetchFile(doc.data.id, 'preview', 0);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf");
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    // Cached: the second preview is the same stored PDF.
    const again = Buffer.from(await (await fetchFile(doc.data.id, 'preview', 0)).arrayBuffer());
    expect(sha256(again)).toBe(sha256(pdf));
    // Stamping an Office file yields a stamped PDF.
    const stamped = await json<{ suffix: string; contentType: string }>(
      `/blade-resource/file/signatureDocument?fileId=${doc.data.id}`,
    );
    expect(stamped.data).toMatchObject({ suffix: 'pdf', contentType: 'application/pdf' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
