import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  CONTENT_MAX,
  NOTE_ACTION,
  NOTE_VERSIONS_KEPT,
  ROOT_ID,
  type Authority,
  type CallerAuthority,
  type NoteAuthAnswer,
  type NoteAuthVO,
  type NoteContentVO,
  type NoteNodeVO,
  type NoteTreeVO,
  type NoteVersionsAnswer,
  type SharedNoteVO,
  type ShareTarget,
} from '../../../lib/contracts/notes/notes';
import { actionRouter } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { KeyedError, ForbiddenError, NotFoundError, ServiceError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { buildTree } from '../../core/tree';
import type { Trx } from '../../db/tenant';
import { userDisplayName, usersById } from '../business/rows';
import { sanitizeNoteHtml } from './sanitize';

/**
 * Notes (README.md beside this file): each user's tree of catalogues and notes, and nodes shared with users and
 * departments. Who may do what is decided here on every call, in `access`, from the row and the shares on it and its
 * ancestors (the nearest share reaching the caller wins): the owner everything; a share `edit` reads, renames, saves
 * the content and adds notes inside a shared catalogue; a share `read` only reads (writes: 403); anyone else is told
 * the node does not exist (404), so ids of others' notes reveal nothing.
 */

interface NodeRow {
  id: string;
  owner_id: string;
  parent_id: string;
  node_type: string;
  name: string;
  sort: number;
  content: string;
  version: number;
  update_user: string | null;
  update_time: Date;
}

const forbidden = (key: string) => new ForbiddenError(zhText(key));

/** A live node of the caller's tenant by id, optionally locked; undefined when there is none. */
async function nodeRow(trx: Trx, auth: AuthUser, id: string, lock?: 'update' | 'share') {
  let q = trx
    .selectFrom('business_note_tree')
    .select([
      'id',
      'owner_id',
      'parent_id',
      'node_type',
      'name',
      'sort',
      'content',
      'version',
      'update_user',
      'update_time',
    ])
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (lock === 'update') q = q.forUpdate();
  if (lock === 'share') q = q.forShare();
  const row = await q.executeTakeFirst();
  return (
    row &&
    ({
      ...row,
      id: String(row.id),
      owner_id: String(row.owner_id),
      parent_id: String(row.parent_id),
      version: Number(row.version),
      update_user: row.update_user === null ? null : String(row.update_user),
    } as NodeRow)
  );
}

/** The shares (alias `a`) that reach the caller: to them by name, or to one of their departments. */
const reachesCaller = (auth: AuthUser) =>
  auth.deptIds.length
    ? sql`((a.target_type = 'user' and a.target_id = ${auth.userId})
        or (a.target_type = 'dept' and a.target_id in (${sql.join(auth.deptIds)})))`
    : sql`(a.target_type = 'user' and a.target_id = ${auth.userId})`;

/**
 * The caller's share of a node: the nearest one reaching them on the node or its ancestors (an explicit share on a
 * note beats one inherited from its catalogue; at one node edit beats read). One statement: the ancestors by a
 * recursive CTE, joined to their shares. Undefined when no share reaches the caller.
 */
async function sharedAuthority(trx: Trx, auth: AuthUser, id: string): Promise<Authority | undefined> {
  const { rows } = await sql<{ depth: number; edit: boolean }>`
    with recursive up as (
      select id, parent_id, 0 as depth from business_note_tree
      where tenant_id = ${auth.tenantId} and id = ${id} and is_deleted = 0
      union all
      select t.id, t.parent_id, up.depth + 1 from business_note_tree t join up on t.id = up.parent_id
      where t.tenant_id = ${auth.tenantId} and t.is_deleted = 0 and up.depth < 10000
    )
    select up.depth, bool_or(a.authority = 'edit') as edit
    from up join business_note_auth a on a.note_id = up.id
    where a.tenant_id = ${auth.tenantId} and a.is_deleted = 0 and ${reachesCaller(auth)}
    group by up.depth order by up.depth limit 1`.execute(trx);
  if (!rows.length) return undefined;
  return rows[0].edit ? 'edit' : 'read';
}

/** A node and what the caller may do with it; 404 when they may do nothing (another's node, not shared with them). */
async function access(trx: Trx, auth: AuthUser, id: string, lock?: 'update' | 'share') {
  const row = await nodeRow(trx, auth, id, lock);
  if (!row) throw new NotFoundError();
  if (row.owner_id === auth.userId) return { row, authority: 'owner' as CallerAuthority };
  const shared = await sharedAuthority(trx, auth, id);
  if (!shared) throw new NotFoundError();
  return { row, authority: shared as CallerAuthority };
}

/** A node only its owner may change (structure and sharing): others holding a share get 403, the rest 404. */
async function owned(trx: Trx, auth: AuthUser, id: string, lock?: 'update' | 'share') {
  const { row, authority } = await access(trx, auth, id, lock);
  if (authority !== 'owner') throw forbidden('notes.error.ownerOnly');
  return row;
}

/** A parent for a new or moved node: the root, or one of the caller's live catalogues (locked against deletion). */
async function ownCatalog(trx: Trx, auth: AuthUser, parentId: string, lock: 'update' | 'share') {
  if (parentId === ROOT_ID) return;
  const parent = await owned(trx, auth, parentId, lock);
  if (parent.node_type !== 'catalog') throw new KeyedError('notes.error.parentNotCatalog');
}

/**
 * Serialises the owner's structural changes (moves and deletions): every live catalogue of theirs locked in id order.
 * Two concurrent moves (A under B, B under A) then run one after the other, and the second's ancestor walk — a new
 * statement, a new snapshot under READ COMMITTED — sees the first's result and refuses the cycle.
 */
async function lockOwnersTree(trx: Trx, auth: AuthUser) {
  await trx
    .selectFrom('business_note_tree')
    .select('id')
    .where('tenant_id', '=', auth.tenantId)
    .where('owner_id', '=', auth.userId)
    .where('node_type', '=', 'catalog')
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .forUpdate()
    .execute();
}

async function nextSort(trx: Trx, auth: AuthUser, parentId: string, ownerId = auth.userId) {
  const row = await trx
    .selectFrom('business_note_tree')
    .select((eb) => eb.fn.max<number | null>('sort').as('max'))
    .where('tenant_id', '=', auth.tenantId)
    .where('owner_id', '=', ownerId)
    .where('parent_id', '=', parentId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** Ids of a node and everything under it. */
async function subtreeIds(trx: Trx, auth: AuthUser, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive sub as (
      select id from business_note_tree where tenant_id = ${auth.tenantId} and id = ${id} and is_deleted = 0
      union all
      select t.id from business_note_tree t join sub on t.parent_id = sub.id
      where t.tenant_id = ${auth.tenantId} and t.is_deleted = 0
    ) select id from sub`.execute(trx);
  return rows.map((r) => String(r.id));
}

/** Ids of a node and its ancestors up to the root. */
async function ancestorIds(trx: Trx, auth: AuthUser, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive up as (
      select id, parent_id, 1 as depth from business_note_tree
      where tenant_id = ${auth.tenantId} and id = ${id} and is_deleted = 0
      union all
      select t.id, t.parent_id, up.depth + 1 from business_note_tree t join up on t.id = up.parent_id
      where t.tenant_id = ${auth.tenantId} and t.is_deleted = 0 and up.depth < 10000
    ) select id from up`.execute(trx);
  return rows.map((r) => String(r.id));
}

function cleanContent(html: string) {
  const clean = sanitizeNoteHtml(html);
  if (clean.length > CONTENT_MAX) throw new KeyedError('notes.error.contentTooLong', { max: CONTENT_MAX });
  return clean;
}

/**
 * Where a new node may go, and whose tree it joins: the caller's root or own catalogue; or, for a note, a catalogue
 * shared with the caller for editing (the note joins the catalogue owner's tree, so it stays under the owner's
 * structure and sharing; the caller is its creator). A new catalogue inside a shared one stays the owner's to make.
 * The parent is held FOR SHARE so a concurrent delete of it waits for this insert (and deletes it too).
 */
async function parentForNew(trx: Trx, auth: AuthUser, parentId: string, nodeType: 'catalog' | 'note') {
  if (parentId === ROOT_ID) return auth.userId;
  const { row, authority } = await access(trx, auth, parentId, 'share');
  if (row.node_type !== 'catalog') throw new KeyedError('notes.error.parentNotCatalog');
  if (authority === 'owner') return auth.userId;
  if (authority === 'read') throw forbidden('notes.error.readOnly');
  if (nodeType !== 'note') throw forbidden('notes.error.ownerOnly');
  return row.owner_id;
}

async function insertNode(
  trx: Trx,
  auth: AuthUser,
  input: { parentId: string; name: string; nodeType: 'catalog' | 'note'; content?: string },
) {
  const ownerId = await parentForNew(trx, auth, input.parentId, input.nodeType);
  const id = nextId();
  await trx
    .insertInto('business_note_tree')
    .values({
      id,
      tenant_id: auth.tenantId,
      owner_id: ownerId,
      parent_id: input.parentId,
      node_type: input.nodeType,
      name: input.name,
      sort: await nextSort(trx, auth, input.parentId, ownerId),
      content: input.content ?? '',
      create_user: auth.userId,
      create_dept: auth.deptIds[0] ?? null,
      update_user: auth.userId,
    })
    .execute();
  return nodeVO((await nodeRow(trx, auth, id))!, new Set());
}

const nodeVO = (row: NodeRow, shared: ReadonlySet<string>): NoteNodeVO => ({
  id: row.id,
  parentId: row.parent_id,
  nodeType: row.node_type as NoteNodeVO['nodeType'],
  name: row.name,
  sort: row.sort,
  shared: shared.has(row.id),
  updateTime: formatDateTime(row.update_time),
  children: [],
});

async function ownTree(trx: Trx, auth: AuthUser): Promise<NoteNodeVO[]> {
  const rows = (
    await trx
      .selectFrom('business_note_tree')
      .select([
        'id',
        'owner_id',
        'parent_id',
        'node_type',
        'name',
        'sort',
        sql<string>`''`.as('content'),
        'update_time',
      ])
      .where('tenant_id', '=', auth.tenantId)
      .where('owner_id', '=', auth.userId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map(
    (r) =>
      ({ ...r, id: String(r.id), owner_id: String(r.owner_id), parent_id: String(r.parent_id) }) as NodeRow,
  );
  const nodeIds = rows.map((r) => r.id);
  const sharedIds = new Set(
    nodeIds.length
      ? (
          await trx
            .selectFrom('business_note_auth')
            .select('note_id')
            .distinct()
            .where('tenant_id', '=', auth.tenantId)
            .where('note_id', 'in', nodeIds)
            .where('is_deleted', '=', 0)
            .execute()
        ).map((r) => String(r.note_id))
      : [],
  );
  return buildTree(rows.map((r) => nodeVO(r, sharedIds)));
}

/**
 * The 与我共享 branch: the nodes whose shares reach the caller and, under a shared catalogue, everything beneath it
 * (also what was added after the share), each with the caller's authority there (the nearest share wins, as in
 * `access`). One statement: a recursive CTE down from the shared nodes; identical rows merge (UNION), so a node
 * reached through two shared ancestors appears once.
 */
async function sharedWithMe(trx: Trx, auth: AuthUser): Promise<SharedNoteVO[]> {
  const { rows } = await sql<{
    id: string;
    parent_id: string;
    node_type: string;
    name: string;
    sort: number;
    owner_id: string;
    update_time: Date;
    edit: boolean;
  }>`
    with recursive mine as (
      select a.note_id, bool_or(a.authority = 'edit') as edit from business_note_auth a
      where a.tenant_id = ${auth.tenantId} and a.is_deleted = 0 and ${reachesCaller(auth)}
      group by a.note_id
    ), down as (
      select t.id, t.parent_id, t.node_type, t.name, t.sort, t.owner_id, t.update_time, m.edit
      from business_note_tree t join mine m on m.note_id = t.id
      where t.tenant_id = ${auth.tenantId} and t.is_deleted = 0 and t.owner_id <> ${auth.userId}
      union
      select c.id, c.parent_id, c.node_type, c.name, c.sort, c.owner_id, c.update_time, coalesce(m.edit, d.edit)
      from business_note_tree c join down d on c.parent_id = d.id
      left join mine m on m.note_id = c.id
      where c.tenant_id = ${auth.tenantId} and c.is_deleted = 0 and d.node_type = 'catalog'
    ) select * from down order by sort, id`.execute(trx);
  const owners = await usersById(trx, [...new Set(rows.map((r) => String(r.owner_id)))]);
  const nodes = rows.map((r): SharedNoteVO => ({
    id: String(r.id),
    parentId: String(r.parent_id),
    nodeType: r.node_type as SharedNoteVO['nodeType'],
    name: r.name,
    ownerId: String(r.owner_id),
    ownerName: userDisplayName(owners.get(String(r.owner_id))),
    authority: r.edit ? 'edit' : 'read',
    updateTime: formatDateTime(r.update_time),
    children: [],
  }));
  // The shared tops newest first (as the branch listed notes before); inside a catalogue, the owner's order.
  return buildTree(nodes).sort(
    (a, b) => b.updateTime.localeCompare(a.updateTime) || b.id.localeCompare(a.id),
  );
}

async function contentVO(trx: Trx, auth: AuthUser, id: string): Promise<NoteContentVO> {
  const { row, authority } = await access(trx, auth, id);
  if (row.node_type !== 'note') throw new KeyedError('notes.error.notANote');
  const owner = (await usersById(trx, [row.owner_id])).get(row.owner_id);
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    authority,
    ownerId: row.owner_id,
    ownerName: userDisplayName(owner),
    updateTime: formatDateTime(row.update_time),
    version: row.version,
  };
}

/** A save or restore from a version that is no longer the current one (another editor saved meanwhile). */
const staleVersion = (current: number) =>
  new ServiceError(
    zhText('notes.error.staleVersion', { version: current }),
    409,
    'notes.error.staleVersion',
    {
      version: current,
    },
  );

/**
 * Replaces a note's content, keeping the one it replaces as a version (the last NOTE_VERSIONS_KEPT per note). The
 * row is locked FOR UPDATE by the caller (`access`) and its version checked there; the update is also conditional on
 * that version, so of two saves from one version exactly one stands.
 */
async function replaceContent(trx: Trx, auth: AuthUser, row: NodeRow, content: string) {
  await trx
    .insertInto('business_note_version')
    .values({
      id: nextId(),
      tenant_id: auth.tenantId,
      note_id: row.id,
      version: row.version,
      name: row.name,
      content: row.content,
      written_by: row.update_user,
      written_at: row.update_time,
      create_user: auth.userId,
      create_dept: auth.deptIds[0] ?? null,
      update_user: auth.userId,
    })
    .execute();
  await trx
    .deleteFrom('business_note_version')
    .where('tenant_id', '=', auth.tenantId)
    .where('note_id', '=', row.id)
    .where('version', '<=', row.version - NOTE_VERSIONS_KEPT)
    .execute();
  const updated = await trx
    .updateTable('business_note_tree')
    .set({ content, version: row.version + 1, update_user: auth.userId, update_time: sql`now()` })
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw staleVersion(row.version);
}

/** A note the caller may change the content of, locked, at the version they loaded. */
async function editableNote(trx: Trx, auth: AuthUser, id: string, loadedVersion: number) {
  const { row, authority } = await access(trx, auth, id, 'update');
  if (authority === 'read') throw forbidden('notes.error.readOnly');
  if (row.node_type !== 'note') throw new KeyedError('notes.error.notANote');
  if (row.version !== loadedVersion) throw staleVersion(row.version);
  return row;
}

async function shareList(trx: Trx, auth: AuthUser, noteId: string): Promise<NoteAuthVO[]> {
  const rows = await trx
    .selectFrom('business_note_auth')
    .select(['target_type', 'target_id', 'authority'])
    .where('tenant_id', '=', auth.tenantId)
    .where('note_id', '=', noteId)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .execute();
  const userIds = rows.filter((r) => r.target_type === 'user').map((r) => String(r.target_id));
  const deptIds = rows.filter((r) => r.target_type === 'dept').map((r) => String(r.target_id));
  const users = await usersById(trx, userIds);
  const depts = new Map(
    deptIds.length
      ? (
          await trx.selectFrom('blade_dept').select(['id', 'dept_name']).where('id', 'in', deptIds).execute()
        ).map((d) => [String(d.id), d.dept_name])
      : [],
  );
  return rows.map((r) => {
    const targetId = String(r.target_id);
    return {
      targetType: r.target_type as ShareTarget,
      targetId,
      targetName:
        r.target_type === 'user' ? userDisplayName(users.get(targetId)) : (depts.get(targetId) ?? ''),
      authority: r.authority as Authority,
    };
  });
}

/** Share targets must be live users or departments of the caller's tenant; anything else is refused by name. */
async function checkTargets(
  trx: Trx,
  auth: AuthUser,
  auths: readonly { targetType: ShareTarget; targetId: string }[],
) {
  const seen = new Set<string>();
  for (const a of auths) {
    const key = `${a.targetType}:${a.targetId}`;
    if (seen.has(key)) throw new KeyedError('notes.error.duplicateTarget');
    seen.add(key);
    if (a.targetType === 'user' && a.targetId === auth.userId)
      throw new KeyedError('notes.error.shareWithSelf');
  }
  const targets = [
    ['blade_user', auths.filter((a) => a.targetType === 'user').map((a) => a.targetId)],
    ['blade_dept', auths.filter((a) => a.targetType === 'dept').map((a) => a.targetId)],
  ] as const;
  for (const [table, ids] of targets) {
    if (!ids.length) continue;
    const found = await trx
      .selectFrom(table)
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    if (found.length !== ids.length) throw new KeyedError('notes.error.unknownTarget');
  }
}

export function notesRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(NOTE_ACTION.tree, async ({ trx, auth }): Promise<NoteTreeVO> => ({
    tree: await ownTree(trx, auth),
    shared: await sharedWithMe(trx, auth),
  }));

  serve(NOTE_ACTION.content, ({ trx, auth, input }) => contentVO(trx, auth, input.id));

  serve(NOTE_ACTION.saveCatalog, ({ trx, auth, input }) =>
    insertNode(trx, auth, { ...input, nodeType: 'catalog' }),
  );

  serve(NOTE_ACTION.saveNote, ({ trx, auth, input }) =>
    insertNode(trx, auth, { ...input, nodeType: 'note', content: cleanContent(input.content) }),
  );

  serve(NOTE_ACTION.modifyName, async ({ trx, auth, input }) => {
    const { row, authority } = await access(trx, auth, input.id, 'update');
    if (authority === 'read') throw forbidden('notes.error.readOnly');
    await trx
      .updateTable('business_note_tree')
      .set({ name: input.name, update_user: auth.userId, update_time: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    return { id: row.id, name: input.name };
  });

  serve(NOTE_ACTION.saveContent, async ({ trx, auth, input }) => {
    const row = await editableNote(trx, auth, input.id, input.version);
    const clean = cleanContent(input.content);
    // Saving what is already there makes no new version.
    if (clean !== row.content) await replaceContent(trx, auth, row, clean);
    return contentVO(trx, auth, row.id);
  });

  serve(NOTE_ACTION.move, async ({ trx, auth, input }) => {
    await lockOwnersTree(trx, auth);
    const row = await owned(trx, auth, input.id, 'update');
    await ownCatalog(trx, auth, input.parentId, 'update');
    if (input.parentId !== ROOT_ID && (await ancestorIds(trx, auth, input.parentId)).includes(row.id))
      throw new KeyedError('notes.error.cycle');
    if (row.parent_id === input.parentId) return nodeVO(row, new Set());
    await trx
      .updateTable('business_note_tree')
      .set({
        parent_id: input.parentId,
        sort: await nextSort(trx, auth, input.parentId),
        update_user: auth.userId,
        update_time: sql`now()`,
      })
      .where('id', '=', row.id)
      .execute();
    return nodeVO((await nodeRow(trx, auth, row.id))!, new Set());
  });

  serve(NOTE_ACTION.resort, async ({ trx, auth, input }) => {
    await ownCatalog(trx, auth, input.parentId, 'share');
    const children = await trx
      .selectFrom('business_note_tree')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('owner_id', '=', auth.userId)
      .where('parent_id', '=', input.parentId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .forUpdate()
      .execute();
    const current = children.map((c) => String(c.id));
    const listed = [...new Set(input.ids)];
    if (listed.length !== input.ids.length || listed.some((id) => !current.includes(id)))
      throw new KeyedError('notes.error.notSiblings');
    // The listed nodes first in the order given; any the caller did not list (made meanwhile) keep theirs after.
    const order = [...listed, ...current.filter((id) => !listed.includes(id))];
    for (const [i, id] of order.entries())
      await trx
        .updateTable('business_note_tree')
        .set({ sort: i + 1 })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
    return order;
  });

  serve(NOTE_ACTION.remove, async ({ trx, auth, input }) => {
    // Locked first, as a move does: a node saved meanwhile under this catalogue is committed and seen below.
    await lockOwnersTree(trx, auth);
    await owned(trx, auth, input.id, 'update');
    // A catalogue goes with everything under it (README: chosen over refusing a non-empty one).
    const ids = await subtreeIds(trx, auth, input.id);
    await trx
      .updateTable('business_note_tree')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .execute();
    await trx
      .updateTable('business_note_auth')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('note_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    // Earlier contents of a deleted note are of no use to anyone (its id answers 404 from now on).
    await trx
      .deleteFrom('business_note_version')
      .where('tenant_id', '=', auth.tenantId)
      .where('note_id', 'in', ids)
      .execute();
    return { removed: ids.length };
  });

  serve(NOTE_ACTION.queryAuth, async ({ trx, auth, input }) => {
    const row = await owned(trx, auth, input.id);
    // The tenant's departments come with the shares: the dialog offers them, and the department tree itself is an
    // administrator's call the note's owner may not hold.
    const departments = await trx
      .selectFrom('blade_dept')
      .select(['id', 'dept_name'])
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .limit(1000)
      .execute();
    return {
      shares: await shareList(trx, auth, row.id),
      departments: departments.map((d) => ({ id: String(d.id), name: d.dept_name })),
    } satisfies NoteAuthAnswer;
  });

  serve(NOTE_ACTION.updateAuth, async ({ trx, auth, input }) => {
    const row = await owned(trx, auth, input.id, 'update');
    await checkTargets(trx, auth, input.auths);
    // The list replaces the note's shares: what is left out is no longer shared.
    await trx
      .deleteFrom('business_note_auth')
      .where('tenant_id', '=', auth.tenantId)
      .where('note_id', '=', row.id)
      .execute();
    if (input.auths.length)
      await trx
        .insertInto('business_note_auth')
        .values(
          input.auths.map((a) => ({
            id: nextId(),
            tenant_id: auth.tenantId,
            note_id: row.id,
            target_type: a.targetType,
            target_id: a.targetId,
            authority: a.authority,
            create_user: auth.userId,
            create_dept: auth.deptIds[0] ?? null,
            update_user: auth.userId,
          })),
        )
        .execute();
    return shareList(trx, auth, row.id);
  });

  serve(NOTE_ACTION.versions, async ({ trx, auth, input }): Promise<NoteVersionsAnswer> => {
    const { row } = await access(trx, auth, input.id);
    if (row.node_type !== 'note') throw new KeyedError('notes.error.notANote');
    const kept = await trx
      .selectFrom('business_note_version')
      .select(['version', 'name', 'content', 'written_by', 'written_at'])
      .where('tenant_id', '=', auth.tenantId)
      .where('note_id', '=', row.id)
      .orderBy('version', 'desc')
      .limit(NOTE_VERSIONS_KEPT)
      .execute();
    const writers = await usersById(trx, [
      ...new Set(kept.filter((v) => v.written_by !== null).map((v) => String(v.written_by))),
    ]);
    return {
      current: row.version,
      versions: kept.map((v) => ({
        version: Number(v.version),
        name: v.name,
        content: v.content,
        writerName: v.written_by === null ? '' : userDisplayName(writers.get(String(v.written_by))),
        writtenAt: formatDateTime(v.written_at),
      })),
    };
  });

  serve(NOTE_ACTION.restoreVersion, async ({ trx, auth, input }) => {
    const row = await editableNote(trx, auth, input.id, input.baseVersion);
    const kept = await trx
      .selectFrom('business_note_version')
      .select('content')
      .where('tenant_id', '=', auth.tenantId)
      .where('note_id', '=', row.id)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (!kept) throw new KeyedError('notes.error.versionUnknown');
    // A restore is a save of the old content: the current one is kept in turn, and the note gets a new number.
    await replaceContent(trx, auth, row, kept.content);
    return contentVO(trx, auth, row.id);
  });

  return router;
}
