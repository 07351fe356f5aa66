import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { closeWithStore, plainUserToken, storeRoot } from './files.test-harness';
import { form, pngBytes, sha256 } from './files.test-helpers';

let h: Harness;
let root: string;
let admin: string;
let staff: string;

type Body<T = Record<string, unknown>> = { code: number; success: boolean; msg: string; data: T };
type Page<T> = { records: T[]; total: number };
type Node = Record<string, unknown> & { id: string; fileList: Record<string, unknown>[] };

beforeAll(async () => {
  root = storeRoot('blade-catalog-test-');
  h = await createHarness({ files: { root } });
  // The configuration screens are tested from an empty configuration: without the catalogues every tenant starts
  // with (modules/business/archives.ts), so the lists below hold what this file submits and nothing else.
  for (const table of ['blade_file_preset', 'blade_file_catalog', 'blade_file_function'] as const)
    await h.blade.db.deleteFrom(table).where('tenant_id', '=', PLATFORM).execute();
  staff = await plainUserToken(h, 'staff', 'staff-pass-1');
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
}, SETUP_TIMEOUT);

afterAll(() => closeWithStore(h, root), SETUP_TIMEOUT);

async function call<T = Record<string, unknown>>(url: string, init: RequestInit & { token?: string } = {}) {
  const res = await h.authed(url, { token: admin, ...init });
  return { status: res.status, body: (await res.json()) as Body<T> };
}
const post = <T = Record<string, unknown>>(url: string, json: unknown, token = admin) =>
  call<T>(url, {
    method: 'POST',
    body: JSON.stringify(json),
    headers: { 'content-type': 'application/json' },
    token,
  });
const upload = (fields: Record<string, string>, name = 'a.png', bytes = pngBytes(), token = admin) =>
  call<Record<string, unknown>>('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form(fields, { name, bytes }),
    token,
  });

const record = { functionCode: 'dossier', dataId: 'P-100' };
const ids: Record<string, string> = {};

describe('file configuration', () => {
  it('creates a function, library nodes and a preset (admins only)', async () => {
    expect(
      (
        await post(
          '/blade-resource/fileFunction/submit',
          { functionCode: 'dossier', functionName: '项目' },
          staff,
        )
      ).status,
    ).toBe(403);
    expect(
      (await post('/blade-resource/fileFunction/submit', { functionCode: 'dossier', functionName: '项目' }))
        .body.code,
    ).toBe(200);
    const dup = await post('/blade-resource/fileFunction/submit', {
      functionCode: 'dossier',
      functionName: 'x',
    });
    expect(dup.body.msg).toBe('功能编码已存在');
    const fns = await call<Page<Record<string, unknown>>>('/blade-resource/fileFunction/list');
    expect(fns.body.data.records).toEqual([
      expect.objectContaining({ functionCode: 'dossier', functionName: '项目' }),
    ]);
    await post('/blade-resource/fileFunction/submit', { functionCode: 'agreement', functionName: '合同' });
    const byName = await call<Page<Record<string, unknown>>>(
      '/blade-resource/fileFunction/list?descs=functionName',
    );
    expect(byName.body.data.records.map((r) => r.functionName)).toEqual(['项目', '合同']);
    expect((await call('/blade-resource/fileFunction/list?ascs=tenant_id')).body).toMatchObject({
      code: 400,
    });
    const second = await call<Page<Record<string, unknown>>>(
      '/blade-resource/fileFunction/list?size=1&current=2',
    );
    expect(second.body.data).toMatchObject({
      total: 2,
      current: 2,
      records: [expect.objectContaining({ functionCode: 'dossier' })],
    });
    const contract = byName.body.data.records.find((r) => r.functionCode === 'agreement')!;
    expect((await post(`/blade-resource/fileFunction/remove?ids=${contract.id}`, {})).body.code).toBe(200);
    expect((await post(`/blade-resource/fileFunction/remove?ids=${contract.id}`, {})).status).toBe(404);
    // A removed row is not edited back to life, and an edit of an unknown id creates nothing.
    for (const id of [String(contract.id), '1234567890123456789']) {
      const edit = await post('/blade-resource/fileFunction/submit', {
        id,
        functionCode: 'revived',
        functionName: '复活',
      });
      expect(edit.status).toBe(404);
    }
    const afterEdits = await call<Page<Record<string, unknown>>>('/blade-resource/fileFunction/list');
    expect(afterEdits.body.data.records.map((r) => r.functionCode)).toEqual(['dossier']);

    const mk = async (key: string, body: Record<string, unknown>) => {
      const r = await post<{ id: string }>('/blade-resource/fileCatalog/submit', body);
      expect(r.body.code).toBe(200);
      ids[key] = r.body.data.id;
    };
    await mk('root', { catalogName: '项目档案', canAddAppNode: 1 });
    await mk('prep', { catalogName: '准备文件', parentId: ids.root, fileType: '1' });
    await mk('contract', {
      catalogName: '合同',
      parentId: ids.root,
      canMultiUpload: 3,
      canCover: 1,
      needStamped: 1,
    });
    await mk('locked', { catalogName: '归档', parentId: ids.root, canDel: 0, canDownload: 0 });
    expect((await post('/blade-resource/fileCatalog/submit', { catalogName: '' })).body.msg).toBe(
      'catalogName:请输入目录名称',
    );
    const preset = await post('/blade-resource/filePreset/submit', {
      functionCode: 'dossier',
      fileCatalogId: ids.root,
    });
    expect(preset.body.code).toBe(200);
    const presets = await call<Page<Record<string, unknown>>>(
      '/blade-resource/filePreset/list?functionCode=dossier',
    );
    expect(presets.body.data.records).toEqual([
      expect.objectContaining({ functionCode: 'dossier', fileCatalogId: ids.root, catalogName: '项目档案' }),
    ]);
    expect((await call('/blade-resource/filePreset/list?descs=catalog_name')).body.code).toBe(400);
    const lib = await call<Page<Record<string, unknown>>>(
      `/blade-resource/fileCatalog/list?parentId=${ids.root}`,
    );
    expect(lib.body.data.records.map((r) => r.catalogName)).toEqual(['准备文件', '合同', '归档']);
    expect((await post(`/blade-resource/fileCatalog/remove?ids=${ids.root}`, {})).body.msg).toBe(
      '请先删除子目录',
    );
  });
});

describe("a record's tree", () => {
  it('lists roots, then children on expand, with rules, counts and own files', async () => {
    const q = new URLSearchParams(record);
    const roots = await call<Page<Node>>(`/blade-resource/fileCatalog/selectFileList?${q}`);
    expect(roots.body.data.records).toEqual([
      expect.objectContaining({
        id: ids.root,
        catalogName: '项目档案',
        isLeaf: false,
        fileCount: 0,
        canAddAppNode: 1,
      }),
    ]);
    await upload({ ...record, fileCatalogId: ids.contract }, '合同.png');
    await upload({ ...record, fileCatalogId: ids.locked }, '归档.png');
    const again = await call<Page<Node>>(`/blade-resource/fileCatalog/selectFileList?${q}`);
    expect(again.body.data.records[0].fileCount).toBe(2);
    const kids = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?${q}&parentId=${ids.root}`,
    );
    const contract = kids.body.data.records.find((n) => n.id === ids.contract)!;
    expect(contract).toMatchObject({
      isLeaf: true,
      fileCount: 1,
      nodeFileCount: 1,
      canMultiUpload: 3,
      needStamped: 1,
    });
    expect(contract.fileList).toEqual([
      expect.objectContaining({ originalFilename: '合同.png', canCover: 1, canDel: 1 }),
    ]);
    // The customer and combusiness variants answer the same tree.
    for (const svc of ['blade-customer', 'blade-combusiness'])
      expect((await call(`/${svc}/fileCatalog/selectFileList?${q}`)).body.data).toEqual(again.body.data);
    // Another record of the same function has the same tree, but none of these files.
    const other = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?functionCode=dossier&dataId=P-2`,
    );
    expect(other.body.data.records[0].fileCount).toBe(0);
  });

  it('enforces the per-file flags on the server', async () => {
    const list = await call<Page<Record<string, unknown>>>(
      `/blade-resource/fileCatalog/selectCurrentFileList?${new URLSearchParams({ ...record, fileCatalogId: ids.locked })}`,
    );
    const file = list.body.data.records[0];
    expect(file).toMatchObject({ isFile: 1, canDel: 0, canDownload: 0, canView: 1 });
    const del = await post(`/blade-resource/file/delFileById?fileId=${file.id}`, {});
    expect(del.body).toMatchObject({ code: 400, msg: '该文件不允许删除' });
    const key = await call<{ authKey: string }>(`/blade-resource/file/getFileAuthKey?fileId=${file.id}`);
    const dl = await call(
      `/blade-resource/file/downloadById?id=${file.id}&isDownload=1&authKey=${key.body.data.authKey}`,
    );
    expect(dl.body.msg).toBe('该文件不允许下载');
  });

  it('marks a node missing and lifts the mark, only in the query view and never for preparation files', async () => {
    const body = { businessType: 1, dataId: record.dataId, fileCatalogId: ids.contract, isMissing: 1 };
    expect((await post('/blade-resource/file/saveMissing', { ...body, businessType: 2 })).body.code).toBe(
      400,
    );
    expect(
      (await post('/blade-resource/file/saveMissing', { ...body, fileCatalogId: ids.prep })).body.msg,
    ).toBe('准备文件不能标记缺失');
    // The flag must be the call's own (1 to mark, 0 to lift): refused with its key, so English shows English.
    expect((await post('/blade-resource/file/deleteMissing', body)).body).toMatchObject({
      code: 400,
      msg: 'isMissing:必须为0',
      errorCode: 'files.refusal.missingFlag',
      errorArgs: { value: 0 },
      errorField: 'isMissing',
    });
    expect((await post('/blade-resource/file/saveMissing', body)).body.code).toBe(200);
    const q = new URLSearchParams({ ...record, fileCatalogId: ids.contract });
    const list = await call<Page<Record<string, unknown>>>(
      `/blade-resource/fileCatalog/selectCurrentFileList?${q}`,
    );
    expect(list.body.data.records[0]).toMatchObject({ isFile: 0, isMissing: 1 });
    const kids = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams(record)}&parentId=${ids.root}`,
    );
    expect(kids.body.data.records.find((n) => n.id === ids.contract)?.isMissing).toBe(1);
    expect((await post('/blade-resource/file/deleteMissing', { ...body, isMissing: 0 })).body.code).toBe(200);
    const after = await call<Page<Record<string, unknown>>>(
      `/blade-resource/fileCatalog/selectCurrentFileList?${q}`,
    );
    expect(after.body.data.records[0]).toMatchObject({ isFile: 1 });
  });

  it('marks a problem (0→1) and qualifies it (1→0) only after at most 5 replacement uploads', async () => {
    const up = await upload({ ...record, fileCatalogId: ids.contract }, '问题.png');
    const id = up.body.data.id as string;
    expect((await post('/blade-resource/file/updateFileById', { id, hasProblem: 1 })).body.msg).toBe(
      'problemRemark:请输入问题描述',
    );
    const marked = await post('/blade-resource/file/updateFileById', {
      id,
      hasProblem: 1,
      problemRemark: '缺少盖章',
    });
    expect(marked.body.data).toMatchObject({ hasProblem: 1, problemRemark: '缺少盖章' });
    expect((await post('/blade-resource/file/updateFileById', { id, hasProblem: 0 })).body.msg).toBe(
      '请先上传合格文件',
    );
    for (let i = 0; i < 5; i++)
      expect((await upload({ problemFileId: id }, `合格${i}.png`)).body.code).toBe(200);
    expect((await upload({ problemFileId: id }, '第六个.png')).body.msg).toBe('上传限制：不超过 5 个文件');
    const fixed = await post('/blade-resource/file/updateFileById', { id, hasProblem: 0 });
    expect(fixed.body.data).toMatchObject({ hasProblem: 0, problemRemark: '' });
    const history = await call<Page<{ action: string }>>(`/blade-resource/file/history?fileId=${id}`);
    expect(history.body.data.records.map((r) => r.action)).toEqual(['qualified', 'problem', 'upload']);
  });

  it('enforces canMultiUpload and covers a file in place', async () => {
    const q = new URLSearchParams({ ...record, fileCatalogId: ids.contract });
    const list = await call<Page<Record<string, unknown>>>(
      `/blade-resource/fileCatalog/selectCurrentFileList?${q}`,
    );
    // 2 files and 5 replacements are listed; replacements do not count against the node's limit of 3.
    expect(list.body.data.total).toBe(7);
    await upload({ ...record, fileCatalogId: ids.contract }, 'third.png');
    expect((await upload({ ...record, fileCatalogId: ids.contract }, 'fourth.png')).body.msg).toBe(
      '上传限制：不超过 3 个文件',
    );
    const first = list.body.data.records[0];
    const bytes = pngBytes(5000);
    const cover = await call<Record<string, unknown>>('/blade-resource/file/coverUploadFile', {
      method: 'POST',
      body: form({ fileId: first.id as string }, { name: '新版.png', bytes }),
    });
    expect(cover.body.data).toMatchObject({
      id: first.id,
      originalFilename: '新版.png',
      sha256: sha256(bytes),
    });
    const locked = await call<Page<Record<string, unknown>>>(
      `/blade-resource/fileCatalog/selectCurrentFileList?${new URLSearchParams({ ...record, fileCatalogId: ids.locked })}`,
    );
    const refused = await call('/blade-resource/file/coverUploadFile', {
      method: 'POST',
      body: form({ fileId: locked.body.data.records[0].id as string }, { name: 'x.png', bytes }),
    });
    expect(refused.body.msg).toBe('该目录不允许覆盖文件');
  });

  it("adds, renames, remarks and removes this record's own nodes", async () => {
    const added = await post<{ id: string; isAppNode: number; canAddAppNode: number }>(
      '/blade-resource/fileCatalog/saveInUsing',
      { ...record, parentId: ids.root, catalogName: '补充材料' },
    );
    expect(added.body.data).toMatchObject({ isAppNode: 1, canAddAppNode: 1 });
    const nodeId = added.body.data.id;
    // canAddAppNode is the parent's flag: 合同 (0) takes no added nodes, whatever the client shows.
    const refused = await post('/blade-resource/fileCatalog/saveInUsing', {
      ...record,
      parentId: ids.contract,
      catalogName: 'x',
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '该目录不允许添加子目录' });
    expect(
      (
        await post('/blade-resource/fileCatalog/saveInUsing', {
          ...record,
          parentId: ids.root,
          catalogName: ' ',
        })
      ).body.msg,
    ).toBe('catalogName:请输入目录名称');
    expect(
      (
        await post('/blade-resource/fileCatalog/renameInUsing', {
          ...record,
          id: nodeId,
          catalogName: '补充材料（二）',
        })
      ).body.code,
    ).toBe(200);
    // The library's nodes are the configured structure: a record may annotate them, not rename or remove them.
    expect(
      (
        await post('/blade-resource/fileCatalog/renameInUsing', {
          ...record,
          id: ids.contract,
          catalogName: 'x',
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '该目录不允许重命名' });
    expect(
      (await post('/blade-resource/fileCatalog/removeInUsing', { ...record, id: ids.prep })).body,
    ).toMatchObject({ code: 400, msg: '该目录不允许删除' });
    expect(
      (
        await post('/blade-resource/fileCatalog/setRemark', {
          ...record,
          id: ids.contract,
          remark: '原件在档案室',
        })
      ).body.code,
    ).toBe(200);
    const kids = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams(record)}&parentId=${ids.root}`,
    );
    expect(kids.body.data.records.map((n) => [n.catalogName, n.remark, n.isAppNode])).toEqual([
      ['准备文件', '', 0],
      ['合同', '原件在档案室', 0],
      ['归档', '', 0],
      ['补充材料（二）', '', 1],
    ]);
    // Another record does not see this record's node, nor can it change it.
    const other = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?functionCode=dossier&dataId=P-2&parentId=${ids.root}`,
    );
    expect(other.body.data.total).toBe(3);
    expect(
      (
        await post('/blade-resource/fileCatalog/renameInUsing', {
          functionCode: 'dossier',
          dataId: 'P-2',
          id: nodeId,
          catalogName: 'x',
        })
      ).status,
    ).toBe(404);
    // An added node takes added nodes below it; removing the parent with a file below is refused.
    const child = await post<{ id: string }>('/blade-resource/fileCatalog/saveInUsing', {
      ...record,
      parentId: nodeId,
      catalogName: '附件',
    });
    expect((await upload({ ...record, fileCatalogId: child.body.data.id }, 'in-added.png')).body.code).toBe(
      200,
    );
    expect(
      (await post('/blade-resource/fileCatalog/removeInUsing', { ...record, id: nodeId })).body.msg,
    ).toBe('该目录下存在文件，不能删除');
    const empty = await post<{ id: string }>('/blade-resource/fileCatalog/saveInUsing', {
      ...record,
      parentId: ids.root,
      catalogName: '临时',
    });
    expect(
      (await post('/blade-resource/fileCatalog/removeInUsing', { ...record, id: empty.body.data.id })).body
        .code,
    ).toBe(200);
    const after = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams(record)}&parentId=${ids.root}`,
    );
    expect(after.body.data.records.map((n) => n.catalogName)).toEqual([
      '准备文件',
      '合同',
      '归档',
      '补充材料（二）',
    ]);
    expect((await upload({ ...record, fileCatalogId: empty.body.data.id })).status).toBe(404);
    const history = await call<Page<{ action: string }>>(
      `/blade-resource/file/history?dataId=${record.dataId}&fileCatalogId=${empty.body.data.id}`,
    );
    expect(history.body.data.records.map((r) => r.action)).toEqual(['remove-node', 'add-node']);
  });

  it('reads the tree calls by their declared inputs (lib/contracts/files/catalog.actions.ts)', async () => {
    const level = (query: Record<string, string>) =>
      call<Page<Node>>(`/blade-resource/fileCatalog/selectFileList?${new URLSearchParams(query)}`);
    expect((await level({ dataId: record.dataId })).body).toMatchObject({
      code: 400,
      msg: 'functionCode:不能为空',
    });
    expect((await level({ ...record, dataId: 'x'.repeat(65) })).body.msg).toBe('dataId:不能为空');
    expect((await level({ ...record, parentId: 'abc' })).body.msg).toBe('parentId:必须是有效的ID');
    // `0` is the roots' parent, as an empty parentId is.
    const roots = (await level(record)).body.data.records.map((n) => n.id);
    expect(roots.length).toBeGreaterThan(0);
    expect((await level({ ...record, parentId: '0' })).body.data.records.map((n) => n.id)).toEqual(roots);
    // A tree level keeps its display order: a sort asked for is refused, not ignored.
    expect((await level({ ...record, ascs: 'catalog_name' })).body.code).toBe(400);
    // The customer's and the company's services answer the same level.
    for (const service of ['blade-customer', 'blade-combusiness']) {
      const other = await call<Page<Node>>(
        `/${service}/fileCatalog/selectFileList?${new URLSearchParams(record)}`,
      );
      expect(other.body.data.records.map((n) => n.id)).toEqual(roots);
    }
    // A node is named by fileCatalogId or, as the tree's menus send it, by id; the remark has its limit.
    expect(
      (await post('/blade-resource/fileCatalog/setRemark', { ...record, remark: '无节点' })).body.msg,
    ).toBe('fileCatalogId:必须是有效的ID');
    expect(
      (
        await post('/blade-resource/fileCatalog/setRemark', {
          ...record,
          fileCatalogId: ids.contract,
          remark: 'x'.repeat(501),
        })
      ).body.msg,
    ).toBe('remark:长度不能超过500');
    expect(
      (
        await post('/blade-resource/fileCatalog/setRemark', {
          ...record,
          fileCatalogId: ids.contract,
          remark: '  按节点号备注  ',
        })
      ).body.code,
    ).toBe(200);
    const contract = (await level({ ...record, parentId: ids.root })).body.data.records.find(
      (n) => n.id === ids.contract,
    );
    expect(contract?.remark).toBe('按节点号备注');
    // The forms' encoding is read as the JSON is.
    const byForm = await call('/blade-resource/fileCatalog/setRemark', {
      method: 'POST',
      body: new URLSearchParams({ ...record, id: ids.contract, remark: '表单备注' }),
    });
    expect(byForm.body.code).toBe(200);
  });

  it('removes bidi control characters from stored file and node names', async () => {
    // Embeddings, overrides, isolates and marks: 'report\u202Egnp.exe' would show as 'reportexe.png'.
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    const up = await upload({ ...record, fileCatalogId: ids.locked }, `报告${controls}\u202E(终).png`);
    expect(up.body.data).toMatchObject({ originalFilename: '报告(终).png', originalName: '报告(终).png' });
    const spoofed = await upload({}, 'invoice\u202Egnp.exe');
    expect(spoofed.body.code).toBe(400);

    const renamed = await post('/blade-resource/attach/submit', {
      id: up.body.data.id,
      originalName: `\u202E合同${controls}.png`,
    });
    expect(renamed.body.code).toBe(200);
    const file = await call(`/blade-resource/file/getFileById?fileId=${up.body.data.id}`);
    expect(file.body.data.originalFilename).toBe('合同.png');

    const added = await post<{ id: string; catalogName: string }>('/blade-resource/fileCatalog/saveInUsing', {
      ...record,
      parentId: ids.root,
      catalogName: `补\u202E充${controls}`,
    });
    expect(added.body.data.catalogName).toBe('补充');
    await post('/blade-resource/fileCatalog/renameInUsing', {
      ...record,
      id: added.body.data.id,
      catalogName: `${controls}补充二\u2066`,
    });
    const library = await post<{ id: string; catalogName: string }>('/blade-resource/fileCatalog/submit', {
      catalogName: `\u202E库${controls}目录`,
    });
    expect(library.body.data.catalogName).toBe('库目录');
    const kids = await call<Page<Node>>(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams(record)}&parentId=${ids.root}`,
    );
    expect(kids.body.data.records.map((n) => n.catalogName)).toContain('补充二');
    for (const [url, body] of [
      ['/blade-resource/fileCatalog/saveInUsing', { ...record, parentId: ids.root, catalogName: controls }],
      ['/blade-resource/fileCatalog/submit', { catalogName: ` ${controls} ` }],
    ] as const)
      expect((await post(url, body)).body.msg).toBe('catalogName:请输入目录名称');
  });
});
