import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { RecordRights } from '../../core/record-access';
import type { FileCatalogTable, FileCatalogUsingTable, FilePresetTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { recordFiles } from './file.repository';

type CatalogRow = Selectable<FileCatalogTable>;
type PresetRow = Selectable<FilePresetTable>;
type UsingRow = Selectable<FileCatalogUsingTable>;

/** The business record whose tree is meant: a function (project, contract, …) and the record's id. */
export interface RecordRef {
  functionCode: string;
  dataId: string;
}

export const RULE_FIELDS = [
  ['can_add_app_node', 'canAddAppNode'],
  ['can_upload', 'canUpload'],
  ['must_upload', 'mustUpload'],
  ['can_cover', 'canCover'],
  ['can_download', 'canDownload'],
  ['can_view', 'canView'],
  ['can_del', 'canDel'],
  ['can_multi_upload', 'canMultiUpload'],
  ['max_file_size', 'maxFileSize'],
  ['need_stamped', 'needStamped'],
] as const;

export type RuleColumn = (typeof RULE_FIELDS)[number][0];
export type Rules = Record<(typeof RULE_FIELDS)[number][1], number>;

/** A node's rules as one caller may use them: the flags of TreeNode and FileRow answers, plus canEdit. */
export type CallerRules = Rules & { canEdit: number };

/**
 * The flags an answer shows its caller: each action's flag of the node ANDed with the caller's right on the record
 * (access.ts), so a button is offered only where the server would accept the call. upload → canUpload and canCover;
 * delete → canDel; edit → canAddAppNode and canEdit (remarks, renaming and removing added nodes, problem and missing
 * marks, stamping: the node has no flag of its own for these). The rest is the node's configuration — limits
 * (canMultiUpload, maxFileSize), what it requires (mustUpload, needStamped) and, for anyone who reads, canView and
 * canDownload — and stays as configured. The node's own rules (ResolvedNode.rules) are what the calls enforce; the
 * caller's rights are enforced apart, with their 403.
 */
export function callerRules(rules: Rules, rights: RecordRights): CallerRules {
  const when = (right: boolean, flag: number) => (right ? flag : 0);
  return {
    ...rules,
    canView: when(rights.read, rules.canView),
    canDownload: when(rights.read, rules.canDownload),
    canUpload: when(rights.upload, rules.canUpload),
    canCover: when(rights.upload, rules.canCover),
    canDel: when(rights.delete, rules.canDel),
    canAddAppNode: when(rights.edit, rules.canAddAppNode),
    canEdit: rights.edit ? 1 : 0,
  };
}

/** fileType of the preparation files: never offered the missing-file actions (000 §2). */
export const FILE_TYPE_PREPARATION = '1';

/** A node of one record's tree with the rules in force for it. */
export interface ResolvedNode {
  id: string;
  parentId: string;
  catalogName: string;
  catalogCode: string;
  fileType: string;
  fileNodeProp: string;
  fileNodeType: string;
  nodePath: string;
  remark: string;
  sort: number;
  /** Added to this record through saveInUsing (renamable and removable), not from the catalogue library. */
  isAppNode: boolean;
  rules: Rules;
}

/** The tenant's live catalogue library nodes. */
function libraryNodes(trx: Trx, tenantId: string) {
  return trx.selectFrom('blade_file_catalog').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
}

/** The record's live rows of its own: overlays of library nodes (catalog_id set) and the nodes it added. */
export function recordNodeRows(trx: Trx, tenantId: string, record: RecordRef) {
  return trx
    .selectFrom('blade_file_catalog_using')
    .where('tenant_id', '=', tenantId)
    .where('function_code', '=', record.functionCode)
    .where('data_id', '=', record.dataId)
    .where('is_deleted', '=', 0);
}

/** The nodes a record added to its tree (saveInUsing) and has not removed. */
function addedNodes(trx: Trx, tenantId: string, record: RecordRef) {
  return recordNodeRows(trx, tenantId, record).where('catalog_id', 'is', null).where('is_removed', '=', 0);
}

function rulesOf(catalog: CatalogRow, preset: PresetRow | undefined): Rules {
  const out = {} as Rules;
  for (const [column, field] of RULE_FIELDS) out[field] = preset?.[column] ?? catalog[column];
  return out;
}

async function presetsOf(trx: Trx, tenantId: string, functionCode: string): Promise<Map<string, PresetRow>> {
  const rows = await trx
    .selectFrom('blade_file_preset')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('function_code', '=', functionCode)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.file_catalog_id, r]));
}

/** The record's overlay rows (renames, remarks, removals) for the given library nodes. */
async function overlays(trx: Trx, tenantId: string, record: RecordRef, catalogIds: string[]) {
  if (catalogIds.length === 0) return new Map<string, UsingRow>();
  const rows = await recordNodeRows(trx, tenantId, record)
    .selectAll()
    .where('catalog_id', 'in', catalogIds)
    .execute();
  return new Map(rows.map((r) => [r.catalog_id as string, r]));
}

function fromCatalog(
  row: CatalogRow,
  preset: PresetRow | undefined,
  overlay: UsingRow | undefined,
): ResolvedNode {
  return {
    id: row.id,
    parentId: row.parent_id,
    catalogName: overlay?.catalog_name ?? row.catalog_name,
    catalogCode: row.catalog_code,
    fileType: row.file_type,
    fileNodeProp: row.file_node_prop,
    fileNodeType: row.file_node_type,
    nodePath: row.node_path,
    remark: overlay?.remark ?? row.remark,
    sort: row.sort,
    isAppNode: false,
    rules: rulesOf(row, preset),
  };
}

function fromAdded(row: UsingRow, parent: ResolvedNode): ResolvedNode {
  return {
    ...parent,
    id: row.id,
    parentId: parent.id,
    catalogName: row.catalog_name ?? '',
    catalogCode: '',
    nodePath: row.node_path,
    remark: row.remark ?? '',
    sort: 0,
    isAppNode: true,
  };
}

/** The nearest preset on a library node's path: its rules apply to the whole subtree below it. */
function nearestPreset(path: string, presets: Map<string, PresetRow>): PresetRow | undefined {
  const ids = path.split(',');
  for (let i = ids.length - 1; i >= 0; i--) {
    const p = presets.get(ids[i]);
    if (p) return p;
  }
  return undefined;
}

/**
 * One node of a record's tree, or undefined when the id is not part of it (another function's node, a removed one,
 * another tenant's). Library nodes belong to the tree when a preset of the function covers them.
 */
export async function resolveNode(
  trx: Trx,
  tenantId: string,
  record: RecordRef,
  nodeId: string,
  presetCache?: Map<string, PresetRow>,
): Promise<ResolvedNode | undefined> {
  if (!/^\d{1,19}$/.test(nodeId)) return undefined;
  const presets = presetCache ?? (await presetsOf(trx, tenantId, record.functionCode));
  const catalog = await libraryNodes(trx, tenantId).selectAll().where('id', '=', nodeId).executeTakeFirst();
  if (catalog) {
    const preset = nearestPreset(catalog.node_path, presets);
    if (!preset) return undefined;
    // Only the part of the path from the preset down belongs to this tree; a removal anywhere on it hides the node.
    const ids = catalog.node_path.split(',');
    const inTree = ids.slice(ids.indexOf(preset.file_catalog_id));
    const marks = await overlays(trx, tenantId, record, inTree);
    if ([...marks.values()].some((m) => m.is_removed === 1)) return undefined;
    return fromCatalog(catalog, preset, marks.get(catalog.id));
  }
  const added = await addedNodes(trx, tenantId, record)
    .selectAll()
    .where('id', '=', nodeId)
    .executeTakeFirst();
  if (!added?.parent_id) return undefined;
  const parent = await resolveNode(trx, tenantId, record, added.parent_id, presets);
  return parent ? fromAdded(added, parent) : undefined;
}

/** The node's own fields as the tree answers them (isAppNode as 0/1, rules as callerRules). */
export interface TreeNodeVO extends Omit<ResolvedNode, 'sort' | 'isAppNode' | 'rules'> {
  label: string;
  isAppNode: number;
  isLeaf: boolean;
  hasChildren: boolean;
  /** Files in the node and below it. */
  fileCount: number;
  /** Files directly in the node (what canMultiUpload limits). */
  nodeFileCount: number;
  /** canMultiUpload > 0 and reached: the upload button shows 已达上限. */
  uploadLimitReached: boolean;
  isMissing: number;
  children: [];
}

/** A node as the tree answers it to one caller: its flags are what this caller may do there (callerRules). */
export function nodeVO(
  node: ResolvedNode,
  extra: { isLeaf: boolean; fileCount: number; nodeFileCount: number; isMissing: boolean },
  rights: RecordRights,
): TreeNodeVO & CallerRules {
  const limit = node.rules.canMultiUpload;
  return {
    id: node.id,
    parentId: node.parentId,
    catalogName: node.catalogName,
    label: node.catalogName,
    catalogCode: node.catalogCode,
    fileType: node.fileType,
    fileNodeProp: node.fileNodeProp,
    fileNodeType: node.fileNodeType,
    nodePath: node.nodePath,
    remark: node.remark,
    isAppNode: node.isAppNode ? 1 : 0,
    ...callerRules(node.rules, rights),
    isLeaf: extra.isLeaf,
    hasChildren: !extra.isLeaf,
    fileCount: extra.fileCount,
    nodeFileCount: extra.nodeFileCount,
    uploadLimitReached: limit > 0 && extra.nodeFileCount >= limit,
    isMissing: extra.isMissing ? 1 : 0,
    children: [],
  };
}

/** Children of a node (roots when parentId is empty), paged, in display order, with the caller's flags. */
export async function childNodes(
  trx: Trx,
  tenantId: string,
  record: RecordRef,
  parentId: string | undefined,
  page: { offset: number; size: number },
  rights: RecordRights,
): Promise<{ nodes: (TreeNodeVO & CallerRules)[]; total: number } | undefined> {
  const presets = await presetsOf(trx, tenantId, record.functionCode);
  let all: ResolvedNode[];
  let parent: ResolvedNode | undefined;
  if (!parentId || parentId === '0') {
    const ids = [...presets.keys()];
    const rows = ids.length
      ? await libraryNodes(trx, tenantId).selectAll().where('id', 'in', ids).execute()
      : [];
    const marks = await overlays(trx, tenantId, record, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    all = ids
      .map((id) => byId.get(id))
      .filter((r): r is CatalogRow => r !== undefined && marks.get(r.id)?.is_removed !== 1)
      .map((r) => fromCatalog(r, presets.get(r.id), marks.get(r.id)));
  } else {
    parent = await resolveNode(trx, tenantId, record, parentId, presets);
    if (!parent) return undefined;
    const templates = parent.isAppNode
      ? []
      : await libraryNodes(trx, tenantId)
          .selectAll()
          .where('parent_id', '=', parent.id)
          .orderBy('sort')
          .orderBy('id')
          .execute();
    const marks = await overlays(
      trx,
      tenantId,
      record,
      templates.map((t) => t.id),
    );
    const added = await addedNodes(trx, tenantId, record)
      .selectAll()
      .where('parent_id', '=', parent.id)
      .orderBy('id')
      .execute();
    const p = parent;
    all = [
      ...templates
        .filter((t) => marks.get(t.id)?.is_removed !== 1)
        .map((t) => fromCatalog(t, nearestPreset(t.node_path, presets), marks.get(t.id))),
      ...added.map((a) => fromAdded(a, p)),
    ];
  }
  const slice = all.slice(page.offset, page.offset + page.size);
  const nodes = await decorate(trx, tenantId, record, slice, parent?.nodePath, rights);
  return { nodes, total: all.length };
}

/** isLeaf, file counts and the missing mark for a page of nodes, in four queries whatever the page size. */
async function decorate(
  trx: Trx,
  tenantId: string,
  record: RecordRef,
  nodes: ResolvedNode[],
  parentPath: string | undefined,
  rights: RecordRights,
): Promise<(TreeNodeVO & CallerRules)[]> {
  if (nodes.length === 0) return [];
  const ids = nodes.map((n) => n.id);
  // Sequential: a transaction is one connection (PGlite has only one), so parallel queries would only queue.
  const templateParents = await libraryNodes(trx, tenantId)
    .select('parent_id')
    .where('parent_id', 'in', ids)
    .groupBy('parent_id')
    .execute();
  const addedParents = await addedNodes(trx, tenantId, record)
    .select('parent_id')
    .where('parent_id', 'in', ids)
    .groupBy('parent_id')
    .execute();
  // Subtree counts without sorting the record's files: children of one parent are grouped by the path element at
  // their depth (a hash over a few values); roots (the presets, few) are counted one by one.
  const subtree = new Map<string, number>();
  const base = () => recordFiles(trx, tenantId, record);
  if (parentPath !== undefined) {
    const depth = parentPath.split(',').length + 1;
    const rows = await base()
      .select([
        sql<string>`split_part(node_path, ',', ${sql.lit(depth)})`.as('child'),
        (eb) => eb.fn.countAll<string>().as('n'),
      ])
      .where('node_path', 'like', `${parentPath},%`)
      .groupBy(sql`split_part(node_path, ',', ${sql.lit(depth)})`)
      .execute();
    for (const r of rows) subtree.set(r.child, Number(r.n));
  } else {
    for (const node of nodes) {
      const row = await base()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where((eb) =>
          eb.or([eb('node_path', '=', node.nodePath), eb('node_path', 'like', `${node.nodePath},%`)]),
        )
        .executeTakeFirstOrThrow();
      subtree.set(node.id, Number(row.n));
    }
  }
  const directRows = await base()
    .select(['file_catalog_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('file_catalog_id', 'in', ids)
    .where('source_file_id', 'is', null)
    .groupBy('file_catalog_id')
    .execute();
  const direct = new Map(directRows.map((r) => [r.file_catalog_id as string, Number(r.n)]));
  const missing = await trx
    .selectFrom('blade_file_missing')
    .select('file_catalog_id')
    .where('tenant_id', '=', tenantId)
    .where('data_id', '=', record.dataId)
    .where('file_catalog_id', 'in', ids)
    .execute();
  const hasChildren = new Set([...templateParents, ...addedParents].map((r) => r.parent_id as string));
  const missingIds = new Set(missing.map((m) => m.file_catalog_id));
  return nodes.map((node) =>
    nodeVO(
      node,
      {
        isLeaf: !hasChildren.has(node.id),
        fileCount: subtree.get(node.id) ?? 0,
        nodeFileCount: direct.get(node.id) ?? 0,
        isMissing: missingIds.has(node.id),
      },
      rights,
    ),
  );
}
