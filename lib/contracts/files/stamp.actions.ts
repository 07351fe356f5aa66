import { z } from '../../zod';
import { defineAction } from '../action';

/**
 * The stamping calls of the files module that the spec fixes as GET although they write: the proxy asks them for the
 * same same-origin proof as a POST (lib/contracts/writing-calls.ts). blade/ serves them by hand
 * (blade/modules/files/stamp.routes.ts): what may be done with a file is decided per file there, so every signed-in
 * user may call them and the handler refuses; the file id is read there too (fileId, or id).
 */
const fileIdInput = z.object({ fileId: z.string().optional(), id: z.string().optional() });

/** `file/signatureDocument?fileId`: stamps the file with the tenant's seal; a stamped copy, not yet saved. */
export const fileSignatureDocument = defineAction({
  name: 'signatureDocument',
  call: { method: 'GET', path: '/blade-resource/file/signatureDocument' },
  input: fileIdInput,
  access: {},
  writes: true,
  // An Office file is converted to PDF first (LibreOffice, up to two minutes).
  timeout: 'long',
});

/** `file/viewOfd?fileId&forceUpload`: what the signing viewer shows; forceUpload=1 drops the unsaved stamped copy. */
export const fileViewOfd = defineAction({
  name: 'viewOfd',
  call: { method: 'GET', path: '/blade-resource/file/viewOfd' },
  input: fileIdInput.extend({ forceUpload: z.string().optional() }),
  access: {},
  writes: true,
  timeout: 'long',
});
