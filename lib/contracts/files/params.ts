import { z } from '../../zod';
import { idListOf, textParams } from '../inputs';

/**
 * The parameters of the files module's calls (lib/contracts/files/*.actions.ts), read as text as the tree's screens
 * and the upload forms send them.
 */

/** A stored file's id: 32 lowercase hex digits (getUUID's form). */
export const FILE_ID = /^[0-9a-f]{32}$/;
const fileId = z.string({ error: '必须是有效的文件ID' }).trim().regex(FILE_ID, '必须是有效的文件ID');

/** A list call's `ids`: 1 to 500 file ids (missing: the list's own "choose one" refusal). */
export const fileIdList = z.preprocess((ids) => ids ?? '', idListOf(FILE_ID, '必须是有效的文件ID', 500));

/** The record whose tree it is: the function (business type) and the record's id in it. */
export const recordText = z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(64, '不能为空');
export const RECORD = { functionCode: recordText, dataId: recordText };

/** An id that may be left out (blank counts as left out), else must match `pattern`. */
export const optionalId = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((id) => id || undefined)
    .refine((id) => id === undefined || pattern.test(id), message)
    .optional();

/** A node's id; `0` names the roots' parent (a library node's `parentId`). */
export const NODE_ID = /^\d{1,19}$/;
export const nodeId = z.string({ error: '必须是有效的ID' }).trim().regex(NODE_ID, '必须是有效的ID');

/**
 * A tree level, a node's files and a history keep their own order: only the page is the caller's; a sort asked for is
 * refused by the list's allowlist, which is empty (blade/modules/files/list-request.ts).
 */
const text = z.string().optional();
export const PAGING = { current: text, size: text, ascs: text, descs: text };

/**
 * Text parameters with an id under `field`, which a client may also send as `id` (an empty `field` counts as absent);
 * `before` is checked before the id and `after` after it, so a refusal names the first wrong field of the form.
 */
function withIdAlias<F extends string, B extends z.ZodRawShape, A extends z.ZodRawShape>(
  field: F,
  idSchema: z.ZodType<string>,
  before: B,
  after: A,
) {
  return textParams(
    z.preprocess(
      (params) => {
        const given = params as Record<string, string>;
        return { ...given, [field]: given[field] || given.id };
      },
      z.object({ ...before, [field]: idSchema, ...after } as B & Record<F, z.ZodType<string>> & A),
    ),
  );
}

/** A call on one node of a record's tree: the record, then the node under `field` or `id`, then `shape`. */
export const onNode = <F extends string, T extends z.ZodRawShape>(field: F, shape: T) =>
  withIdAlias(field, nodeId, RECORD, shape);

/** A call on one file: `fileId` (or the file's id under `field`), also sent as `id`, then `shape`. */
export const onFile = <T extends z.ZodRawShape, F extends string = 'fileId'>(
  shape: T,
  field = 'fileId' as F,
) => withIdAlias(field, fileId, {}, shape);

/**
 * Who may call a files call: every signed-in user. What may be done with a record's tree or a file is decided per
 * record and per file (the business record's own access, blade/core/record-access.ts, and the node's rules), so the
 * handler refuses, not the permission code.
 */
export const byRecordAccess = {};
