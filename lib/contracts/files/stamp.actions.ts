import { z } from '../../zod';
import { defineAction } from '../action';
import { byRecordAccess, onFile } from './params';

/**
 * The stamping calls of the files module (blade/modules/files/stamp.routes.ts). Two of them the spec fixes as GET
 * although they write: the proxy asks them for the same same-origin proof as a POST (lib/contracts/writing-calls.ts).
 * What may be done with a file is decided per file, so every signed-in user may call them and the handler refuses.
 */

/** `file/signatureDocument?fileId`: stamps the file with the tenant's seal; a stamped copy, not yet saved. */
export const fileSignatureDocument = defineAction({
  name: 'signatureDocument',
  call: { method: 'GET', path: '/blade-resource/file/signatureDocument' },
  input: onFile({}),
  access: byRecordAccess,
  writes: true,
  // An Office file is converted to PDF first (LibreOffice, up to two minutes).
  timeout: 'long',
});

/** `file/viewOfd?fileId&forceUpload`: what the signing viewer shows; forceUpload=1 drops the unsaved stamped copy. */
export const fileViewOfd = defineAction({
  name: 'viewOfd',
  call: { method: 'GET', path: '/blade-resource/file/viewOfd' },
  input: onFile({
    forceUpload: z
      .string()
      .optional()
      .transform((v) => v === '1' || v === 'true'),
  }),
  access: byRecordAccess,
  writes: true,
  timeout: 'long',
});

/** Confirms the stamp (isSaveStamped 1: isStamped 0→1) or cancels it (0: the copy is dropped, the original stays). */
export const fileUpdateStamped = defineAction({
  name: 'updateStamped',
  call: { method: 'POST', path: '/blade-resource/file/updateStamped' },
  input: onFile(
    {
      isSaveStamped: z
        .enum(['0', '1', 'true', 'false'], { error: '必须为0或1' })
        .transform((v) => v === '1' || v === 'true'),
    },
    'stampedFileId',
  ),
  access: byRecordAccess,
  writes: true,
});

/**
 * The tenant's seal, which the built-in signer places: its administrators read what is uploaded and remove it (the
 * picture itself is uploaded and shown by blade/'s own streaming routes, uploadSeal and sealImage).
 */
const tenantAdmin = { role: 'admin' } as const;

/** `{custom: 0}` while no seal is uploaded (stamping is then refused), else the uploaded seal's fields. */
export const sealInfo = defineAction({
  name: 'seal',
  call: { method: 'GET', path: '/blade-resource/file/seal' },
  input: z.object({}),
  access: tenantAdmin,
  writes: false,
});

/** No seal any more: stamping is refused until one is uploaded; the picture stays stored, as removed files do. */
export const sealRemove = defineAction({
  name: 'removeSeal',
  call: { method: 'POST', path: '/blade-resource/file/removeSeal' },
  input: z.object({}),
  access: tenantAdmin,
  writes: true,
});
