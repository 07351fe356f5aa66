/**
 * The archive's data shapes (spec 000 §3) and the rules the file screens apply to them. Pure: no React, no calls,
 * so the rules are unit-tested on their own and the server's flags stay the only source of what a row may do.
 * blade/ answers each action flag for the caller: the node's flag ANDed with the caller's right on the record
 * (canUpload and canCover need the upload right, canDel the delete right, canAddAppNode and canEdit the edit right),
 * so a user who may only read the record sees preview, download and history and nothing the server would refuse.
 * A flag that is absent counts as 0.
 */

/** Blade serialises flags as 0/1 numbers, sometimes as strings or booleans; every rule reads them through `flag`. */
export type Flag = 0 | 1 | '0' | '1' | boolean | null | undefined;

export function flag(value: Flag | number | string): boolean {
  return value === true || value === 1 || value === '1';
}

/** Archive catalogue node (spec 000 §3). */
export interface CatalogNode {
  id: string;
  parentId: string;
  catalogName: string;
  catalogCode?: string;
  fileType?: string;
  fileNodeProp?: string;
  fileNodeType?: string;
  canAddAppNode?: Flag;
  canUpload?: Flag;
  mustUpload?: Flag;
  canCover?: Flag;
  canDownload?: Flag;
  canView?: Flag;
  canDel?: Flag;
  /** The caller may edit the record's archive here: remarks, its own nodes, missing marks. */
  canEdit?: Flag;
  /** The most files the node holds; 0 or absent: no limit beyond the server's. */
  canMultiUpload?: number | string | null;
  /** Megabytes; 0 or absent: only the general 500 MB limit. */
  maxFileSize?: number | string | null;
  isLeaf?: Flag;
  hasChildren?: Flag;
  nodePath?: string;
  /** Files in the node and below it. */
  fileCount?: number;
  /** Files directly in the node: what canMultiUpload limits. */
  nodeFileCount?: number;
  /** The server's verdict that canMultiUpload is reached (the button shows 已达上限). */
  uploadLimitReached?: Flag;
  needStamped?: Flag;
  isMissing?: Flag;
  /** Added to this record's tree (saveInUsing): only such nodes are renamed or removed. */
  isAppNode?: Flag;
  remark?: string;
  label?: string;
  children?: CatalogNode[];
}

/** Archive file row (spec 000 §3); file records also carry nodePath and dataId. */
export interface FileRow {
  id: string;
  isFile?: Flag;
  suffix?: string;
  server?: string;
  url?: string;
  originalFilename: string;
  size?: number;
  isMissing?: Flag;
  hasProblem?: Flag;
  problemRemark?: string;
  needStamped?: Flag;
  isStamped?: Flag;
  stampedNotSaved?: Flag;
  signatureOfdFileId?: string;
  stampedFileId?: string;
  mustUpload?: Flag;
  canUpload?: Flag;
  canDownload?: Flag;
  canView?: Flag;
  canDel?: Flag;
  canCover?: Flag;
  /** The caller may edit the record's archive: problem marks and stamping. */
  canEdit?: Flag;
  nodePath?: string;
  dataId?: string;
  fileCatalogId?: string;
  createTime?: string;
  createUserName?: string;
}

/** The spec's limits (000 §5, §9). */
export const UPLOAD_LIMIT_MB = 500;
export const COVER_UPLOAD_LIMIT = 1;
export const PROBLEM_UPLOAD_LIMIT = 5;
export const ARCHIVE_PAGE_SIZE = 100;
export const TREE_RELOAD_THROTTLE_MS = 600;
export const ACCEPTED_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'bmp',
  'gif',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
] as const;

/**
 * The fileType of preparation files (blade/'s FILE_TYPE_PREPARATION): the missing-file actions are never offered for
 * them (spec 000 §2), and blade/ refuses them too.
 */
export const PREPARATION_FILE_TYPE = '1';

export type FileAction =
  | 'upload'
  | 'markMissing'
  | 'unmarkMissing'
  | 'download'
  | 'preview'
  | 'delete'
  | 'markIssue'
  | 'cover'
  | 'markCorrect'
  | 'stamp'
  | 'history';

/** Which screen the file table is on: missing-file actions exist only on the archive query view (/documents/query). */
export interface ActionContext {
  queryView: boolean;
  /** The configurable buttons the page offers; absent: all of them. */
  buttons?: ReadonlyArray<FileAction>;
}

function offered(ctx: ActionContext, action: FileAction): boolean {
  return !ctx.buttons || ctx.buttons.includes(action);
}

/**
 * The actions a stored file's row shows, from the row's own flags (which the server also enforces). Marking a problem,
 * qualifying one and stamping change the record's archive: canEdit.
 */
export function fileActions(row: FileRow, ctx: ActionContext): FileAction[] {
  const actions: FileAction[] = [];
  const add = (action: FileAction, when: boolean) => {
    if (when && offered(ctx, action)) actions.push(action);
  };
  const isFile = row.isFile === undefined || row.isFile === null ? true : flag(row.isFile);
  if (!isFile) return actions;
  add('preview', flag(row.canView));
  add('download', flag(row.canDownload));
  add('cover', flag(row.canCover));
  add('delete', flag(row.canDel));
  const edit = flag(row.canEdit);
  add('markIssue', edit && !flag(row.hasProblem));
  add('markCorrect', edit && flag(row.hasProblem));
  add('stamp', edit && flag(row.needStamped) && !flag(row.isStamped));
  add('history', true);
  return actions;
}

/**
 * The node-level actions: upload, and on the query view only the missing-file pair (never for preparation files),
 * which is an edit of the record's archive (canEdit).
 */
export function nodeActions(node: CatalogNode, ctx: ActionContext): FileAction[] {
  const actions: FileAction[] = [];
  if (flag(node.canUpload) && offered(ctx, 'upload')) actions.push('upload');
  if (ctx.queryView && flag(node.canEdit) && node.fileType !== PREPARATION_FILE_TYPE) {
    const missing = flag(node.isMissing);
    if (!missing && offered(ctx, 'markMissing')) actions.push('markMissing');
    if (missing && offered(ctx, 'unmarkMissing')) actions.push('unmarkMissing');
  }
  return actions;
}

export type CatalogAction = 'addNode' | 'remark' | 'rename' | 'removeNode';

/**
 * The catalogue editing actions of a node of the record's tree, from the server's flags (which it enforces too): a
 * child where canAddAppNode, and where the caller may edit (canEdit) a remark on any node, rename and removal only of
 * the nodes the record added.
 */
export function catalogActions(node: CatalogNode): CatalogAction[] {
  const actions: CatalogAction[] = [];
  if (flag(node.canAddAppNode)) actions.push('addNode');
  if (!flag(node.canEdit)) return actions;
  actions.push('remark');
  if (flag(node.isAppNode)) actions.push('rename', 'removeNode');
  return actions;
}

function positive(value: number | string | null | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** How many more files the node takes; Infinity when canMultiUpload sets no limit. */
export function remainingSlots(node: CatalogNode, currentCount: number): number {
  const max = positive(node.canMultiUpload);
  if (max === 0) return Infinity;
  if (flag(node.uploadLimitReached)) return 0;
  return Math.max(0, max - currentCount);
}

/** The files directly in the node, as the server counted them (fileCount also counts the subtree). */
export function directFileCount(node: CatalogNode): number {
  return Number(node.nodeFileCount ?? node.fileCount ?? 0);
}

export type UploadKind = 'archive' | 'cover' | 'problem';

export interface UploadLimits {
  /** Most files in this upload. */
  maxFiles: number;
  /** Most megabytes per file. */
  maxFileSizeMb: number;
}

/** The limits of one upload: the node's canMultiUpload and maxFileSize, cover 1 file, problem replacement 5. */
export function uploadLimits(
  kind: UploadKind,
  node: CatalogNode | undefined,
  currentCount: number,
): UploadLimits {
  const nodeMb = positive(node?.maxFileSize);
  const maxFileSizeMb = nodeMb > 0 ? Math.min(nodeMb, UPLOAD_LIMIT_MB) : UPLOAD_LIMIT_MB;
  if (kind === 'cover') return { maxFiles: COVER_UPLOAD_LIMIT, maxFileSizeMb };
  if (kind === 'problem') return { maxFiles: PROBLEM_UPLOAD_LIMIT, maxFileSizeMb };
  return { maxFiles: node ? remainingSlots(node, currentCount) : Infinity, maxFileSizeMb };
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A file's format as the tables show it: the stored suffix, else the name's extension, lower-case. */
export function formatOf(row: Pick<FileRow, 'suffix' | 'originalFilename'>): string {
  return (row.suffix || extensionOf(row.originalFilename)).toLowerCase();
}

export type UploadProblem =
  | { key: 'tooMany'; n: number }
  | { key: 'tooLarge'; n: number }
  | { key: 'badExtension'; n: string }
  | { key: 'empty' };

/**
 * Checks picked files before anything is sent, in the spec's order: the count (上传限制：不超过{n}个文件), then each
 * file's size (文件大小不超过{n}M), then the extension. The server checks all of it again while streaming.
 */
export function checkUpload(
  files: ReadonlyArray<{ name: string; size: number }>,
  limits: UploadLimits,
): UploadProblem | null {
  if (files.length === 0) return { key: 'empty' };
  if (files.length > limits.maxFiles) return { key: 'tooMany', n: limits.maxFiles };
  for (const file of files) {
    if (file.size > limits.maxFileSizeMb * 1024 * 1024) return { key: 'tooLarge', n: limits.maxFileSizeMb };
  }
  for (const file of files) {
    const ext = extensionOf(file.name);
    if (!(ACCEPTED_EXTENSIONS as ReadonlyArray<string>).includes(ext))
      return { key: 'badExtension', n: ext || '—' };
  }
  return null;
}

/** Files that are files, need stamping and are not stamped yet (spec 000 §2). */
export function collectNotStamped(rows: ReadonlyArray<FileRow>): FileRow[] {
  return rows.filter((row) => flag(row.isFile ?? 1) && flag(row.needStamped) && !flag(row.isStamped));
}

export type PreviewKind = 'image' | 'pdf' | 'office' | 'none';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'bmp', 'gif']);
const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx']);

export function previewKind(row: Pick<FileRow, 'suffix' | 'originalFilename'>): PreviewKind {
  const ext = formatOf(row).replace(/^\./, '');
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (OFFICE_EXTENSIONS.has(ext)) return 'office';
  return 'none';
}

/**
 * Leading-edge throttle with a trailing call: the first reload runs at once, calls inside the window collapse into
 * one run at its end, so a burst of tree changes costs at most two loads per window.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const elapsed = Date.now() - last;
    if (elapsed >= waitMs && !timer) {
      run(args);
      return;
    }
    pending = args;
    if (!timer) {
      timer = setTimeout(
        () => {
          timer = undefined;
          if (pending) {
            const next = pending;
            pending = undefined;
            run(next);
          }
        },
        Math.max(0, waitMs - elapsed),
      );
    }
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}

/** Byte sizes in units B to YB with 2 decimals; negative gives '--' (spec 000 §5). */
export function formatBytes(bytes: number | undefined | null): string {
  if (bytes === undefined || bytes === null || !Number.isFinite(bytes)) return '';
  if (bytes < 0) return '--';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
