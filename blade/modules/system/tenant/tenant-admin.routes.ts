import {
  tenantDatasource,
  tenantDetail,
  tenantList,
  tenantPackageDetail,
  tenantPackageSetting,
  tenantRemove,
  tenantSetting,
  tenantSubmit,
} from '../../../../lib/contracts/system/tenant.actions';
import { actionRouter } from '../../../core/action';
import type { Deps } from '../../../core/context';
import { formatDateTime } from '../../../core/dates';
import { ok, success } from '../../../core/envelope';
import { KeyedError, NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { readParams } from '../../../core/input';
import { contains, fetchPage, pageRequest, sortOrders, toPage } from '../../../core/page';
import { clearPermissionCaches, permit } from '../../../core/permission';
import { createdBy, updatedBy } from '../../../core/permission-input';
import { splitIds } from '../../../core/tree';
import { parseJson } from '../../../core/validation';
import { auditFields } from '../../../core/vo';
import type { TenantRow } from '../../../db/schema';
import { withTenant } from '../../../db/tenant';
import { PLATFORM_TENANT } from '../../../core/roles';
import { findPackage, toPackageVO } from '../tenant-package/tenant-package.resource';
import { initialPassword } from '../../user/user-admin.repository';
import { newTenantId, provisionTenant, syncTenantMenus, tenantMenuIds } from './tenant-provision';
import { findTenant, liveTenantsByIds } from './tenant.repository';

const TENANT_SORTABLE = [
  'id',
  'tenant_id',
  'tenant_name',
  'expire_time',
  'create_time',
  'update_time',
] as const;

export function toTenantVO(row: TenantRow) {
  return {
    ...auditFields(row),
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    domain: row.domain,
    backgroundUrl: row.background_url,
    linkman: row.linkman,
    contactNumber: row.contact_number,
    address: row.address,
    accountNumber: row.account_number,
    expireTime: formatDateTime(row.expire_time),
    packageId: row.package_id ?? '',
    // Always blank, the answer keeping its shape: no tenant has a datasource of its own (tenant/datasource is refused).
    datasourceId: '',
  };
}

const toDate = (v: string | null | undefined) => (v ? new Date(v.replace(' ', 'T')) : null);

/**
 * Tenants (lib/contracts/system/tenant.actions.ts): the platform administrator's. The reads, removal and settings are
 * served as actions; a submit and a package setting write under the target tenant (its rows are under row-level
 * security for that tenant, not the caller's), so they run their own transactions at their declared calls.
 */
export function tenantAdminRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);

  serve(tenantList, async ({ trx, input: query }) => {
    const page = pageRequest(query);
    const orders = sortOrders(TENANT_SORTABLE, query);
    let base = trx.selectFrom('blade_tenant').where('is_deleted', '=', 0);
    if (query.tenantId) base = base.where('tenant_id', 'ilike', contains(query.tenantId));
    if (query.tenantName) base = base.where('tenant_name', 'ilike', contains(query.tenantName));
    if (query.linkman) base = base.where('linkman', 'ilike', contains(query.linkman));
    if (query.contactNumber) base = base.where('contact_number', 'ilike', contains(query.contactNumber));
    if (query.domain) base = base.where('domain', 'ilike', contains(query.domain));
    const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders);
    return toPage(rows.map(toTenantVO), total, page);
  });

  serve(tenantDetail, async ({ trx, input }) => {
    const row = await trx
      .selectFrom('blade_tenant')
      .selectAll()
      .where('id', '=', input.id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return toTenantVO(row);
  });

  router.on(
    tenantSubmit.call.method,
    tenantSubmit.call.path,
    permit(deps, tenantSubmit.access),
    async (c) => {
      const body = await parseJson(c, tenantSubmit.input);
      const auth = c.get('auth');
      const tenantName = body.tenantName?.trim();
      if (!tenantName) throw new ServiceError('请输入租户名称');
      const values = {
        tenant_name: tenantName,
        domain: body.domain?.trim() ?? '',
        background_url: body.backgroundUrl ?? '',
        linkman: body.linkman ?? '',
        contact_number: body.contactNumber ?? '',
        address: body.address ?? '',
        ...(body.accountNumber !== undefined && body.accountNumber !== null
          ? { account_number: body.accountNumber }
          : {}),
        ...(body.expireTime !== undefined ? { expire_time: toDate(body.expireTime) } : {}),
      };
      const pkg = body.packageId ? await findPackage(deps.db, body.packageId) : undefined;
      if (body.packageId && !pkg) throw new ServiceError('产品包不存在');
      if (body.id) {
        const existing = await deps.db
          .selectFrom('blade_tenant')
          .select(['id', 'tenant_id', 'package_id'])
          .where('id', '=', body.id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!existing) throw new NotFoundError();
        await withTenant(deps.db, existing.tenant_id, async (trx) => {
          await trx
            .updateTable('blade_tenant')
            .set({
              ...values,
              ...(body.packageId !== undefined ? { package_id: body.packageId ?? null } : {}),
              ...updatedBy(auth),
            })
            .where('id', '=', existing.id)
            .execute();
          if (pkg && pkg.id !== existing.package_id && existing.tenant_id !== PLATFORM_TENANT)
            await syncTenantMenus(trx, existing.tenant_id, await tenantMenuIds(trx, splitIds(pkg.menu_id)));
        });
        clearPermissionCaches(deps);
        return c.json(success());
      }
      const tenantId = await newTenantId(deps.db);
      const adminPassword = body.adminPassword ?? (await initialPassword(deps.db));
      await withTenant(deps.db, tenantId, async (trx) => {
        await trx
          .insertInto('blade_tenant')
          .values({
            id: nextId(),
            tenant_id: tenantId,
            package_id: pkg?.id ?? null,
            ...values,
            ...createdBy(auth),
          })
          .execute();
        await provisionTenant(trx, {
          tenantId,
          tenantName,
          adminPassword,
          menuIds: await tenantMenuIds(trx, pkg ? splitIds(pkg.menu_id) : null),
          createUser: auth.userId,
        });
      });
      // The new id is what the platform administrator hands to the tenant (it logs in with it).
      return c.json(ok({ tenantId }, '操作成功'));
    },
  );

  // Soft delete; the platform tenant stays. Its users can no longer log in.
  serve(
    tenantRemove,
    async ({ trx, auth, input }) => {
      const { ids } = input;
      const rows = await liveTenantsByIds(trx, ids);
      if (rows.some((r) => r.tenant_id === PLATFORM_TENANT)) throw new ServiceError('不能删除管理组租户!');
      await trx
        .updateTable('blade_tenant')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('id', 'in', ids)
        .execute();
    },
    () => clearPermissionCaches(deps),
  );

  // The account quota (-1 unlimited) and expiry of the listed tenants; an expired tenant's users cannot log in or
  // refresh (auth/token.service → tenantExpired).
  serve(
    tenantSetting,
    async ({ trx, auth, input }) => {
      const { ids } = input;
      const rows = await liveTenantsByIds(trx, ids);
      if (rows.some((r) => r.tenant_id === PLATFORM_TENANT) && input.expireTime)
        throw new ServiceError('管理组租户不能设置过期时间!');
      await trx
        .updateTable('blade_tenant')
        .set({
          account_number: input.accountNumber ?? -1,
          expire_time: toDate(input.expireTime),
          ...updatedBy(auth),
        })
        .where('id', 'in', ids)
        .execute();
    },
    () => clearPermissionCaches(deps),
  );

  // Nothing is read or written; the call stays (calls.tsv) to answer why.
  serve(tenantDatasource, async () => {
    throw new KeyedError('system.tenant.datasourceUnsupported');
  });

  serve(tenantPackageDetail, async ({ trx, input }) => {
    const tenant = await findTenant(trx, input.tenantId);
    if (!tenant) throw new NotFoundError();
    const pkg = tenant.package_id ? await findPackage(trx, tenant.package_id) : undefined;
    return pkg ? toPackageVO(pkg) : {};
  });

  // Its `admin` roles get exactly the package's menus, other roles lose what lies outside.
  router.on(
    tenantPackageSetting.call.method,
    tenantPackageSetting.call.path,
    permit(deps, tenantPackageSetting.access),
    async (c) => {
      const { tenantId, packageId } = tenantPackageSetting.input.parse(await readParams(c));
      if (tenantId === PLATFORM_TENANT) throw new ServiceError('管理组租户不能设置产品包!');
      const tenant = await findTenant(deps.db, tenantId);
      if (!tenant) throw new NotFoundError();
      const pkg = packageId ? await findPackage(deps.db, packageId) : undefined;
      if (packageId && !pkg) throw new ServiceError('产品包不存在');
      await withTenant(deps.db, tenantId, async (trx) => {
        await trx
          .updateTable('blade_tenant')
          .set({ package_id: pkg?.id ?? null, ...updatedBy(c.get('auth')) })
          .where('id', '=', tenant.id)
          .execute();
        await syncTenantMenus(trx, tenantId, await tenantMenuIds(trx, pkg ? splitIds(pkg.menu_id) : null));
      });
      clearPermissionCaches(deps);
      return c.json(success());
    },
  );

  return router;
}
