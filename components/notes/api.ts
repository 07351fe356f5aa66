/**
 * The notes calls (lib/contracts/notes/notes.ts) as the portal makes them, through the one fetcher: a refusal is thrown
 * as a BladeError after the fetcher's toast has shown the server's words.
 */
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { mySharePage } from '@/lib/contracts/system/my.actions';
import {
  NOTE_CALLS,
  type Authority,
  type NoteAuthAnswer,
  type NoteAuthVO,
  type NoteContentVO,
  type NoteNodeVO,
  type NoteTreeVO,
  type NoteVersionsAnswer,
  type ShareTarget,
} from '@/lib/contracts/notes/notes';

export const NOTE_TREE_KEY = proxied(NOTE_CALLS.tree);
export const SHARE_USERS = proxied(mySharePage.call);

const post = async <T>(call: { path: string }, body: Record<string, unknown>) =>
  (await bladeRequest<T>(proxied(call), { method: 'POST', body })).data;

export const loadTree = () => post<NoteTreeVO>(NOTE_CALLS.tree, {});
export const loadContent = async (id: string) =>
  (await bladeRequest<NoteContentVO>(proxied(NOTE_CALLS.content), { params: { id } })).data;
export const saveCatalog = (parentId: string, name: string) =>
  post<NoteNodeVO>(NOTE_CALLS.saveCatalog, { parentId, name });
export const saveNote = (parentId: string, name: string) =>
  post<NoteNodeVO>(NOTE_CALLS.saveNote, { parentId, name, content: '' });
export const rename = (id: string, name: string) => post(NOTE_CALLS.modifyName, { id, name });
/** `version`: the one the editor loaded; a newer one on the server refuses the save (STALE_VERSION). */
export const saveContent = (id: string, content: string, version: number) =>
  post<NoteContentVO>(NOTE_CALLS.saveContent, { id, content, version });
/** The envelope code of a save or restore from a version that is no longer the current one. */
export const STALE_VERSION = 409;
export const loadVersions = async (id: string) =>
  (await bladeRequest<NoteVersionsAnswer>(proxied(NOTE_CALLS.versions), { params: { id } })).data;
export const restoreVersion = (id: string, version: number, baseVersion: number) =>
  post<NoteContentVO>(NOTE_CALLS.restoreVersion, { id, version, baseVersion });
export const removeNode = (id: string) => post(NOTE_CALLS.remove, { id });
export const moveNode = (id: string, parentId: string) => post<NoteNodeVO>(NOTE_CALLS.move, { id, parentId });
export const resort = (parentId: string, ids: string[]) =>
  post<string[]>(NOTE_CALLS.resort, { parentId, ids });
export const queryAuth = async (id: string) =>
  (await bladeRequest<NoteAuthAnswer>(proxied(NOTE_CALLS.queryAuth), { params: { id } })).data;
export const updateAuth = (
  id: string,
  auths: { targetType: ShareTarget; targetId: string; authority: Authority }[],
) => post<NoteAuthVO[]>(NOTE_CALLS.updateAuth, { id, auths });

/** One row of the share list (my/page). */
export interface ShareUser {
  id: string;
  account: string;
  realName: string;
  name: string;
  deptName: string;
}

export const shareUsers = async (name: string) =>
  (
    await bladeRequest<{ records: ShareUser[] }>(SHARE_USERS, {
      params: { current: 1, size: 20, name },
    })
  ).data.records;
