import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../../core/context';
import { formatDateTime } from '../../../core/dates';
import { ok, success } from '../../../core/envelope';
import { KeyedError, NotFoundError, ServiceError } from '../../../core/errors';
import { nextId } from '../../../core/ids';
import { readParams } from '../../../core/input';
import { contains, fetchPage, pageRequest, sortOrders, toPage } from '../../../core/page';
import { blank, idSchema, intSchema, pageQuerySchema } from '../../../../lib/contracts/inputs';
import { clearPermissionCaches, permit } from '../../../core/permission';
import { createdBy, idsParam, updatedBy } from '../../../core/permission-input';
import { splitIds } from '../../../core/tree';
import { parseJson, parseQuery } from '../../../core/validation';
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
const DATE_TIME = /^\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?$/;

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

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const dateTime = blank(z.string().regex(DATE_TIME, '日期格式为 yyyy-MM-dd HH:mm:ss'));
const listQuery = pageQuerySchema.extend({
  tenantId: text(12),
  tenantName: text(50),
  linkman: text(20),
  contactNumber: text(20),
  domain: text(255),
});
const detailQuery = z.object({ id: idSchema });
const submitBody = z.object({
  id: blank(idSchema),
  tenantName: text(50),
  domain: text(255),
  backgroundUrl: text(1000),
  linkman: text(20),
  contactNumber: text(20),
  address: text(255),
  accountNumber: blank(intSchema),
  expireTime: dateTime,
  packageId: blank(idSchema),
  /** The new tenant's `admin` password; else the initial password (account.initPassword, default 123456). */
  adminPassword: blank(z.string().min(6, '长度不能少于6').max(64, '长度不能超过64')),
});
const settingFields = z.object({ accountNumber: blank(intSchema), expireTime: dateTime });
const tenantIdField = z.object({
  tenantId: z.string({ error: '不能为空' }).regex(/^[A-Za-z0-9_-]{1,12}$/, '租户ID格式不正确'),
});

const toDate = (v: string | null | undefined) => (v ? new Date(v.replace(' ', 'T')) : null);

/** Tenants (contract §7.7 + BladeX setting/datasource/package): platform administrator only. */
export function tenantAdminRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const platform = permit(deps, { role: 'platform' });

  // GET /blade-system/tenant/list — page; filters tenantId/tenantName/linkman/contactNumber/domain (contains).
  router.get('/tenant/list', platform, async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(TENANT_SORTABLE, query);
    let base = deps.db.selectFrom('blade_tenant').where('is_deleted', '=', 0);
    if (query.tenantId) base = base.where('tenant_id', 'ilike', contains(query.tenantId));
    if (query.tenantName) base = base.where('tenant_name', 'ilike', contains(query.tenantName));
    if (query.linkman) base = base.where('linkman', 'ilike', contains(query.linkman));
    if (query.contactNumber) base = base.where('contact_number', 'ilike', contains(query.contactNumber));
    if (query.domain) base = base.where('domain', 'ilike', contains(query.domain));
    const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders);
    return c.json(ok(toPage(rows.map(toTenantVO), total, page)));
  });

  // GET /blade-system/tenant/detail?id
  router.get('/tenant/detail', platform, async (c) => {
    const { id } = parseQuery(c, detailQuery);
    const row = await deps.db
      .selectFrom('blade_tenant')
      .selectAll()
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return c.json(ok(toTenantVO(row)));
  });

  // POST /blade-system/tenant/submit — edit (id) or create: a new 6-digit tenant id, and the tenant's root dept,
  // post, role `admin` with the package's menus (all tenant menus without a package) and account `admin`.
  router.post('/tenant/submit', platform, async (c) => {
    const body = await parseJson(c, submitBody);
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
  });

  // POST /blade-system/tenant/remove?ids — soft delete; the platform tenant stays. Its users can no longer log in.
  router.post('/tenant/remove', platform, async (c) => {
    const ids = await idsParam(c);
    const auth = c.get('auth');
    await deps.db.transaction().execute(async (trx) => {
      const rows = await liveTenantsByIds(trx, ids);
      if (rows.some((r) => r.tenant_id === PLATFORM_TENANT)) throw new ServiceError('不能删除管理组租户!');
      await trx
        .updateTable('blade_tenant')
        .set({ is_deleted: 1, ...updatedBy(auth) })
        .where('id', 'in', ids)
        .execute();
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/tenant/setting?ids&accountNumber&expireTime — account quota (-1 unlimited) and expiry of the
  // listed tenants; an expired tenant's users cannot log in or refresh (auth/token.service → tenantExpired).
  router.post('/tenant/setting', platform, async (c) => {
    const raw = await readParams(c);
    const ids = [...new Set(splitIds(typeof raw.ids === 'string' ? raw.ids : ''))];
    if (ids.length === 0 || !ids.every((id) => /^[1-9]\d{0,18}$/.test(id)))
      throw new ServiceError('请选择至少一条数据');
    const setting = settingFields.parse({
      accountNumber: raw.accountNumber === undefined ? undefined : String(raw.accountNumber),
      expireTime: raw.expireTime,
    });
    const auth = c.get('auth');
    await deps.db.transaction().execute(async (trx) => {
      const rows = await liveTenantsByIds(trx, ids);
      if (rows.some((r) => r.tenant_id === PLATFORM_TENANT) && setting.expireTime)
        throw new ServiceError('管理组租户不能设置过期时间!');
      await trx
        .updateTable('blade_tenant')
        .set({
          account_number: setting.accountNumber ?? -1,
          expire_time: toDate(setting.expireTime),
          ...updatedBy(auth),
        })
        .where('id', 'in', ids)
        .execute();
    });
    clearPermissionCaches(deps);
    return c.json(success());
  });

  // POST /blade-system/tenant/datasource — refused: one database serves every tenant, so a tenant datasource would be
  // stored without effect. Nothing is read or written; the call stays (calls.tsv) to answer why.
  router.post('/tenant/datasource', platform, () => {
    throw new KeyedError('system.tenant.datasourceUnsupported');
  });

  // GET /blade-system/tenant/package-detail?tenantId — the tenant's package ({} when it has none).
  router.get('/tenant/package-detail', platform, async (c) => {
    const { tenantId } = parseQuery(c, tenantIdField);
    const tenant = await findTenant(deps.db, tenantId);
    if (!tenant) throw new NotFoundError();
    const pkg = tenant.package_id ? await findPackage(deps.db, tenant.package_id) : undefined;
    return c.json(ok(pkg ? toPackageVO(pkg) : {}));
  });

  // POST /blade-system/tenant/package-setting?tenantId&packageId — binds a package (blank: none = every tenant
  // menu) and re-grants the tenant's menus: its `admin` roles get exactly them, other roles lose what lies outside.
  router.post('/tenant/package-setting', platform, async (c) => {
    const raw = await readParams(c);
    const { tenantId } = tenantIdField.parse(raw);
    const { packageId } = z.object({ packageId: blank(idSchema) }).parse(raw);
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
  });

  return router;
}
