import { z } from 'zod';
import { ValidationError } from '../../core/errors';
import { FILE_ID, fileIdList } from '../../../lib/contracts/files/params';

/** A file id from `field` (or `id`), else 400 on that field. */
export function fileIdOf(input: Record<string, string>, field = 'fileId'): string {
  const id = (input[field] || input.id || '').trim();
  if (!FILE_ID.test(id)) throw new ValidationError(field, '必须是有效的文件ID');
  return id;
}

const fileIds = z.object({ ids: fileIdList });

/** A comma-separated list of 1 to 500 file ids (a list call's `ids`): the declared calls' rule (files/params.ts). */
export function fileIdsOf(raw: string | undefined): string[] {
  return fileIds.parse({ ids: raw }).ids;
}
