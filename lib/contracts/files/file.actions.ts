import { z } from '../../zod';
import { defineAction } from '../action';
import { textParams } from '../inputs';
import {
  byRecordAccess,
  FILE_ID,
  fileIdList,
  nodeId,
  onFile,
  optionalId,
  PAGING,
  recordText,
} from './params';

/**
 * The files module's calls on stored files that answer JSON (blade/modules/files/file.routes.ts): a file's fields and
 * download key, the same node's files, removal, problem marks, missing marks and the history. Uploads, downloads,
 * previews and stamping stream bytes and stay hand-written at their calls. Open to every signed-in user, refused per
 * record and per file.
 */
const RESOURCE = '/blade-resource/file';
const read = { access: byRecordAccess, writes: false } as const;
const write = { access: byRecordAccess, writes: true } as const;

/** A new 32-character file id (an upload form names its file before sending it). */
export const fileNewId = defineAction({
  name: 'getUUID',
  call: { method: 'GET', path: `${RESOURCE}/getUUID` },
  input: z.object({}),
  ...read,
});

/** The file's fields (an avatar, an attachment): 404 for another tenant's id. */
export const fileById = defineAction({
  name: 'getFileById',
  call: { method: 'GET', path: `${RESOURCE}/getFileById` },
  input: onFile({}),
  ...read,
});

/** A download key for this user and file, valid 5 minutes, for a caller who may read the file's record now. */
export const fileAuthKey = defineAction({
  name: 'getFileAuthKey',
  call: { method: 'GET', path: `${RESOURCE}/getFileAuthKey` },
  input: onFile({}),
  ...read,
});

/** The files of the same node and record as this one. */
export const fileSiblings = defineAction({
  name: 'selectFileListByFile',
  call: { method: 'GET', path: '/blade-combusiness/file/selectFileListByFile' },
  input: onFile({}),
  ...read,
});

/** Removes one file (the node's canDel; a plain file: its uploader or an administrator). */
export const fileRemoveOne = defineAction({
  name: 'delFileById',
  call: { method: 'POST', path: `${RESOURCE}/delFileById` },
  input: onFile({}),
  ...write,
});

/** Removes several files, all or none; staff and the company's side call it under their own service. */
const removeFiles = (service: string) =>
  defineAction({
    name: 'remove',
    call: { method: 'POST', path: `/${service}/file/remove` },
    input: textParams(z.object({ ids: fileIdList })),
    ...write,
  });
export const fileRemove = removeFiles('blade-resource');
export const companyFileRemove = removeFiles('blade-combusiness');

/** Marks a problem (0→1, its description required) or, after replacements were uploaded, qualifies it (1→0). */
const problemInput = onFile({
  hasProblem: z.enum(['0', '1'], { error: '必须为0或1' }),
  problemRemark: z.string().trim().max(500, '长度不能超过500').default(''),
}).superRefine((input, ctx) => {
  if (input.hasProblem === '1' && !input.problemRemark)
    ctx.addIssue({ code: 'custom', path: ['problemRemark'], message: '请输入问题描述' });
});
const markProblem = (service: string) =>
  defineAction({
    name: 'updateFileById',
    call: { method: 'POST', path: `/${service}/file/updateFileById` },
    input: problemInput,
    ...write,
  });
export const fileMarkProblem = markProblem('blade-resource');
export const companyFileMarkProblem = markProblem('blade-combusiness');

/**
 * Marks a node's file missing (saveMissing, isMissing 0→1) or lifts the mark (deleteMissing, 1→0), in the query view
 * (businessType=1) only; functionCode may be left out when the node names its function. The view and the flag are
 * the call's own, checked by blade/ (a refusal worded with the flag's value).
 */
const missingInput = textParams(
  z.object({
    businessType: z.string().optional(),
    isMissing: z.string().optional(),
    dataId: recordText,
    fileCatalogId: nodeId,
    functionCode: z
      .string()
      .trim()
      .transform((code) => code || undefined)
      .optional(),
  }),
);
export const fileSaveMissing = defineAction({
  name: 'saveMissing',
  call: { method: 'POST', path: `${RESOURCE}/saveMissing` },
  input: missingInput,
  ...write,
});
export const fileDeleteMissing = defineAction({
  name: 'deleteMissing',
  call: { method: 'POST', path: `${RESOURCE}/deleteMissing` },
  input: missingInput,
  ...write,
});

/** Who did what, newest first: of one file (`fileId`, a removed one too), or of a record's node. */
export const fileHistory = defineAction({
  name: 'history',
  call: { method: 'GET', path: `${RESOURCE}/history` },
  input: textParams(
    z.object({
      fileId: optionalId(FILE_ID, '必须是有效的文件ID'),
      dataId: z.string().trim().optional(),
      fileCatalogId: z.string().trim().optional(),
      functionCode: z.string().trim().optional(),
      ...PAGING,
    }),
  ),
  ...read,
});

export const FILE_ACTIONS = [
  fileNewId,
  fileById,
  fileAuthKey,
  fileSiblings,
  fileRemoveOne,
  fileRemove,
  companyFileRemove,
  fileMarkProblem,
  companyFileMarkProblem,
  fileSaveMissing,
  fileDeleteMissing,
  fileHistory,
] as const;
