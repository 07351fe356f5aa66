import { NOTE_CALLS, NOTE_VERSIONS_KEPT, NOTES_CODES } from '../../../lib/contracts/notes/notes';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { up as addNotesMenus } from '../../db/migrations/20261128T110100-notes-menus';
import { withTenant } from '../../db/tenant';
import { addTenant, deptIds, userWithCodes } from '../../testing/fixtures';
import { harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { menuPlaces, replayMenuMigration } from '../../testing/menus';

// Notes through the real calls (PGlite, and PostgreSQL with TEST_DATABASE_URL): who may read and write a note
// (owner, shares by user and by department, read against edit, strangers and other tenants), the sanitiser, the tree's
// structure rules (no cycles, also under concurrent moves; resort; a catalogue deleted with its subtree).

let h: Harness;
const T = '350101';
const U = '350102';
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let otherDept = '';

const ALL_CODES = Object.values(NOTES_CODES);

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '笔记租户', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一租户', adminPassword: 'u-admin-pass' });
  const [mainDept] = await deptIds(db, T);
  otherDept = nextId();
  await withTenant(db, T, (trx) =>
    trx.insertInto('blade_dept').values({ id: otherDept, tenant_id: T, dept_name: '检验二室' }).execute(),
  );
  const users: [string, string, readonly string[], string][] = [
    [T, 'alice', ALL_CODES, mainDept],
    [T, 'bob', ALL_CODES, mainDept],
    // In the other department only: reached by a department share.
    [T, 'carol', ALL_CODES, otherDept],
    // Holds the page but no button: even an edit share cannot make them write.
    [T, 'dave', [NOTES_CODES.page], mainDept],
    [U, 'ursula', ALL_CODES, ''],
  ];
  for (const [tenant, account, codes, dept] of users)
    ({ userId: ids[account], token: tokens[account] } = await userWithCodes(
      h,
      tenant,
      account,
      ['administration', ...codes],
      dept || undefined,
    ));
}, SETUP_TIMEOUT * 2);

const P = (call: { path: string }) => call.path;
const catalog = (name: string, parentId = '0', token = tokens.alice) =>
  h.call(P(NOTE_CALLS.saveCatalog), token, { parentId, name });
const note = (name: string, parentId = '0', content = '<p>正文</p>', token = tokens.alice) =>
  h.call(P(NOTE_CALLS.saveNote), token, { parentId, name, content });
const content = (id: string, token = tokens.alice) => h.call(`${P(NOTE_CALLS.content)}?id=${id}`, token);
/** A save from the version the caller loads just before (no concurrent editor); `saveAt` names the version. */
const saveAt = (id: string, html: string, version: number, token = tokens.alice) =>
  h.call(P(NOTE_CALLS.saveContent), token, { id, content: html, version });
const saveContent = async (id: string, html: string, token = tokens.alice) => {
  const loaded = await content(id, token);
  return loaded.code === 200 ? saveAt(id, html, loaded.data.version, token) : loaded;
};
const share = (id: string, auths: unknown[], token = tokens.alice) =>
  h.call(P(NOTE_CALLS.updateAuth), token, { id, auths });
const move = (id: string, parentId: string, token = tokens.alice) =>
  h.call(P(NOTE_CALLS.move), token, { id, parentId });
const tree = (token = tokens.alice) => h.call(P(NOTE_CALLS.tree), token, {});

async function made(res: Promise<{ code: number; data: { id: string } }>) {
  const r = await res;
  expect(r.code).toBe(200);
  return r.data.id;
}

describe('the tree', () => {
  it('holds catalogues and notes in order, and answers only the caller’s own', async () => {
    const root = await made(catalog('标准'));
    const a = await made(note('GB/T 3836.1', root));
    const b = await made(note('GB/T 3836.2', root));
    const mine = (await tree()).data;
    const node = mine.tree.find((n: { id: string }) => n.id === root);
    expect(node).toMatchObject({ nodeType: 'catalog', name: '标准' });
    expect(node.children.map((c: { id: string }) => c.id)).toEqual([a, b]);
    // Bob sees none of it.
    const bobs = (await tree(tokens.bob)).data;
    expect(JSON.stringify(bobs)).not.toContain(root);
    // A note cannot hold nodes; another's catalogue is not there for Bob.
    expect(await note('x', a)).toMatchObject({ code: 400, msg: zhText('notes.error.parentNotCatalog') });
    expect((await note('x', root, '', tokens.bob)).status).toBe(404);
  });

  it('resort keeps the order given, and refuses nodes of another catalogue', async () => {
    const root = await made(catalog('排序'));
    const [a, b, c] = [await made(note('a', root)), await made(note('b', root)), await made(note('c', root))];
    const res = await h.call(P(NOTE_CALLS.resort), tokens.alice, { parentId: root, ids: [c, a, b] });
    expect(res.code).toBe(200);
    const node = (await tree()).data.tree.find((n: { id: string }) => n.id === root);
    expect(node.children.map((n: { id: string }) => n.id)).toEqual([c, a, b]);
    // A partial list puts the listed first and keeps the others' order after them.
    await h.call(P(NOTE_CALLS.resort), tokens.alice, { parentId: root, ids: [b] });
    const again = (await tree()).data.tree.find((n: { id: string }) => n.id === root);
    expect(again.children.map((n: { id: string }) => n.id)).toEqual([b, c, a]);
    const stray = await made(note('stray'));
    expect(
      await h.call(P(NOTE_CALLS.resort), tokens.alice, { parentId: root, ids: [a, stray] }),
    ).toMatchObject({
      code: 400,
      msg: zhText('notes.error.notSiblings'),
    });
  });

  it('refuses moving a catalogue under itself or its own descendant, and moves elsewhere', async () => {
    const top = await made(catalog('上级'));
    const child = await made(catalog('下级', top));
    const grandchild = await made(catalog('再下级', child));
    for (const target of [top, child, grandchild])
      expect(await move(top, target)).toMatchObject({ code: 400, msg: zhText('notes.error.cycle') });
    const other = await made(catalog('别处'));
    expect((await move(child, other)).code).toBe(200);
    const node = (await tree()).data.tree.find((n: { id: string }) => n.id === other);
    expect(node.children[0]).toMatchObject({ id: child, children: [{ id: grandchild }] });
    expect((await move(child, '0')).code).toBe(200);
  });

  it('two concurrent opposite moves cannot both succeed (no cycle is ever stored)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await made(catalog(`并发A${round}`));
      const b = await made(catalog(`并发B${round}`));
      const results = await Promise.all([move(a, b), move(b, a)]);
      const codes = results.map((r) => r.code).sort();
      expect(codes).toEqual([200, 400]);
      const rows = await withTenant(h.blade.db, T, (trx) =>
        trx.selectFrom('business_note_tree').select(['id', 'parent_id']).where('id', 'in', [a, b]).execute(),
      );
      const parent = new Map(rows.map((r) => [String(r.id), String(r.parent_id)]));
      expect(parent.get(a) === b && parent.get(b) === a).toBe(false);
    }
  });

  it('deleting a catalogue deletes its subtree and the shares of its notes', async () => {
    const top = await made(catalog('将删除'));
    const sub = await made(catalog('子目录', top));
    const deep = await made(note('深处', sub));
    expect((await share(deep, [{ targetType: 'user', targetId: ids.bob, authority: 'read' }])).code).toBe(
      200,
    );
    expect((await content(deep, tokens.bob)).code).toBe(200);
    expect((await h.call(P(NOTE_CALLS.remove), tokens.alice, { id: top })).data).toEqual({ removed: 3 });
    const all = JSON.stringify((await tree()).data);
    for (const id of [top, sub, deep]) expect(all).not.toContain(id);
    expect((await content(deep, tokens.bob)).status).toBe(404);
    expect(JSON.stringify((await tree(tokens.bob)).data.shared)).not.toContain(deep);
  });
});

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: links, and makes links open apart', async () => {
    const id = await made(
      note(
        '清洗',
        '0',
        '<p onclick="x()">正文<script>alert(1)</script></p><img src=x onerror=alert(1)>' +
          '<a href="javascript:alert(1)">坏</a><a href="https://www.cnex.org.cn" target="_self">好</a>',
      ),
    );
    const saved = (await content(id)).data.content as string;
    expect(saved).toBe(
      '<p>正文</p><a target="_blank" rel="noopener noreferrer">坏</a>' +
        '<a href="https://www.cnex.org.cn" target="_blank" rel="noopener noreferrer">好</a>',
    );
    const res = await saveContent(
      id,
      '<h2 style="x">标题</h2><iframe src="https://x"></iframe><b onmouseover=1>粗</b>',
    );
    expect(res.data.content).toBe('<h2>标题</h2><b>粗</b>');
    expect((await content(id)).data.content).toBe('<h2>标题</h2><b>粗</b>');
  });
});

describe('authority', () => {
  let noteId = '';
  beforeAll(async () => {
    noteId = await made(note('共享笔记', '0', '<p>原文</p>'));
  });

  it('without authority: 404 on read and on write, also across tenants', async () => {
    for (const token of [tokens.bob, tokens.carol, tokens.ursula]) {
      expect((await content(noteId, token)).status).toBe(404);
      expect((await saveContent(noteId, '<p>x</p>', token)).status).toBe(404);
      expect((await h.call(P(NOTE_CALLS.modifyName), token, { id: noteId, name: 'x' })).status).toBe(404);
      expect((await h.call(P(NOTE_CALLS.remove), token, { id: noteId })).status).toBe(404);
      expect((await share(noteId, [], token)).status).toBe(404);
      expect((await h.call(`${P(NOTE_CALLS.queryAuth)}?id=${noteId}`, token)).status).toBe(404);
    }
  });

  it('read authority reads but cannot write (403 with a message); edit authority writes; the owner keeps structure', async () => {
    expect(
      (
        await share(noteId, [
          { targetType: 'user', targetId: ids.bob, authority: 'read' },
          { targetType: 'dept', targetId: otherDept, authority: 'edit' },
          { targetType: 'user', targetId: ids.dave, authority: 'edit' },
        ])
      ).data,
    ).toEqual([
      { targetType: 'user', targetId: ids.bob, targetName: 'bob', authority: 'read' },
      { targetType: 'dept', targetId: otherDept, targetName: '检验二室', authority: 'edit' },
      { targetType: 'user', targetId: ids.dave, targetName: 'dave', authority: 'edit' },
    ]);
    const query = (await h.call(`${P(NOTE_CALLS.queryAuth)}?id=${noteId}`, tokens.alice)).data;
    expect(query.shares).toHaveLength(3);
    expect(query.departments).toEqual(expect.arrayContaining([{ id: otherDept, name: '检验二室' }]));
    // The owner's tree marks it shared.
    expect((await tree()).data.tree.find((n: { id: string }) => n.id === noteId)).toMatchObject({
      shared: true,
    });
    // Bob (read, by user): reads, cannot write.
    expect((await content(noteId, tokens.bob)).data).toMatchObject({
      content: '<p>原文</p>',
      authority: 'read',
      ownerName: 'alice',
    });
    const refused = await saveContent(noteId, '<p>改</p>', tokens.bob);
    expect(refused).toMatchObject({ status: 403, msg: zhText('notes.error.readOnly') });
    expect((await h.call(P(NOTE_CALLS.modifyName), tokens.bob, { id: noteId, name: '改名' })).status).toBe(
      403,
    );
    expect((await content(noteId)).data.content).toBe('<p>原文</p>');
    // The tree's shared branch lists it with the authority.
    expect((await tree(tokens.bob)).data.shared).toEqual([
      expect.objectContaining({ id: noteId, authority: 'read', ownerName: 'alice' }),
    ]);
    // Carol (edit, through her department): writes.
    expect((await saveContent(noteId, '<p>卡罗尔改</p>', tokens.carol)).code).toBe(200);
    expect((await content(noteId)).data.content).toBe('<p>卡罗尔改</p>');
    // …but moving, deleting and sharing stay the owner's (403, she can see the note).
    expect(await move(noteId, '0', tokens.carol)).toMatchObject({
      status: 403,
      msg: zhText('notes.error.ownerOnly'),
    });
    expect((await h.call(P(NOTE_CALLS.remove), tokens.carol, { id: noteId })).status).toBe(403);
    expect((await share(noteId, [], tokens.carol)).status).toBe(403);
    // Dave holds an edit share but not the edit button: the button is checked first.
    expect((await saveContent(noteId, '<p>x</p>', tokens.dave)).status).toBe(403);
    expect((await content(noteId, tokens.dave)).code).toBe(200);
    // Taking the shares away closes the note again.
    expect((await share(noteId, [])).code).toBe(200);
    expect((await content(noteId, tokens.bob)).status).toBe(404);
    expect((await content(noteId, tokens.carol)).status).toBe(404);
  });

  it('refuses oneself, duplicates and targets of another tenant', async () => {
    expect(
      await share(noteId, [{ targetType: 'user', targetId: ids.alice, authority: 'read' }]),
    ).toMatchObject({ code: 400, msg: zhText('notes.error.shareWithSelf') });
    const bobRead = { targetType: 'user', targetId: ids.bob, authority: 'read' };
    expect(await share(noteId, [bobRead, { ...bobRead, authority: 'edit' }])).toMatchObject({
      code: 400,
      msg: zhText('notes.error.duplicateTarget'),
    });
    expect(
      await share(noteId, [{ targetType: 'user', targetId: ids.ursula, authority: 'read' }]),
    ).toMatchObject({ code: 400, msg: zhText('notes.error.unknownTarget') });
  });
});

describe('a shared catalogue', () => {
  let top = '';
  let sub = '';
  let before = '';
  beforeAll(async () => {
    top = await made(catalog('共享目录'));
    sub = await made(catalog('子目录', top));
    before = await made(note('共享前', sub, '<p>早</p>'));
  });

  it('a read share reaches every note beneath it, also one made after the share; it cannot write', async () => {
    expect((await share(top, [{ targetType: 'user', targetId: ids.bob, authority: 'read' }])).code).toBe(200);
    const after = await made(note('共享后', sub, '<p>晚</p>'));
    for (const id of [before, after])
      expect((await content(id, tokens.bob)).data).toMatchObject({
        id,
        authority: 'read',
        ownerName: 'alice',
      });
    // The 与我共享 branch holds the catalogue as a subtree.
    const branch = (await tree(tokens.bob)).data.shared;
    const shared = branch.find((n: { id: string }) => n.id === top);
    expect(shared).toMatchObject({ nodeType: 'catalog', authority: 'read', children: [{ id: sub }] });
    expect(shared.children[0].children.map((n: { id: string }) => n.id)).toEqual([before, after]);
    // Read only: no save, no rename, no note added inside (403), nothing changed.
    expect(await saveContent(after, '<p>改</p>', tokens.bob)).toMatchObject({
      status: 403,
      msg: zhText('notes.error.readOnly'),
    });
    expect((await h.call(P(NOTE_CALLS.modifyName), tokens.bob, { id: after, name: 'x' })).status).toBe(403);
    expect((await note('闯入', sub, '', tokens.bob)).status).toBe(403);
    expect((await content(after)).data.content).toBe('<p>晚</p>');
    // Without any share (Carol) and in another tenant (Ursula): 404, on the notes and the catalogue alike.
    for (const token of [tokens.carol, tokens.ursula]) {
      expect((await content(before, token)).status).toBe(404);
      expect((await saveContent(before, '<p>x</p>', token)).status).toBe(404);
      expect((await note('x', sub, '', token)).status).toBe(404);
      expect((await h.call(P(NOTE_CALLS.modifyName), token, { id: top, name: 'x' })).status).toBe(404);
    }
  });

  it('the nearest share wins: an explicit read on a note beats an edit inherited from its catalogue', async () => {
    expect(
      (
        await share(top, [
          { targetType: 'user', targetId: ids.bob, authority: 'read' },
          { targetType: 'dept', targetId: otherDept, authority: 'edit' },
        ])
      ).code,
    ).toBe(200);
    expect((await share(before, [{ targetType: 'user', targetId: ids.carol, authority: 'read' }])).code).toBe(
      200,
    );
    expect((await content(before, tokens.carol)).data.authority).toBe('read');
    expect((await saveContent(before, '<p>x</p>', tokens.carol)).status).toBe(403);
    const branch = (await tree(tokens.carol)).data.shared;
    const shared = branch.find((n: { id: string }) => n.id === top);
    expect(shared.authority).toBe('edit');
    expect(shared.children[0].children.find((n: { id: string }) => n.id === before).authority).toBe('read');
    // Once, not twice: the note is inside the shared catalogue's subtree, not another top of the branch.
    expect(branch.filter((n: { id: string }) => n.id === before)).toHaveLength(0);
    expect((await share(before, [])).code).toBe(200);
    expect((await content(before, tokens.carol)).data.authority).toBe('edit');
  });

  it('an edit share lets the sharee add, rename and edit notes inside; moving, deleting and sharing stay the owner’s', async () => {
    // Carol holds edit on the catalogue through her department (the test above).
    const added = await made(note('卡罗尔新建', sub, '<p>新</p>', tokens.carol));
    const owner = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('business_note_tree')
        .select(['owner_id', 'create_user'])
        .where('id', '=', added)
        .executeTakeFirstOrThrow(),
    );
    // The note joins the owner's tree (Alice sees it in her catalogue); Carol is its creator.
    expect([String(owner.owner_id), String(owner.create_user)]).toEqual([ids.alice, ids.carol]);
    const mine = (await tree()).data.tree.find((n: { id: string }) => n.id === top);
    expect(mine.children[0].children.map((n: { id: string }) => n.id)).toContain(added);
    expect((await h.call(P(NOTE_CALLS.modifyName), tokens.carol, { id: added, name: '改名' })).code).toBe(
      200,
    );
    expect((await saveContent(before, '<p>卡罗尔改</p>', tokens.carol)).code).toBe(200);
    expect((await content(before)).data.content).toBe('<p>卡罗尔改</p>');
    // A catalogue inside, moving, deleting, resorting and re-sharing: 403 (she can see them).
    expect(await catalog('子', sub, tokens.carol)).toMatchObject({
      status: 403,
      msg: zhText('notes.error.ownerOnly'),
    });
    expect((await move(top, '0', tokens.carol)).status).toBe(403);
    expect((await move(added, top, tokens.carol)).status).toBe(403);
    expect((await h.call(P(NOTE_CALLS.remove), tokens.carol, { id: top })).status).toBe(403);
    expect((await h.call(P(NOTE_CALLS.remove), tokens.carol, { id: added })).status).toBe(403);
    expect((await share(top, [], tokens.carol)).status).toBe(403);
    expect((await h.call(`${P(NOTE_CALLS.queryAuth)}?id=${top}`, tokens.carol)).status).toBe(403);
    expect((await h.call(P(NOTE_CALLS.resort), tokens.carol, { parentId: sub, ids: [added] })).status).toBe(
      403,
    );
    expect((await content(top, tokens.carol)).status).toBe(400);
    // Moving a note out of the shared catalogue takes it out of the share.
    const outside = await made(catalog('不共享的'));
    expect((await move(added, outside)).code).toBe(200);
    expect((await content(added, tokens.carol)).status).toBe(404);
  });
});

describe('versions', () => {
  it('a save from an older version is refused and overwrites nothing', async () => {
    const id = await made(note('版本', '0', '<p>v1</p>'));
    const loaded = (await content(id)).data;
    expect(loaded.version).toBe(1);
    expect((await saveAt(id, '<p>v2</p>', 1)).data).toMatchObject({ version: 2, content: '<p>v2</p>' });
    const stale = await saveAt(id, '<p>旧版上的修改</p>', 1);
    expect(stale).toMatchObject({
      status: 400,
      code: 409,
      msg: zhText('notes.error.staleVersion', { version: 2 }),
    });
    expect((await content(id)).data).toMatchObject({ version: 2, content: '<p>v2</p>' });
    // A version is required.
    expect((await h.call(P(NOTE_CALLS.saveContent), tokens.alice, { id, content: '<p>x</p>' })).code).toBe(
      400,
    );
  });

  it('two concurrent saves of one version: exactly one stands, the other is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await made(note(`并发保存${round}`, '0', '<p>起</p>'));
      const results = await Promise.all([saveAt(id, '<p>甲</p>', 1), saveAt(id, '<p>乙</p>', 1)]);
      expect(results.map((r) => r.code).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.code === 200)!.data.content;
      expect((await content(id)).data).toMatchObject({ version: 2, content: winner });
      const kept = (await h.call(`${P(NOTE_CALLS.versions)}?id=${id}`, tokens.alice)).data;
      expect(kept).toMatchObject({ current: 2, versions: [{ version: 1, content: '<p>起</p>' }] });
      expect(kept.versions).toHaveLength(1);
    }
  });

  it('keeps the replaced contents (the last NOTE_VERSIONS_KEPT) and restores one as a new version', async () => {
    const id = await made(note('历史', '0', '<p>0</p>'));
    for (let i = 1; i <= NOTE_VERSIONS_KEPT + 2; i++)
      expect((await saveAt(id, `<p>${i}</p>`, i)).code).toBe(200);
    const list = (await h.call(`${P(NOTE_CALLS.versions)}?id=${id}`, tokens.alice)).data;
    expect(list.current).toBe(NOTE_VERSIONS_KEPT + 3);
    expect(list.versions).toHaveLength(NOTE_VERSIONS_KEPT);
    expect(list.versions[0]).toMatchObject({ version: NOTE_VERSIONS_KEPT + 2, writerName: 'alice' });
    expect(list.versions.at(-1).version).toBe(3);
    // Restore version 5 (content '<p>4</p>'): a new version 24 with that content; 23's content is kept in turn.
    const current = list.current;
    const restored = await h.call(P(NOTE_CALLS.restoreVersion), tokens.alice, {
      id,
      version: 5,
      baseVersion: current,
    });
    expect(restored.data).toMatchObject({ version: current + 1, content: '<p>4</p>' });
    const after = (await h.call(`${P(NOTE_CALLS.versions)}?id=${id}`, tokens.alice)).data;
    expect(after.versions[0]).toMatchObject({ version: current, content: `<p>${current - 1}</p>` });
    // From a stale base, or a version no longer kept: refused, nothing changes.
    expect(
      (await h.call(P(NOTE_CALLS.restoreVersion), tokens.alice, { id, version: 5, baseVersion: current }))
        .code,
    ).toBe(409);
    expect(
      await h.call(P(NOTE_CALLS.restoreVersion), tokens.alice, { id, version: 1, baseVersion: current + 1 }),
    ).toMatchObject({ code: 400, msg: zhText('notes.error.versionUnknown') });
    expect((await content(id)).data).toMatchObject({ version: current + 1, content: '<p>4</p>' });
    // Versions are read with the note: a stranger 404; a read share lists but cannot restore.
    expect((await h.call(`${P(NOTE_CALLS.versions)}?id=${id}`, tokens.bob)).status).toBe(404);
    expect((await share(id, [{ targetType: 'user', targetId: ids.bob, authority: 'read' }])).code).toBe(200);
    expect((await h.call(`${P(NOTE_CALLS.versions)}?id=${id}`, tokens.bob)).code).toBe(200);
    expect(
      (await h.call(P(NOTE_CALLS.restoreVersion), tokens.bob, { id, version: 5, baseVersion: current + 1 }))
        .status,
    ).toBe(403);
  });
});

// Last: it takes the notes menus away to play an existing database from before them.
describe('the menus of an existing database', () => {
  it('the migration adds the page and buttons under 经营管理 and grants them to the administrators', async () => {
    await replayMenuMigration(h.blade.db, {
      codes: ALL_CODES,
      tenants: [PLATFORM, T, U],
      migrate: addNotesMenus,
    });
    expect((await menuPlaces(h.blade.db, [NOTES_CODES.page]))[NOTES_CODES.page].parent).toBe(
      'administration',
    );
  });
});
