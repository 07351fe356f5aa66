import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';
import { defineResource, NO_WRITES } from '../resource';

/**
 * Notes (笔记): a tree of catalogues and notes per user, rich-text content sanitised by blade/, shared with users and
 * departments for reading or editing (issue 17, spec 001 §7.5, blade/modules/notes/README.md). Every call is an action
 * of blade/modules/notes; the page is a read-only resource only so that its menu and buttons are declared once.
 */

const BASE = '/business-service/noteTree';

/** Menu and button codes: the page reads, each button one kind of change. */
export const NOTES_CODES = {
  page: 'note_tree',
  add: 'note_tree_add',
  edit: 'note_tree_edit',
  remove: 'note_tree_delete',
  share: 'note_tree_share',
} as const;

export const NODE_TYPES = ['catalog', 'note'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const AUTHORITIES = ['read', 'edit'] as const;
export type Authority = (typeof AUTHORITIES)[number];
/** What the caller may do with a note: its owner everything, a share read or edit. */
export type CallerAuthority = Authority | 'owner';

export const SHARE_TARGETS = ['user', 'dept'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** The root of a user's tree (a node's parentId when it has no catalogue). */
export const ROOT_ID = '0';
export const NAME_MAX = 100;
/** Sanitised HTML kept per note: bounded, others read it (SECURITY 30). */
export const CONTENT_MAX = 200_000;
/** Shares per note: a department reaches its members, so a long list is never needed. */
export const SHARES_MAX = 200;
/** Earlier contents kept per note (each save keeps the one it replaces; older ones are dropped). */
export const NOTE_VERSIONS_KEPT = 20;

export const NOTE_CALLS = {
  tree: { method: 'POST', path: `${BASE}/noteTreeAll` },
  saveCatalog: { method: 'POST', path: `${BASE}/saveCatalog` },
  saveNote: { method: 'POST', path: `${BASE}/saveNote` },
  modifyName: { method: 'POST', path: `${BASE}/modifyName` },
  saveContent: { method: 'POST', path: `${BASE}/saveNoteContent` },
  remove: { method: 'POST', path: `${BASE}/delete` },
  updateAuth: { method: 'POST', path: `${BASE}/updateNoteAuth` },
  resort: { method: 'POST', path: `${BASE}/resort` },
  move: { method: 'POST', path: `${BASE}/move` },
  content: { method: 'GET', path: `${BASE}/noteContent` },
  queryAuth: { method: 'GET', path: `${BASE}/queryNoteAuth` },
  /** Not in the spec (designed here, README): a note's kept versions, and restoring one as a new version. */
  versions: { method: 'GET', path: `${BASE}/noteVersions` },
  restoreVersion: { method: 'POST', path: `${BASE}/restoreVersion` },
} as const;

/** One node of the caller's own tree (noteTreeAll). */
export interface NoteNodeVO {
  id: string;
  parentId: string;
  nodeType: NodeType;
  name: string;
  sort: number;
  /** Whether the node (a note or a catalogue) is shared with anyone itself. */
  shared: boolean;
  updateTime: string;
  children: NoteNodeVO[];
}

/**
 * A node someone shared with the caller (the tree's 与我共享 branch): a note, or a catalogue with what is beneath it in
 * `children` (each with the authority the caller holds there: the nearest share wins).
 */
export interface SharedNoteVO {
  id: string;
  parentId: string;
  nodeType: NodeType;
  name: string;
  ownerId: string;
  ownerName: string;
  authority: Authority;
  updateTime: string;
  children: SharedNoteVO[];
}

export interface NoteTreeVO {
  tree: NoteNodeVO[];
  shared: SharedNoteVO[];
}

export interface NoteContentVO {
  id: string;
  name: string;
  content: string;
  authority: CallerAuthority;
  ownerId: string;
  ownerName: string;
  updateTime: string;
  /** The number of this content: saveNoteContent sends it back, and is refused if the note has moved on. */
  version: number;
}

/** One kept earlier content of a note (noteVersions), newest first. */
export interface NoteVersionVO {
  version: number;
  name: string;
  content: string;
  writerName: string;
  writtenAt: string;
}

export interface NoteVersionsAnswer {
  /** The note's current version (not in the list). */
  current: number;
  versions: NoteVersionVO[];
}

export interface NoteAuthVO {
  targetType: ShareTarget;
  targetId: string;
  targetName: string;
  authority: Authority;
}

/** queryNoteAuth: the note's shares, and the departments it could be shared with. */
export interface NoteAuthAnswer {
  shares: NoteAuthVO[];
  departments: { id: string; name: string }[];
}

const name = z
  .string({ error: '请输入名称' })
  .trim()
  .min(1, '请输入名称')
  .max(NAME_MAX, `长度不能超过${NAME_MAX}`);
/** A catalogue's id, or the root ('0', also when left out). */
const parentId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 0 ? ROOT_ID : v),
  z.union([z.literal(ROOT_ID), idSchema]),
);
const content = z.string({ error: '请输入内容' }).max(CONTENT_MAX * 2, `内容过长`);

export const saveCatalogInput = z.object({ parentId, name });
export const saveNoteInput = z.object({ parentId, name, content: content.optional().default('') });
export const modifyNameInput = z.object({ id: idSchema, name });
const version = z.coerce
  .number({ error: '请提供笔记的版本' })
  .int('请提供笔记的版本')
  .min(1, '请提供笔记的版本');
/** `version`: the version the editor loaded (noteContent's answer). */
export const saveContentInput = z.object({ id: idSchema, content, version });
/** `version`: the kept one to bring back; `baseVersion`: the current one the caller saw. */
export const restoreVersionInput = z.object({ id: idSchema, version, baseVersion: version });
export const nodeIdInput = z.object({ id: idSchema });
export const moveInput = z.object({ id: idSchema, parentId });
export const resortInput = z.object({
  parentId,
  ids: z.array(idSchema, { error: '请选择排序的节点' }).min(1, '请选择排序的节点').max(1000),
});
export const shareInput = z.object({
  targetType: z.enum(SHARE_TARGETS, { error: '请选择共享对象' }),
  targetId: idSchema,
  authority: z.enum(AUTHORITIES, { error: '请选择权限' }),
});
export const updateAuthInput = z.object({
  id: idSchema,
  auths: z.array(shareInput).max(SHARES_MAX, `最多共享给${SHARES_MAX}个对象`),
});

/** The notes page: its menu and buttons (every call is an action below). */
export const notesPage = defineResource({
  key: 'notes.tree',
  table: 'business_note_tree',
  ownership: 'tenant',
  readOnly: true,
  fields: {},
  calls: { list: NOTE_CALLS.tree, ...NO_WRITES.calls },
  access: { read: { codes: [NOTES_CODES.page] }, ...NO_WRITES.access },
  menu: {
    code: NOTES_CODES.page,
    name: '笔记',
    path: '/administration/noteTree',
    icon: 'sticky_note_2',
    parent: 'administration',
    sort: 13,
    view: false,
    buttons: [
      { code: NOTES_CODES.add, name: '新建', alias: 'add', action: 1 },
      { code: NOTES_CODES.edit, name: '编辑', alias: 'edit', action: 2 },
      { code: NOTES_CODES.remove, name: '删除', alias: 'delete', action: 3 },
      { code: NOTES_CODES.share, name: '共享', alias: 'share', action: 2 },
    ],
  },
});

const page = { codes: [NOTES_CODES.page] };
/** The calls by name (blade/ serves each with its own handler). */
export const NOTE_ACTION = {
  tree: defineAction({
    name: 'tree',
    call: NOTE_CALLS.tree,
    input: z.object({}),
    access: page,
    writes: false,
  }),
  content: defineAction({
    name: 'content',
    call: NOTE_CALLS.content,
    input: nodeIdInput,
    access: page,
    writes: false,
  }),
  saveCatalog: defineAction({
    name: 'saveCatalog',
    call: NOTE_CALLS.saveCatalog,
    input: saveCatalogInput,
    access: { codes: [NOTES_CODES.add] },
    writes: true,
  }),
  saveNote: defineAction({
    name: 'saveNote',
    call: NOTE_CALLS.saveNote,
    input: saveNoteInput,
    access: { codes: [NOTES_CODES.add] },
    writes: true,
  }),
  modifyName: defineAction({
    name: 'modifyName',
    call: NOTE_CALLS.modifyName,
    input: modifyNameInput,
    access: { codes: [NOTES_CODES.edit] },
    writes: true,
  }),
  saveContent: defineAction({
    name: 'saveContent',
    call: NOTE_CALLS.saveContent,
    input: saveContentInput,
    access: { codes: [NOTES_CODES.edit] },
    writes: true,
  }),
  move: defineAction({
    name: 'move',
    call: NOTE_CALLS.move,
    input: moveInput,
    access: { codes: [NOTES_CODES.edit] },
    writes: true,
  }),
  resort: defineAction({
    name: 'resort',
    call: NOTE_CALLS.resort,
    input: resortInput,
    access: { codes: [NOTES_CODES.edit] },
    writes: true,
  }),
  remove: defineAction({
    name: 'remove',
    call: NOTE_CALLS.remove,
    input: nodeIdInput,
    access: { codes: [NOTES_CODES.remove] },
    writes: true,
  }),
  queryAuth: defineAction({
    name: 'queryAuth',
    call: NOTE_CALLS.queryAuth,
    input: nodeIdInput,
    access: { codes: [NOTES_CODES.share] },
    writes: false,
  }),
  updateAuth: defineAction({
    name: 'updateAuth',
    call: NOTE_CALLS.updateAuth,
    input: updateAuthInput,
    access: { codes: [NOTES_CODES.share] },
    writes: true,
  }),
  versions: defineAction({
    name: 'versions',
    call: NOTE_CALLS.versions,
    input: nodeIdInput,
    access: page,
    writes: false,
  }),
  restoreVersion: defineAction({
    name: 'restoreVersion',
    call: NOTE_CALLS.restoreVersion,
    input: restoreVersionInput,
    access: { codes: [NOTES_CODES.edit] },
    writes: true,
  }),
};

export const NOTE_ACTIONS = Object.values(NOTE_ACTION);
