import { z } from 'zod';
import { ValidationError } from '../../core/errors';
import { idListOf } from '../../../lib/contracts/inputs';
import { FILE_ID } from './file.repository';

/** A file id from `field` (or `id`), else 400 on that field. */
export function fileIdOf(input: Record<string, string>, field = 'fileId'): string {
  const id = (input[field] || input.id || '').trim();
  if (!FILE_ID.test(id)) throw new ValidationError(field, '必须是有效的文件ID');
  return id;
}

const fileIdList = z.object({ ids: idListOf(FILE_ID, '必须是有效的文件ID', 500) });

/** A comma-separated list of 1 to 500 file ids (a list call's `ids`): the one id-list rule, with the files' cap. */
export function fileIdsOf(raw: string | undefined): string[] {
  return fileIdList.parse({ ids: raw ?? '' }).ids;
}
