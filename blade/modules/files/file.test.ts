import { addTenant } from '../../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addCatalogNode, addPreset } from './files.fixtures';
import { closeWithStore, plainUserToken, storeRoot } from './files.test-harness';
import { filesUnder, form, interruptedBody, pngBytes, sha256, ZIP_HEAD } from './files.test-helpers';

let h: Harness;
let root: string;
let a: string;
let aPlain: string;
let b: string;

beforeAll(async () => {
  root = storeRoot('blade-files-test-');
  h = await createHarness({ files: { root } });
  const db = h.blade.db;
  await addTenant(db, { tenantId: '200001', tenantName: 'B 公司', adminPassword: 'b-admin-pass' });
  aPlain = await plainUserToken(h, 'plain', 'a-plain-pass');
  b = (await h.login('admin', 'b-admin-pass', '200001')).access_token;
  a = (await h.login('admin', ADMIN_PASSWORD)).access_token;
}, SETUP_TIMEOUT);

afterAll(() => closeWithStore(h, root), SETUP_TIMEOUT);

type Body = { code: number; success: boolean; msg: string; data: Record<string, unknown> };

async function upload(fd: FormData | ReadableStream, token = a, headers: Record<string, string> = {}) {
  const res = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: fd,
    token,
    headers,
    ...(fd instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit & { token: string });
  return { res, body: (await res.json()) as Body };
}

async function download(id: string, token = a, isDownload = 1) {
  const key = await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${id}`, { token });
  const { data } = (await key.json()) as { data: { authKey: string } };
  return h.authed(
    `/blade-resource/file/downloadById?id=${id}&isDownload=${isDownload}&authKey=${data.authKey}`,
    {
      token,
    },
  );
}

describe('plain uploads', () => {
  it('stores a PNG under a generated key and streams it back with the same SHA-256 and a Chinese name', async () => {
    const bytes = pngBytes(300_000);
    const { res, body } = await upload(form({}, { name: '检测报告 (最终).png', bytes }));
    expect(res.status).toBe(200);
    const id = body.data.id as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data).toMatchObject({ originalName: '检测报告 (最终).png', suffix: 'png', size: 300_000 });
    expect(body.data.sha256).toBe(sha256(bytes));
    expect(body.data.name).toMatch(new RegExp(`^000000/\\d{4}/\\d{2}/${id}\\.png$`));

    const info = (await (await h.authed(`/blade-resource/file/getFileById?fileId=${id}`)).json()) as Body;
    expect(info.data).toMatchObject({ id, originalFilename: '检测报告 (最终).png' });

    const got = await download(id);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="____ (__).png"; filename*=UTF-8''%E6%A3%80%E6%B5%8B%E6%8A%A5%E5%91%8A%20%28%E6%9C%80%E7%BB%88%29.png`,
    );
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toContain('no-store');
    expect(sha256(Buffer.from(await got.arrayBuffer()))).toBe(sha256(bytes));

    const preview = await download(id, a, 0);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(preview.headers.get('content-type')).toBe('image/png');
    await preview.arrayBuffer();
  });

  it('refuses an extension off the allowlist and content that does not match its extension, storing nothing', async () => {
    const before = filesUnder(root).length;
    const exe = await upload(form({}, { name: 'tool.png.exe', bytes: pngBytes() }));
    expect(exe.res.status).toBe(400);
    expect(exe.body.msg).toBe(
      '文件格式不正确，仅支持 png, jpg, jpeg, gif, bmp, doc, xls, ppt, docx, xlsx, pptx',
    );
    const fake = await upload(
      form({}, { name: 'photo.png', bytes: Buffer.from('<script>alert(1)</script>') }),
    );
    expect(fake.res.status).toBe(400);
    expect(fake.body.msg).toBe('文件内容与扩展名不符');
    const docx = await upload(form({}, { name: 'a.docx', bytes: pngBytes() }));
    expect(docx.body.msg).toBe('文件内容与扩展名不符');
    const ok = await upload(
      form({}, { name: 'a.docx', bytes: Buffer.concat([ZIP_HEAD, Buffer.alloc(100)]) }),
    );
    expect(ok.res.status).toBe(200);
    expect(filesUnder(root).length).toBe(before + 1);
  });

  it('leaves nothing behind when the upload is interrupted', async () => {
    const before = filesUnder(root).length;
    const boundary = 'x-boundary-123';
    const res = await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      body: interruptedBody(boundary, 'half.png', pngBytes(2_000_000)),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(filesUnder(root).length).toBe(before);
  });

  it('answers an early refusal without tearing down the body a client is still sending', async () => {
    // A sender that pushes its parts without waiting for reads, as fetch sends a FormData body (Node 24's undici):
    // it must not find the body cancelled under it while the server answers.
    const boundary = 'x-boundary-456';
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tool.exe"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      ...Array.from({ length: 40 }, () => pngBytes(64 * 1024)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const failures: unknown[] = [];
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const sent = (async () => {
      for (const part of parts) {
        await new Promise((resolve) => setImmediate(resolve));
        try {
          controller.enqueue(new Uint8Array(part));
        } catch (err) {
          failures.push(err);
        }
      }
      try {
        controller.close();
      } catch (err) {
        failures.push(err);
      }
    })();
    const before = filesUnder(root).length;
    const res = await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Body).msg).toBe(
      '文件格式不正确，仅支持 png, jpg, jpeg, gif, bmp, doc, xls, ppt, docx, xlsx, pptx',
    );
    await sent;
    expect(failures.map(String)).toEqual([]);
    expect(filesUnder(root).length).toBe(before);
  });

  it('reads the JSON file calls by their declared inputs (lib/contracts/files/file.actions.ts)', async () => {
    const json = async (url: string, init: RequestInit = {}) =>
      ((await (await h.authed(url, init)).json()) as Body).msg;
    const post = (url: string, body: Record<string, string>) =>
      json(url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const first = (await upload(form({}, { name: 'one.png', bytes: pngBytes() }))).body.data.id as string;
    const second = (await upload(form({}, { name: 'two.png', bytes: pngBytes() }))).body.data.id as string;
    // `fileId`, or `id` as the older screens send it; anything else names the field.
    const byId = (await (await h.authed(`/blade-resource/file/getFileById?id=${first}`)).json()) as Body;
    expect(byId.data).toMatchObject({ id: first, originalFilename: 'one.png' });
    expect(await json('/blade-resource/file/getFileById?fileId=ABC')).toBe('fileId:必须是有效的文件ID');
    expect(await post('/blade-resource/file/delFileById', {})).toBe('fileId:必须是有效的文件ID');
    expect(await post('/blade-resource/file/remove', {})).toBe('ids:请选择至少一条数据');
    expect(await post('/blade-resource/file/remove', { ids: `${first},zz` })).toBe('ids:必须是有效的文件ID');
    expect(await json('/blade-resource/file/history')).toBe('请提供 fileId 或 dataId 与 fileCatalogId');
    // All or none: another tenant's file among the ids is 404, and the caller's own file stays.
    const theirs = (await upload(form({}, { name: 'b.png', bytes: pngBytes() }), b)).body.data.id as string;
    expect(
      (
        await h.authed('/blade-resource/file/remove', {
          method: 'POST',
          body: new URLSearchParams({ ids: `${first},${theirs}` }),
        })
      ).status,
    ).toBe(404);
    expect((await h.authed(`/blade-resource/file/getFileById?fileId=${first}`)).status).toBe(200);
    expect(await post('/blade-resource/file/remove', { ids: `${first},${second}` })).toBe('操作成功');
    for (const id of [first, second])
      expect((await h.authed(`/blade-resource/file/getFileById?fileId=${id}`)).status).toBe(404);
  });

  it('answers getUUID with 32 hex characters', async () => {
    const body = (await (await h.authed('/blade-resource/file/getUUID')).json()) as { data: string };
    expect(body.data).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('archive uploads', () => {
  let node: string;
  beforeAll(async () => {
    const rootNode = await addCatalogNode(h.blade.db, PLATFORM, { name: '项目资料' });
    node = await addCatalogNode(h.blade.db, PLATFORM, {
      name: '合同',
      parentId: rootNode,
      maxFileSize: 1,
      canMultiUpload: 2,
    });
    await addPreset(h.blade.db, PLATFORM, 'dossier', rootNode);
  });

  const fields = () => ({ functionCode: 'dossier', dataId: 'P-1', fileCatalogId: node });

  it("enforces the node's maxFileSize while streaming with 文件大小不超过{n}M, storing nothing", async () => {
    const before = filesUnder(root).length;
    const over = await upload(form(fields(), { name: 'big.png', bytes: pngBytes(1024 * 1024 + 1) }));
    expect(over.res.status).toBe(400);
    expect(over.body.msg).toBe('文件大小不超过1M');
    expect(filesUnder(root).length).toBe(before);
    const exact = await upload(form(fields(), { name: 'fits.png', bytes: pngBytes(1024 * 1024) }));
    expect(exact.res.status).toBe(200);
    expect(exact.body.data).toMatchObject({ fileCatalogId: node, dataId: 'P-1', functionCode: 'dossier' });
  });

  it('checks fields sent after the file once the bytes are in, and removes the object', async () => {
    const before = filesUnder(root).length;
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(pngBytes(1024 * 1024 + 10))]), 'late.png');
    for (const [k, v] of Object.entries(fields())) fd.append(k, v);
    const late = await upload(fd);
    expect(late.body.msg).toBe('文件大小不超过1M');
    expect(filesUnder(root).length).toBe(before);
  });

  it('limits the number of files per node with 上传限制：不超过 {n} 个文件', async () => {
    await upload(form(fields(), { name: 'second.png', bytes: pngBytes() }));
    const third = await upload(form(fields(), { name: 'third.png', bytes: pngBytes() }));
    expect(third.res.status).toBe(400);
    expect(third.body.msg).toBe('上传限制：不超过 2 个文件');
  });

  it('refuses a node that is not in the record function’s tree', async () => {
    const other = await upload(
      form({ ...fields(), functionCode: 'agreement' }, { name: 'x.png', bytes: pngBytes() }),
    );
    expect(other.res.status).toBe(404);
  });
});

describe('tenant isolation and keys', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload(form({}, { name: 'a.png', bytes: pngBytes() }))).body.data.id as string;
  });

  it("gives tenant B 404 for tenant A's file on every call, even with A's valid key", async () => {
    expect((await h.authed(`/blade-resource/file/getFileById?fileId=${id}`, { token: b })).status).toBe(404);
    expect((await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${id}`, { token: b })).status).toBe(
      404,
    );
    const key = (await (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${id}`)).json()) as {
      data: { authKey: string };
    };
    const stolen = await h.authed(`/blade-resource/file/downloadById?id=${id}&authKey=${key.data.authKey}`, {
      token: b,
    });
    expect(stolen.status).toBe(404);
    for (const call of [`delFileById?fileId=${id}`, `remove?ids=${id}`]) {
      expect((await h.authed(`/blade-resource/file/${call}`, { method: 'POST', token: b })).status).toBe(404);
    }
    const update = await h.authed(
      `/blade-resource/file/updateFileById?id=${id}&hasProblem=1&problemRemark=x`,
      {
        method: 'POST',
        token: b,
      },
    );
    expect(update.status).toBe(404);
    expect((await download(id)).status).toBe(200);
  });

  it('refuses a key made for another user, a forged key and an expired-looking key', async () => {
    const key = (await (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${id}`)).json()) as {
      data: { authKey: string };
    };
    const other = await h.authed(`/blade-resource/file/downloadById?id=${id}&authKey=${key.data.authKey}`, {
      token: aPlain,
    });
    expect(other.status).toBe(403);
    const forged = `${Math.floor(Date.now() / 1000) + 60}.${'A'.repeat(43)}`;
    expect((await h.authed(`/blade-resource/file/downloadById?id=${id}&authKey=${forged}`)).status).toBe(403);
    const old = key.data.authKey.replace(/^\d+/, '1000');
    expect((await h.authed(`/blade-resource/file/downloadById?id=${id}&authKey=${old}`)).status).toBe(403);
  });

  it('lets only the uploader or an admin delete a plain file, and records every action', async () => {
    const mine = (await upload(form({}, { name: 'mine.png', bytes: pngBytes() }), aPlain)).body.data
      .id as string;
    expect(
      (await h.authed(`/blade-resource/file/delFileById?fileId=${id}`, { method: 'POST', token: aPlain }))
        .status,
    ).toBe(403);
    expect(
      (await h.authed(`/blade-resource/file/delFileById?fileId=${mine}`, { method: 'POST', token: aPlain }))
        .status,
    ).toBe(200);
    expect((await h.authed(`/blade-resource/file/getFileById?fileId=${mine}`)).status).toBe(404);
    const history = (await (await h.authed(`/blade-resource/file/history?fileId=${mine}`)).json()) as {
      data: { records: { action: string; account: string }[] };
    };
    expect(history.data.records.map((r) => [r.action, r.account])).toEqual([
      ['delete', 'plain'],
      ['upload', 'plain'],
    ]);
  });
});

describe('attachments', () => {
  it('pages the tenant’s files for its administrators, sorted through the allowlist', async () => {
    type List = {
      code: number;
      data: { records: { originalName: string; extension: string }[]; total: number };
    };
    const list = async (query: string, token = a) =>
      (await h.authed(`/blade-resource/attach/list?${query}`, { token })).json() as Promise<List>;
    await upload(form({}, { name: 'b-附件.png', bytes: pngBytes() }));
    await upload(form({}, { name: 'a-附件.png', bytes: pngBytes() }));
    const byName = await list('originalName=附件&ascs=originalName&size=1');
    expect(byName.data.total).toBe(2);
    expect(byName.data.records.map((r) => r.originalName)).toEqual(['a-附件.png']);
    const second = await list('originalName=附件&ascs=originalName&size=1&current=2');
    expect(second.data.records.map((r) => r.originalName)).toEqual(['b-附件.png']);
    expect((await list('ascs=object_key')).code).toBe(400);
    expect((await h.authed('/blade-resource/attach/list', { token: aPlain })).status).toBe(403);
    // Tenant B sees none of tenant A's files.
    expect((await list('originalName=附件', b)).data.total).toBe(0);
  });
});
