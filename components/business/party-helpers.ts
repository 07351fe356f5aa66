import type { CrudApi } from '@/components/crud/crud-screen';
import type { ResourceDef } from '@/lib/contracts/resource';
import { api } from './screen-helpers';

/**
 * The screen's calls of a definition that adds and edits through separate calls (`calls.add` + `calls.update`:
 * customer add/update, team saveTeam/updateTeam, message save/update). ResourceScreen passes `submit` only, and the
 * add-only call refuses an id, so an edit would fail there: these screens give CrudScreen the whole api with
 * `update`, which it posts edits to.
 */
export function splitWriteApi(def: ResourceDef): CrudApi {
  return {
    list: api(def.calls.list.path),
    listMethod: def.calls.list.method,
    ...(def.calls.detail ? { detail: api(def.calls.detail.path) } : {}),
    submit: api((def.calls.add ?? def.calls.submit).path),
    ...(def.calls.update ? { update: api(def.calls.update.path) } : {}),
    remove: api(def.calls.remove.path),
  };
}
