import type { Deps } from '../../../core/context';
import { dictRouter } from '../dict/dict.routes';

/** Business dictionaries: the dictionary calls on blade_dict_biz, scoped to the caller's tenant (RLS-backed). */
export function dictBizRoutes(deps: Deps) {
  return dictRouter(deps, 'dict-biz');
}
