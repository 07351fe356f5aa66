/**
 * The file and catalogue calls of spec 001 §7.3, exactly at the paths of calls.tsv. Every browser call goes through
 * `bladeRequest` (or `uploadWithProgress` for bodies with progress); downloads open the proxy's downloadById URL.
 */
import {
  catalogAddNode,
  catalogNodeFiles,
  catalogRemoveNode,
  catalogRenameNode,
  catalogSetRemark,
  catalogTreeLevel,
} from '@/lib/contracts/files/catalog.actions';
import {
  fileAuthKey as authKeyAction,
  fileById,
  fileDeleteMissing,
  fileHistory,
  fileMarkProblem,
  fileNewId,
  fileRemove,
  fileRemoveOne,
  fileSaveMissing,
} from '@/lib/contracts/files/file.actions';
import {
  fileSignatureDocument,
  fileUpdateStamped,
  fileViewOfd,
  sealInfo,
  sealRemove,
} from '@/lib/contracts/files/stamp.actions';
import { bladeRequest, buildUrl, proxied } from '@/lib/client/fetcher';
import { withBasePath } from '@/lib/client/navigation';
import type { CatalogNode, FileRow } from './model';
import { uploadWithProgress, type UploadOptions } from './upload';

const RESOURCE = '/api/blade-resource';

/** The JSON calls are declared actions (lib/contracts/files/*.actions.ts); the byte streams are blade/'s own routes. */
export const FILE_PATHS = {
  upload: `${RESOURCE}/file/uploadFile`,
  cover: `${RESOURCE}/file/coverUploadFile`,
  delById: proxied(fileRemoveOne.call),
  uuid: proxied(fileNewId.call),
  byId: proxied(fileById.call),
  authKey: proxied(authKeyAction.call),
  download: `${RESOURCE}/file/downloadById`,
  /** files-api's inline view: images and PDF as stored, Office files converted to PDF (LibreOffice, cached). */
  preview: `${RESOURCE}/file/preview`,
  remove: proxied(fileRemove.call),
  update: proxied(fileMarkProblem.call),
  saveMissing: proxied(fileSaveMissing.call),
  deleteMissing: proxied(fileDeleteMissing.call),
  viewOfd: proxied(fileViewOfd.call),
  signature: proxied(fileSignatureDocument.call),
  updateStamped: proxied(fileUpdateStamped.call),
  history: proxied(fileHistory.call),
  tree: proxied(catalogTreeLevel.call),
  nodeFiles: proxied(catalogNodeFiles.call),
  addNode: proxied(catalogAddNode.call),
  remark: proxied(catalogSetRemark.call),
  rename: proxied(catalogRenameNode.call),
  removeNode: proxied(catalogRemoveNode.call),
} as const;

/** The tenant's seal for the built-in signer (blade/modules/files/seal.routes.ts; tenant administrators). */
export const SEAL_PATHS = {
  info: proxied(sealInfo.call),
  image: `${RESOURCE}/file/sealImage`,
  upload: `${RESOURCE}/file/uploadSeal`,
  remove: proxied(sealRemove.call),
} as const;

export const CONFIG_PATHS = {
  function: `${RESOURCE}/fileFunction`,
  catalog: `${RESOURCE}/fileCatalog`,
  preset: `${RESOURCE}/filePreset`,
} as const;

/** The business record whose archive is shown: the function (e.g. a contract) and the record's id. */
export interface ArchiveRecord {
  functionCode: string;
  dataId: string;
}

/** Children of one catalogue node (parentId 0: the roots), with fileCount and isLeaf, for lazy trees. */
export async function loadCatalog(record: ArchiveRecord, parentId = '0'): Promise<CatalogNode[]> {
  // One level, up to the server's page cap: a level wider than 500 nodes is not a catalogue anyone browses.
  const { data } = await bladeRequest<CatalogNode[] | { records: CatalogNode[] }>(FILE_PATHS.tree, {
    params: { ...record, parentId, current: 1, size: 500 },
  });
  return Array.isArray(data) ? data : (data?.records ?? []);
}

/** Adds a node of this record's own under `parentId` (the parent needs canAddAppNode). */
export function addCatalogNode(record: ArchiveRecord, parentId: string, catalogName: string) {
  return bladeRequest<CatalogNode>(FILE_PATHS.addNode, {
    method: 'POST',
    body: { ...record, parentId, catalogName },
  });
}

export function setCatalogRemark(record: ArchiveRecord, id: string, remark: string) {
  return bladeRequest(FILE_PATHS.remark, { method: 'POST', body: { ...record, id, remark } });
}

export function renameCatalogNode(record: ArchiveRecord, id: string, catalogName: string) {
  return bladeRequest(FILE_PATHS.rename, { method: 'POST', body: { ...record, id, catalogName } });
}

export function removeCatalogNode(record: ArchiveRecord, id: string) {
  return bladeRequest(FILE_PATHS.removeNode, { method: 'POST', body: { ...record, id } });
}

export interface FilePage {
  records: FileRow[];
  total: number;
}

/** The files of one catalogue node, a page at a time. */
export async function loadNodeFiles(
  record: ArchiveRecord,
  fileCatalogId: string,
  current = 1,
  size = 100,
): Promise<FilePage> {
  const { data } = await bladeRequest<FileRow[] | FilePage>(FILE_PATHS.nodeFiles, {
    params: { ...record, fileCatalogId, current, size },
  });
  if (Array.isArray(data)) return { records: data, total: data.length };
  return { records: data?.records ?? [], total: data?.total ?? 0 };
}

export function uploadArchiveFile(
  record: ArchiveRecord,
  fileCatalogId: string,
  file: File,
  options: UploadOptions,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('fileCatalogId', fileCatalogId);
  form.append('dataId', record.dataId);
  form.append('functionCode', record.functionCode);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  // The file goes last so the server knows every field before the bytes start streaming.
  form.append('file', file);
  return uploadWithProgress<FileRow>(FILE_PATHS.upload, form, options);
}

export function uploadCover(fileId: string, file: File, options: UploadOptions) {
  const form = new FormData();
  form.append('fileId', fileId);
  form.append('file', file);
  return uploadWithProgress<FileRow>(FILE_PATHS.cover, form, options);
}

export function removeFiles(ids: string[]) {
  return bladeRequest(FILE_PATHS.remove, { method: 'POST', params: { ids: ids.join(',') } });
}

export function updateProblem(id: string, hasProblem: 0 | 1, problemRemark: string) {
  return bladeRequest(FILE_PATHS.update, { method: 'POST', body: { id, hasProblem, problemRemark } });
}

export function setMissing(record: ArchiveRecord, fileCatalogId: string, isMissing: boolean) {
  return bladeRequest(isMissing ? FILE_PATHS.saveMissing : FILE_PATHS.deleteMissing, {
    method: 'POST',
    body: { businessType: 1, dataId: record.dataId, fileCatalogId, isMissing: isMissing ? 1 : 0 },
  });
}

/** A short-lived key bound to the file, the tenant and the user; never a token in the URL. */
export async function fileAuthKey(fileId: string): Promise<string> {
  const { data } = await bladeRequest<string | { authKey: string }>(FILE_PATHS.authKey, {
    params: { fileId },
  });
  return typeof data === 'string' ? data : data.authKey;
}

/** The proxy URL of a file's bytes as an attachment (downloadById, isDownload=1) or for inline viewing (preview). */
export async function fileUrl(fileId: string, isDownload: boolean): Promise<string> {
  const authKey = await fileAuthKey(fileId);
  const url = isDownload
    ? buildUrl(FILE_PATHS.download, { id: fileId, isDownload: 1, authKey })
    : buildUrl(FILE_PATHS.preview, { id: fileId, authKey });
  return withBasePath(url);
}

export async function downloadFile(fileId: string): Promise<void> {
  const url = await fileUrl(fileId, true);
  // The spec opens downloads in a new window; noopener keeps the opener out of the file's page.
  window.open(url, '_blank', 'noopener');
}

/** A stamped copy waiting for confirmation: the viewer shows it, updateStamped saves or drops it. */
export interface StampedCopy {
  stampedFileId: string;
}

/**
 * The copy to show in the signing viewer: a pending (unsaved) copy is reopened through viewOfd; otherwise
 * signatureDocument places the tenant's seal on a new copy (the original is kept).
 */
export async function startSigning(fileId: string, pending: boolean): Promise<StampedCopy> {
  if (pending) {
    const { data } = await bladeRequest<{ viewFileId: string; signatureOfdFileId: string }>(
      FILE_PATHS.viewOfd,
      {
        params: { fileId, forceUpload: 0 },
      },
    );
    if (data.signatureOfdFileId) return { stampedFileId: data.signatureOfdFileId };
  }
  const { data } = await bladeRequest<StampedCopy>(FILE_PATHS.signature, { params: { fileId } });
  return { stampedFileId: data.stampedFileId };
}

/** Finish (isSaveStamped 1) or cancel (0) a signing. */
export function updateStamped(stampedFileId: string, isSaveStamped: boolean) {
  return bladeRequest(FILE_PATHS.updateStamped, {
    method: 'POST',
    body: { stampedFileId, isSaveStamped: isSaveStamped ? 1 : 0 },
  });
}

export interface FileHistoryEntry {
  id: string;
  action: string;
  account?: string;
  createTime: string;
  detail?: string;
}

export async function loadHistory(fileId: string): Promise<FileHistoryEntry[]> {
  const { data } = await bladeRequest<FileHistoryEntry[] | { records: FileHistoryEntry[] }>(
    FILE_PATHS.history,
    {
      params: { fileId, current: 1, size: 100 },
    },
  );
  return Array.isArray(data) ? data : (data?.records ?? []);
}
