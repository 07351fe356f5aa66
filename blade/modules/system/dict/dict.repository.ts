import type { Db } from '../../../db/tenant';
import type { DictRow } from '../../../db/schema';

/** The items of one code: its child rows, never the header row (parent_id 0, dict_key -1). */
export async function findDictionary(db: Db, code: string): Promise<DictRow[]> {
  return db
    .selectFrom('blade_dict')
    .selectAll()
    .where('code', '=', code)
    .where('parent_id', '<>', '0')
    .where('dict_key', '<>', '-1')
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
