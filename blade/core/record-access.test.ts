import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { up as addArchiveButtons } from '../db/migrations/20261123T180000-archive-buttons';
import { withTenant } from '../db/tenant';
import { ARCHIVE_CODES } from '../modules/files/access';
import { addCatalogNode, addPreset } from '../modules/files/files.fixtures';
import { filesUnder, form, pngBytes } from '../modules/files/files.test-helpers';
import { addRole, addUser, deptIds, grantMenu, roleIdByAlias } from '../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../testing/harness';
import { nextId } from './ids';
import { registerRecordOwner, tableRecordOwner, type CompanyScope } from './record-access';

// SECURITY 28: file and catalogue calls follow the business record the files belong to — its owner's codes, data
// scope and company — and, for a function nobody owns yet, the archive screens' codes.

let h: Harness;
let root: string;
let node: string;
const tokens: Record<string, string> = {};
const unregister: Array<() => void> = [];
const depts: string[] = [];

type Body = { code: number; msg: string; data: Record<string, unknown> & { records?: unknown[] } };

const get = async (url: string, token: string) => {
  const res = await h.authed(url, { token });
  return { status: res.status, body: (await res.json()) as Body };
};
const post = async (url: string, token: string, json: Record<string, unknown> = {}) => {
  const res = await h.authed(url, {
    method: 'POST',
    token,
    body: JSON.stringify(json),
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Body };
};
const upload = async (token: string, record: { functionCode: string; dataId: string }, name = 'a.png') => {
  const res = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    token,
    body: form({ ...record, fileCatalogId: node }, { name, bytes: pngBytes() }),
  });
  return { status: res.status, body: (await res.json()) as Body };
};
const tree = (token: string, record: { functionCode: string; dataId: string }, service = 'blade-resource') =>
  get(`/${service}/fileCatalog/selectFileList?${new URLSearchParams(record)}`, token);
const authKey = (token: string, fileId: string) =>
  get(`/blade-resource/file/getFileAuthKey?fileId=${fileId}`, token);
const remove = (token: string, fileId: string) =>
  post(`/blade-resource/file/delFileById?fileId=${fileId}`, token);
const fileStillThere = async (fileId: string) =>
  (await get(`/blade-resource/file/getFileById?fileId=${fileId}`, tokens.admin)).status === 200;

/** A menu or button code of a business module that does not exist yet. */
async function addMenu(code: string): Promise<void> {
  await h.blade.db
    .insertInto('blade_menu')
    .values({ id: nextId(), parent_id: '0', code, name: code, category: 2 })
    .execute();
}

async function userWith(account: string, codes: string[], dept = depts[0]): Promise<string> {
  const db = h.blade.db;
  const role = await addRole(db, PLATFORM, { name: account, alias: account });
  for (const code of codes) await grantMenu(db, PLATFORM, role, code);
  await addUser(db, PLATFORM, { account, password: `${account}-pass`, roleIds: [role], deptIds: [dept] });
  return role;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'blade-record-access-test-'));
  h = await createHarness({ files: { root } });
  const db = h.blade.db;
  depts.push(...(await deptIds(db, PLATFORM)));
  const top = await addCatalogNode(db, PLATFORM, { name: '档案' });
  node = await addCatalogNode(db, PLATFORM, { name: '资料', parentId: top, canAddAppNode: 1 });
  for (const fn of ['dossier', 'contract_t', 'order_t']) await addPreset(db, PLATFORM, fn, top);

  // The fallback: the archive screens' codes.
  await userWith('home', ['wel']);
  await userWith('reader', ['archive_tree']);
  await userWith('clerk', ['archive_tree', 'archive_upload', 'archive_edit', 'archive_delete']);

  // A business module's records with a data scope: contracts of the caller's own dept.
  await sql`create table test_contract (id bigint primary key, tenant_id varchar(12) not null,
    dept_id bigint not null, create_user bigint, is_deleted integer not null default 0)`.execute(db);
  await sql`grant select on test_contract to blade_app`.execute(db);
  await sql`insert into test_contract (id, tenant_id, dept_id) values
    (1001, ${PLATFORM}, ${depts[1]}), (1002, ${PLATFORM}, ${depts[2]}), (1003, '200001', ${depts[1]})`.execute(
    db,
  );
  for (const code of ['contract_view', 'contract_edit', 'order_view', 'order_edit']) await addMenu(code);
  const sales = await userWith('sales', ['contract_view', 'contract_edit'], depts[1]);
  await userWith('auditor', ['contract_view']);
  const scope = nextId();
  const menu = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'contract_view')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('blade_scope_data')
    .values({ id: scope, menu_id: menu.id, resource_code: 'contract', scope_name: '本部门', scope_type: 3 })
    .execute();
  await withTenant(db, PLATFORM, (trx) =>
    trx
      .insertInto('blade_role_scope')
      .values({ id: nextId(), tenant_id: PLATFORM, scope_category: 1, scope_id: scope, role_id: sales })
      .execute(),
  );
  unregister.push(
    registerRecordOwner(
      'contract_t',
      tableRecordOwner({
        table: 'test_contract',
        codes: {
          read: ['contract_view'],
          upload: ['contract_edit'],
          edit: ['contract_edit'],
          delete: ['contract_edit'],
        },
        dataScope: { resource: 'contract', columns: { dept: { column: 'dept_id' }, owner: 'create_user' } },
      }),
    ),
  );

  // Customers' orders: a customer sees its own company's only; staff see every company's.
  await sql`create table test_order (id bigint primary key, tenant_id varchar(12) not null,
    company_id bigint not null, is_deleted integer not null default 0)`.execute(db);
  await sql`create table test_customer (user_id bigint primary key, company_id bigint not null)`.execute(db);
  await sql`grant select on test_order, test_customer to blade_app`.execute(db);
  await sql`insert into test_order (id, tenant_id, company_id) values
    (2001, ${PLATFORM}, 1), (2002, ${PLATFORM}, 2)`.execute(db);
  for (const [account, company] of [
    ['cust1', 1],
    ['cust2', 2],
  ] as const) {
    await userWith(account, ['order_view', 'order_edit']);
    await sql`insert into test_customer (user_id, company_id)
      select id, cast(${company} as bigint) from blade_user where account = ${account}`.execute(db);
  }
  unregister.push(
    registerRecordOwner(
      'order_t',
      tableRecordOwner({
        table: 'test_order',
        codes: { read: ['order_view'], upload: ['order_edit'], edit: ['order_edit'], delete: ['order_edit'] },
        company: {
          column: 'company_id',
          async of(caller, trx): Promise<CompanyScope> {
            const rows = await sql<{ company_id: string }>`select company_id from test_customer
              where user_id = ${caller.auth.userId}`.execute(trx);
            return rows.rows.length === 0
              ? { all: true }
              : { all: false, companies: rows.rows.map((r) => String(r.company_id)) };
          },
        },
      }),
    ),
  );

  for (const account of ['home', 'reader', 'clerk', 'sales', 'auditor', 'cust1', 'cust2'])
    tokens[account] = (await h.login(account, `${account}-pass`)).access_token;
  tokens.admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
}, SETUP_TIMEOUT);

afterAll(async () => {
  for (const undo of unregister) undo();
  await h?.close();
  rmSync(root, { recursive: true, force: true });
}, SETUP_TIMEOUT);

describe('a function no module owns: the archive screens’ codes', () => {
  const record = { functionCode: 'dossier', dataId: 'P-1' };
  let adminFile: string;

  beforeAll(async () => {
    const up = await upload(tokens.admin, record, 'admin.png');
    expect(up.status).toBe(200);
    adminFile = up.body.data.id as string;
  });

  it('refuses a user whose role holds only the home menu: tree, upload, download key, delete', async () => {
    const home = tokens.home;
    const before = filesUnder(root).length;
    for (const service of ['blade-resource', 'blade-customer', 'blade-combusiness'])
      expect((await tree(home, record, service)).status).toBe(403);
    const nodeFiles = `/blade-resource/fileCatalog/selectCurrentFileList?${new URLSearchParams({ ...record, fileCatalogId: node })}`;
    expect((await get(nodeFiles, home)).status).toBe(403);
    expect((await upload(home, record)).status).toBe(403);
    expect(filesUnder(root).length).toBe(before);
    expect((await authKey(home, adminFile)).status).toBe(403);
    expect((await get(`/blade-resource/file/getFileById?fileId=${adminFile}`, home)).status).toBe(403);
    expect((await get(`/blade-resource/file/history?fileId=${adminFile}`, home)).status).toBe(403);
    expect((await get(`/blade-combusiness/file/selectFileListByFile?fileId=${adminFile}`, home)).status).toBe(
      403,
    );
    expect((await remove(home, adminFile)).status).toBe(403);
    expect((await post(`/blade-resource/file/remove?ids=${adminFile}`, home)).status).toBe(403);
    expect(
      (
        await post('/blade-resource/file/updateFileById', home, {
          id: adminFile,
          hasProblem: 1,
          problemRemark: '篡改',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post('/blade-resource/fileCatalog/saveInUsing', home, {
          ...record,
          parentId: node,
          catalogName: 'x',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post('/blade-resource/file/saveMissing', home, {
          businessType: 1,
          dataId: record.dataId,
          fileCatalogId: node,
          functionCode: record.functionCode,
        })
      ).status,
    ).toBe(403);
    expect(await fileStillThere(adminFile)).toBe(true);
  });

  it('lets a holder of the archive page read and download, but not upload, change or delete', async () => {
    const reader = tokens.reader;
    const listed = await tree(reader, record);
    expect(listed.status).toBe(200);
    const key = await authKey(reader, adminFile);
    expect(key.status).toBe(200);
    const download = await h.authed(
      `/blade-resource/file/downloadById?id=${adminFile}&isDownload=1&authKey=${key.body.data.authKey as string}`,
      { token: reader },
    );
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    expect((await upload(reader, record)).status).toBe(403);
    expect((await remove(reader, adminFile)).status).toBe(403);
    expect(
      (
        await post('/blade-resource/file/updateFileById', reader, {
          id: adminFile,
          hasProblem: 1,
          problemRemark: 'x',
        })
      ).status,
    ).toBe(403);
    expect(await fileStillThere(adminFile)).toBe(true);
  });

  it('lets a role with the archive page and its buttons, and the administrators, work as before', async () => {
    const up = await upload(tokens.clerk, record, 'clerk.png');
    expect(up.status).toBe(200);
    expect((await remove(tokens.clerk, up.body.data.id as string)).status).toBe(200);

    // A tenant provisioned now: its administrator holds the tenant's whole menu set, archive buttons included.
    const created = await post('/blade-system/tenant/submit', tokens.admin, {
      tenantName: '新租户',
      adminPassword: 'new-admin-pass',
    });
    const tenantId = created.body.data.tenantId as string;
    const db = h.blade.db;
    const top = await addCatalogNode(db, tenantId, { name: '档案' });
    await addPreset(db, tenantId, 'dossier', top);
    const tenantAdmin = (await h.login('admin', 'new-admin-pass', tenantId)).access_token;
    const res = await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      token: tenantAdmin,
      body: form({ ...record, fileCatalogId: top }, { name: 't.png', bytes: pngBytes() }),
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as Body).data.id as string;
    expect((await tree(tenantAdmin, record)).status).toBe(200);
    expect((await remove(tenantAdmin, id)).status).toBe(200);
  });
});

describe('a registered owner decides', () => {
  const own = { functionCode: 'contract_t', dataId: '1001' };
  const other = { functionCode: 'contract_t', dataId: '1002' };

  it('by its codes and data scope: 404 outside the scope, 403 for a reader who may not change', async () => {
    const sales = tokens.sales;
    expect((await tree(sales, own)).status).toBe(200);
    expect((await upload(sales, own)).status).toBe(200);
    // Another dept's contract, another tenant's and one that does not exist look the same.
    for (const dataId of ['1002', '1003', '9999', 'not-an-id', '9999999999999999999'])
      expect((await tree(sales, { ...other, dataId })).status).toBe(404);
    expect((await upload(sales, other)).status).toBe(404);

    const theirs = await upload(tokens.admin, other, 'theirs.png');
    expect(theirs.status).toBe(200);
    const id = theirs.body.data.id as string;
    expect((await authKey(sales, id)).status).toBe(404);
    expect((await remove(sales, id)).status).toBe(404);
    expect(await fileStillThere(id)).toBe(true);

    // No data scope on contracts: every contract of the tenant, but read only.
    const auditor = tokens.auditor;
    expect((await tree(auditor, other)).status).toBe(200);
    expect((await authKey(auditor, id)).status).toBe(200);
    expect((await upload(auditor, other)).status).toBe(403);
    expect((await remove(auditor, id)).status).toBe(403);
    // The archive screens' codes do not open a function someone owns.
    expect((await tree(tokens.reader, own)).status).toBe(403);
    expect((await tree(tokens.home, own)).status).toBe(403);
  });

  it('keeps a node’s marks and history with every record of that id, whatever function the caller names', async () => {
    // The clerk may change any 'dossier' record; contract 1002 has files at this node.
    const byNode = { dataId: other.dataId, fileCatalogId: node, functionCode: 'dossier' };
    expect(
      (await get(`/blade-resource/file/history?${new URLSearchParams(byNode)}`, tokens.clerk)).status,
    ).toBe(403);
    expect(
      (await post('/blade-resource/file/saveMissing', tokens.clerk, { ...byNode, businessType: 1 })).status,
    ).toBe(403);
    const history = await get(`/blade-resource/file/history?${new URLSearchParams(byNode)}`, tokens.admin);
    expect(history.status).toBe(200);
  });

  it('by the company of a customer: customer A never reaches customer B’s files', async () => {
    const a = { functionCode: 'order_t', dataId: '2001' };
    const b = { functionCode: 'order_t', dataId: '2002' };
    const bFile = await upload(tokens.cust2, b, 'b.png');
    expect(bFile.status).toBe(200);
    const id = bFile.body.data.id as string;
    expect((await tree(tokens.cust1, a, 'blade-customer')).status).toBe(200);
    expect((await upload(tokens.cust1, a)).status).toBe(200);
    for (const service of ['blade-resource', 'blade-customer', 'blade-combusiness'])
      expect((await tree(tokens.cust1, b, service)).status).toBe(404);
    expect((await upload(tokens.cust1, b)).status).toBe(404);
    expect((await authKey(tokens.cust1, id)).status).toBe(404);
    expect(
      (await get(`/blade-combusiness/file/selectFileListByFile?fileId=${id}`, tokens.cust1)).status,
    ).toBe(404);
    expect((await post(`/blade-combusiness/file/remove?ids=${id}`, tokens.cust1)).status).toBe(404);
    expect(await fileStillThere(id)).toBe(true);
    // Staff (no company) see every company's orders.
    expect((await tree(tokens.admin, b)).status).toBe(200);
  });
});

describe('the flags of tree and node-file answers: what this caller may do here', () => {
  // The archive screens show a button where its flag is 1; a flag the caller's rights on the record deny is 0, so a
  // reader is never offered an upload, a cover, a removal or an edit the server would refuse.
  const record = { functionCode: 'flags_t', dataId: 'F-1' };
  const frozen = { functionCode: 'frozen_t', dataId: 'F-2' };
  let top: string;
  let open: string;
  type Answer = Record<string, unknown> & { fileList?: Record<string, unknown>[] };

  const ACTION_FLAGS = ['canUpload', 'canCover', 'canDel', 'canAddAppNode', 'canEdit'] as const;
  type ActionFlag = (typeof ACTION_FLAGS)[number];
  /** A node's action flags: the named ones 1, the others 0. */
  const on = (...names: ActionFlag[]) =>
    Object.fromEntries(ACTION_FLAGS.map((f) => [f, names.includes(f) ? 1 : 0]));
  /** A file row's: the same without canAddAppNode, which is a node's only. */
  const rowOn = (...names: ActionFlag[]) =>
    Object.fromEntries(
      ACTION_FLAGS.filter((f) => f !== 'canAddAppNode').map((f) => [f, names.includes(f) ? 1 : 0]),
    );
  // The node's own rules that are not the caller's actions stay as configured for everyone who may read.
  const unchanged = { canView: 1, canDownload: 1, canMultiUpload: 3, needStamped: 1 };

  /** Every answer that carries flags: the root, the child node, its fileList row, and the node's own file page. */
  async function answers(token: string, service = 'blade-resource', at = record) {
    const query = new URLSearchParams(at);
    const roots = await get(`/${service}/fileCatalog/selectFileList?${query}`, token);
    const kids = await get(`/${service}/fileCatalog/selectFileList?${query}&parentId=${top}`, token);
    const page = await get(
      `/blade-resource/fileCatalog/selectCurrentFileList?${new URLSearchParams({ ...at, fileCatalogId: open })}`,
      token,
    );
    for (const res of [roots, kids, page]) expect(res.status).toBe(200);
    const root = (roots.body.data.records as Answer[])[0];
    const node = (kids.body.data.records as Answer[]).find((n) => n.id === open)!;
    const [missing, file] = page.body.data.records as Answer[];
    expect(missing).toMatchObject({ isFile: 0, isMissing: 1 });
    expect(file).toMatchObject({ isFile: 1 });
    return { root, node, listed: node.fileList![0], missing, file };
  }

  const uploadAt = async (token: string, at: { functionCode: string; dataId: string }, name: string) => {
    const res = await h.authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      token,
      body: form({ ...at, fileCatalogId: open }, { name, bytes: pngBytes() }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  beforeAll(async () => {
    const db = h.blade.db;
    top = await addCatalogNode(db, PLATFORM, { name: '权限档案', canAddAppNode: 1, canCover: 1 });
    open = await addCatalogNode(db, PLATFORM, {
      name: '全部允许',
      parentId: top,
      canAddAppNode: 1,
      canUpload: 1,
      canCover: 1,
      canDel: 1,
      canMultiUpload: 3,
      needStamped: 1,
    });
    for (const fn of ['flags_t', 'frozen_t']) await addPreset(db, PLATFORM, fn, top);
    // An owner whose own rule freezes removals: the codes alone do not make canDel.
    unregister.push(
      registerRecordOwner('frozen_t', {
        codes: ARCHIVE_CODES,
        changeable: async (_caller, _trx, _dataId, action) => action !== 'delete',
      }),
    );
    await userWith('uploader', ['archive_tree', 'archive_upload']);
    await userWith('editor', ['archive_tree', 'archive_edit']);
    for (const account of ['uploader', 'editor'])
      tokens[account] = (await h.login(account, `${account}-pass`)).access_token;
    for (const at of [record, frozen]) {
      expect((await uploadAt(tokens.admin, at, 'flags.png')).status).toBe(200);
      const mark = await post('/blade-resource/file/saveMissing', tokens.admin, {
        ...at,
        businessType: 1,
        fileCatalogId: open,
      });
      expect(mark.status).toBe(200);
    }
  }, SETUP_TIMEOUT);

  it('gives a reader no action flag, on every variant of the tree and on the node’s file page', async () => {
    for (const service of ['blade-resource', 'blade-customer', 'blade-combusiness']) {
      const seen = await answers(tokens.reader, service);
      expect(seen.root).toMatchObject(on());
      expect(seen.node).toMatchObject({ ...on(), ...unchanged });
      expect(seen.missing).toMatchObject({ ...on(), ...unchanged });
      for (const row of [seen.listed, seen.file])
        expect(row).toMatchObject({ ...rowOn(), canView: 1, canDownload: 1, needStamped: 1 });
    }
  });

  it('gives an administrator and a holder of every archive button the node’s own flags', async () => {
    for (const token of [tokens.admin, tokens.clerk]) {
      const seen = await answers(token);
      const all = on(...ACTION_FLAGS);
      expect(seen.root).toMatchObject(all);
      expect(seen.node).toMatchObject({ ...all, ...unchanged });
      expect(seen.missing).toMatchObject({ ...all, ...unchanged });
      for (const row of [seen.listed, seen.file]) expect(row).toMatchObject(rowOn(...ACTION_FLAGS));
    }
  });

  it('keeps each flag to its own right: upload, edit and delete apart', async () => {
    const uploader = await answers(tokens.uploader);
    expect(uploader.node).toMatchObject(on('canUpload', 'canCover'));
    expect(uploader.file).toMatchObject(rowOn('canUpload', 'canCover'));
    const editor = await answers(tokens.editor);
    expect(editor.node).toMatchObject(on('canAddAppNode', 'canEdit'));
    expect(editor.listed).toMatchObject(rowOn('canEdit'));
    // A node the editor adds answers with the editor's flags too.
    const added = await post('/blade-resource/fileCatalog/saveInUsing', tokens.editor, {
      ...record,
      parentId: open,
      catalogName: '补充',
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ isAppNode: 1, ...on('canAddAppNode', 'canEdit') });
  });

  it('asks the owner’s own rule and the owner’s codes', async () => {
    const seen = await answers(tokens.clerk, 'blade-resource', frozen);
    expect(seen.node).toMatchObject(on('canUpload', 'canCover', 'canAddAppNode', 'canEdit'));
    expect(seen.file).toMatchObject(rowOn('canUpload', 'canCover', 'canEdit'));
    // contract_t's root is the project tree's node (canUpload 1, canDel 1, canAddAppNode 0, canCover 0).
    const contract = { functionCode: 'contract_t', dataId: '1002' };
    const auditor = await tree(tokens.auditor, contract);
    expect((auditor.body.data.records as Answer[])[0]).toMatchObject(on());
    const sales = await tree(tokens.sales, { ...contract, dataId: '1001' });
    expect((sales.body.data.records as Answer[])[0]).toMatchObject(on('canUpload', 'canDel', 'canEdit'));
  });
});

describe('migration 20261123T180000-archive-buttons', () => {
  it('gives the archive buttons to the roles that held an archive page, once', async () => {
    const db = h.blade.db;
    const codes = ['archive_upload', 'archive_edit', 'archive_delete'];
    const buttonIds = (
      await db.selectFrom('blade_menu').select('id').where('code', 'in', codes).execute()
    ).map((r) => r.id);
    // Back to the database as it was: no buttons.
    await withTenant(db, PLATFORM, (trx) =>
      trx.deleteFrom('blade_role_menu').where('menu_id', 'in', buttonIds).execute(),
    );
    await db.deleteFrom('blade_menu').where('id', 'in', buttonIds).execute();
    const querier = await userWith('querier', ['archive_query']);
    const held = async (role: string) =>
      (
        await withTenant(db, PLATFORM, (trx) =>
          trx
            .selectFrom('blade_role_menu as rm')
            .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
            .select('m.code')
            .where('rm.role_id', '=', role)
            .where('m.code', 'in', codes)
            .execute(),
        )
      )
        .map((r) => r.code)
        .sort();
    for (let run = 0; run < 2; run++) {
      await db.transaction().execute((trx) => addArchiveButtons(trx));
      expect(await held(querier)).toEqual([...codes].sort());
      expect(await held(await roleIdByAlias(db, PLATFORM, 'user'))).toEqual([...codes].sort());
      expect(await held(await roleIdByAlias(db, PLATFORM, 'home'))).toEqual([]);
    }
    const pages = await db
      .selectFrom('blade_menu as b')
      .innerJoin('blade_menu as p', 'p.id', 'b.parent_id')
      .select(['b.code', 'p.code as parent'])
      .where('b.code', 'in', codes)
      .execute();
    expect(pages).toHaveLength(3);
    expect(new Set(pages.map((p) => p.parent))).toEqual(new Set(['archive_tree']));
  });
});
