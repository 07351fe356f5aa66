import type { AuthUser, Deps } from '../../core/context';
import { ForbiddenError } from '../../core/errors';
import {
  recordGate,
  type RecordAction,
  type RecordGate,
  type RecordKey,
  type RecordOwner,
  type RecordRights,
} from '../../core/record-access';
import type { Trx } from '../../db/tenant';
import { isTenantAdmin } from '../../core/roles';
import type { FileRow } from './file.repository';

/**
 * The archive screens' codes (seeded menus: 档案查询, 档案目录 and the latter's buttons): the rule for a function no
 * business module has registered an owner for (core/record-access.ts).
 */
export const ARCHIVE_CODES = {
  read: ['archive_tree', 'archive_query'],
  upload: ['archive_upload'],
  edit: ['archive_edit'],
  delete: ['archive_delete'],
} as const;

export const ARCHIVE_SCREENS: RecordOwner = { codes: ARCHIVE_CODES };

export const MSG_FILE_NOT_FOUND = '文件不存在';
export const MSG_NODE_NOT_FOUND = '目录不存在';

/** The record a stored file belongs to; undefined for plain files (avatars, attachments, seals). */
export function recordOfFile(file: FileRow): RecordKey | undefined {
  return file.function_code && file.data_id
    ? { functionCode: file.function_code, dataId: file.data_id }
    : undefined;
}

/** Every file and catalogue call's access check, for one request. */
export class FileAccess {
  constructor(
    private readonly gate: RecordGate,
    private readonly auth: AuthUser,
  ) {}

  /** A call that names a record (functionCode + dataId): its tree, its nodes, an upload into it. */
  record(trx: Trx, record: RecordKey, action: RecordAction, notFound = MSG_NODE_NOT_FOUND): Promise<void> {
    return this.gate.demand(trx, record, action, notFound);
  }

  /**
   * What the caller may do to a record's files, for the flags of the answers about it (catalog.service.ts
   * callerRules). Asked once per call, after `record(…, 'read')` let the caller in.
   */
  rights(trx: Trx, record: RecordKey): Promise<RecordRights> {
    return this.gate.rights(trx, record);
  }

  /**
   * A call that names a stored file: the rule of the record the file belongs to. A plain file belongs to no record:
   * the tenant's users read it (avatars are shown to everyone), its uploader or an administrator changes it, and the
   * tenant's seal is its administrators' alone (seal.routes.ts).
   */
  async file(trx: Trx, file: FileRow, action: RecordAction): Promise<void> {
    const record = recordOfFile(file);
    if (record) return this.gate.demand(trx, record, action, MSG_FILE_NOT_FOUND);
    const admin = isTenantAdmin(this.auth);
    if (file.kind === 'seal' && !admin) throw new ForbiddenError();
    if (action !== 'read' && !admin && file.create_user !== this.auth.userId)
      throw new ForbiddenError(action === 'delete' ? '只能删除自己上传的文件' : '只能修改自己上传的文件');
  }
}

/** Reads the caller's codes (outside any transaction, or in the call's `trx`) and returns the request's checks. */
export async function fileAccess(deps: Deps, auth: AuthUser, trx?: Trx): Promise<FileAccess> {
  return new FileAccess(await recordGate(deps, auth, ARCHIVE_SCREENS, trx), auth);
}
