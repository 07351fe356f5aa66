import type { CallDef } from './resource';

/**
 * GET calls of the catalogue that change state (the spec fixes their method): the proxy asks them for the same
 * same-origin proof as a POST, so a link or an image on another site cannot make them. An action declared with
 * `method: 'GET'` and `writes: true` (lib/contracts/action.ts) belongs here too; these are the calls served by
 * hand-written routes so far.
 */
export const WRITING_GET_CALLS: readonly CallDef[] = [
  // Stamps a new copy of the file and marks the original as having an unsaved stamped copy.
  { method: 'GET', path: '/blade-resource/file/signatureDocument' },
  // With forceUpload=1 it drops the unsaved stamped copy.
  { method: 'GET', path: '/blade-resource/file/viewOfd' },
  { method: 'GET', path: '/blade-cqst/certExpireAlert/deleteCertConfig' },
  { method: 'GET', path: '/blade-cqst/certExpireAlert/updateCertConfigStatus' },
];

const writingGetPaths = new Set(WRITING_GET_CALLS.map((call) => call.path));

/** Whether a call changes state although its method is GET (`path` without `/api`). */
export function writesOnGet(path: string): boolean {
  return writingGetPaths.has(path);
}
