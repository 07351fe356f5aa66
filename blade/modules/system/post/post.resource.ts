import type { CrudHooks } from '../../../core/crud';
import { liveSortedRows } from '../../../db/live-rows';
import type { PostRow } from '../../../db/schema';
import type { Db } from '../../../db/tenant';

const POST_CATEGORIES: Record<number, string> = { 1: '高层', 2: '中层', 3: '基层', 4: '其他' };

/** What the post definition does not say: the category's name in the answer, and a post's roles go with it. */
export const postHooks: CrudHooks = {
  present: (row) => ({
    tenantId: row.tenant_id,
    categoryName: POST_CATEGORIES[row.category as number] ?? '',
  }),
  async afterRemove({ trx, auth }, ids) {
    await trx
      .deleteFrom('blade_post_role')
      .where('tenant_id', '=', auth.tenantId)
      .where('post_id', 'in', ids)
      .execute();
  },
};

export async function findPosts(db: Db, tenantId: string, ids: string[]): Promise<PostRow[]> {
  return liveSortedRows(db, 'blade_post', tenantId, ids);
}
