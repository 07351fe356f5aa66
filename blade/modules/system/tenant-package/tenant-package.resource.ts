import type { Selectable } from 'kysely';
import { tenantPackageResource } from '../../../../lib/contracts/system/tenant-package';
import { toVO, type CrudHooks } from '../../../core/crud';
import { KeyedError } from '../../../core/errors';
import type { TenantPackageTable } from '../../../db/schema';
import type { Db } from '../../../db/tenant';
import { allMenusLive } from '../menu/menu.repository';

type PackageRow = Selectable<TenantPackageTable>;

/** What the tenant package definition does not say: every menu it lists is a live menu. */
export const tenantPackageHooks: CrudHooks = {
  async beforeWrite({ trx }, values) {
    if (values.menu_id === undefined) return;
    const ids = String(values.menu_id).split(',');
    if (!(await allMenusLive(trx, ids))) throw new KeyedError('system.tenantPackage.menuMissing');
  },
};

/** A live package by id (tenant provisioning and the tenant's package settings read it). */
export async function findPackage(db: Db, id: string): Promise<PackageRow | undefined> {
  return db
    .selectFrom('blade_tenant_package')
    .selectAll()
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export const toPackageVO = (row: PackageRow) => toVO(tenantPackageResource, row);
