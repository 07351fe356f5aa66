import { z } from '../../zod';
import { defineAction } from '../action';
import {
  blank,
  distinctIds,
  ID_PATTERN,
  idListOf,
  idSchema,
  idSetSchema,
  intSchema,
  pageQuerySchema,
} from '../inputs';

/**
 * Tenants (contract §7.7 with BladeX's setting, datasource and package calls): the platform administrator's alone.
 * The table is global (a tenant is not a row of a tenant), so these are actions beside the id-keyed CRUD router.
 */
const PATH = '/blade-system/tenant';
const platform = { role: 'platform' } as const;

const DATE_TIME = /^\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?$/;
const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
const dateTime = blank(z.string().regex(DATE_TIME, '日期格式为 yyyy-MM-dd HH:mm:ss'));
const tenantIdField = z.object({
  tenantId: z.string({ error: '不能为空' }).regex(/^[A-Za-z0-9_-]{1,12}$/, '租户ID格式不正确'),
});

/** A page; tenantId, tenantName, linkman, contactNumber and domain filter by fragment. */
export const tenantList = defineAction({
  name: 'list',
  call: { method: 'GET', path: `${PATH}/list` },
  input: pageQuerySchema.extend({
    tenantId: text(12),
    tenantName: text(50),
    linkman: text(20),
    contactNumber: text(20),
    domain: text(255),
  }),
  access: platform,
  writes: false,
});

export const tenantDetail = defineAction({
  name: 'detail',
  call: { method: 'GET', path: `${PATH}/detail` },
  input: z.object({ id: idSchema }),
  access: platform,
  writes: false,
});

/**
 * Edit (`id`) or create: a new 6-digit tenant id with the tenant's root dept, post, role `admin` holding the package's
 * menus (every tenant menu without one) and the account `admin`.
 */
export const tenantSubmit = defineAction({
  name: 'submit',
  call: { method: 'POST', path: `${PATH}/submit` },
  input: z.object({
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
  }),
  access: platform,
  writes: true,
});

/** Soft delete; the platform tenant stays. The tenant's users can no longer log in. */
export const tenantRemove = defineAction({
  name: 'remove',
  call: { method: 'POST', path: `${PATH}/remove` },
  input: z.object({ ids: idSetSchema }),
  access: platform,
  writes: true,
});

/** The account quota (-1: unlimited) and expiry of the listed tenants. */
export const tenantSetting = defineAction({
  name: 'setting',
  call: { method: 'POST', path: `${PATH}/setting` },
  input: z.object({
    ids: distinctIds(idListOf(ID_PATTERN, '请选择至少一条数据')),
    accountNumber: blank(intSchema),
    expireTime: dateTime,
  }),
  access: platform,
  writes: true,
});

/** Refused: one database serves every tenant, so a tenant datasource would be stored without effect. */
export const tenantDatasource = defineAction({
  name: 'datasource',
  call: { method: 'POST', path: `${PATH}/datasource` },
  input: z.unknown(),
  access: platform,
  writes: true,
});

/** The tenant's package ({} when it has none). */
export const tenantPackageDetail = defineAction({
  name: 'packageDetail',
  call: { method: 'GET', path: `${PATH}/package-detail` },
  input: tenantIdField,
  access: platform,
  writes: false,
});

/** Binds a package (blank: none, every tenant menu) and re-grants the tenant's menus. */
export const tenantPackageSetting = defineAction({
  name: 'packageSetting',
  call: { method: 'POST', path: `${PATH}/package-setting` },
  input: tenantIdField.extend({ packageId: blank(idSchema) }),
  access: platform,
  writes: true,
});

export const TENANT_ACTIONS = [
  tenantList,
  tenantDetail,
  tenantSubmit,
  tenantRemove,
  tenantSetting,
  tenantDatasource,
  tenantPackageDetail,
  tenantPackageSetting,
] as const;
