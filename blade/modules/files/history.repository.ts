import type { AuthUser } from '../../core/context';
import { nextId } from '../../core/ids';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileRow } from './file.repository';

export type FileAction =
  | 'upload'
  | 'download'
  | 'view'
  | 'delete'
  | 'cover'
  | 'problem'
  | 'qualified'
  | 'replace'
  | 'missing'
  | 'unmissing'
  | 'stamp'
  | 'stamp-save'
  | 'stamp-cancel'
  | 'add-node'
  | 'rename'
  | 'remark'
  | 'remove-node';

export interface HistoryEntry {
  fileId?: string | null;
  dataId?: string | null;
  fileCatalogId?: string | null;
  action: FileAction;
  detail?: string;
}

/** Records who did what to which file or node; written in the same transaction as the change itself. */
export async function recordHistory(
  trx: Transaction<Database>,
  auth: Pick<AuthUser, 'tenantId' | 'userId' | 'account'>,
  entry: HistoryEntry,
): Promise<void> {
  await trx
    .insertInto('blade_file_history')
    .values({
      id: nextId(),
      tenant_id: auth.tenantId,
      file_id: entry.fileId ?? null,
      data_id: entry.dataId ?? null,
      file_catalog_id: entry.fileCatalogId ?? null,
      action: entry.action,
      detail: (entry.detail ?? '').slice(0, 1000),
      user_id: auth.userId,
      account: auth.account.slice(0, 45),
    })
    .execute();
}

/** Records an action on one stored file, under the record and node the file belongs to. */
export function recordFileHistory(
  trx: Transaction<Database>,
  auth: Pick<AuthUser, 'tenantId' | 'userId' | 'account'>,
  file: Pick<FileRow, 'id' | 'data_id' | 'file_catalog_id'>,
  action: FileAction,
  detail?: string,
): Promise<void> {
  return recordHistory(trx, auth, {
    fileId: file.id,
    dataId: file.data_id,
    fileCatalogId: file.file_catalog_id,
    action,
    detail,
  });
}
