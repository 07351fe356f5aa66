import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';
import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * Object storage configurations (blade-resource oss, contract §7.4), per tenant. At most one is enabled (`status` 2,
 * `oss/enable`); the files module stores the tenant's new uploads there. The secret key is write-only: blade/ keeps it
 * (it must be usable) but never answers it; a blank one on edit keeps the stored one.
 */

/** blade-resource marks the enabled configuration with status 2, the others 1 (BladeX). */
export const OSS_ENABLED = 2;
export const OSS_DISABLED = 1;

/** The BladeX category numbers, so a stored row of any of them keeps its name in the answers. */
export const OSS_CATEGORY_NAMES: Readonly<Record<number, string>> = {
  1: 'minio',
  2: 'qiniu',
  3: 'alioss',
  4: 'tencentcos',
  5: 'huaweiobs',
  6: 'amazons3',
};

/**
 * The categories the files module really speaks (S3 protocol, path-style addressing): the only ones offered and
 * saved. The other vendors are refused on save, on enable and at use, never silently replaced by another store.
 */
export const OSS_SPOKEN_CATEGORIES: readonly number[] = [1, 6];

const text = (max = 255) => ({ kind: 'text', max, list: false }) as const;

export const ossResource = defineResource({
  key: 'system.oss',
  table: 'blade_oss',
  ownership: 'tenant',
  fields: {
    category: { kind: 'int', default: 1, search: 'eq', sort: true },
    ossCode: { ...text(32), required: 'system.oss.ossCodeRequired', list: true, search: 'like', sort: true },
    endpoint: { ...text(), required: 'system.oss.endpointRequired', list: true },
    transformEndpoint: text(),
    accessKey: { ...text(), required: 'system.oss.accessKeyRequired' },
    secretKey: { ...text(), required: 'system.oss.secretKeyRequired', writeOnly: true },
    bucketName: { ...text(), required: 'system.oss.bucketNameRequired', list: true },
    appId: text(),
    region: text(),
    remark: { ...text(), kind: 'textarea' },
    // Written by `oss/enable` only; a list filter and sort key.
    status: { kind: 'int', form: false, search: 'eq', sort: true },
  },
  unique: [{ fields: ['ossCode'], message: 'system.oss.ossCodeTaken' }],
  calls: standardCalls('/blade-resource/oss'),
  access: menuAccess('oss'),
  menu: {
    code: 'oss',
    name: '对象存储',
    path: '/resource/oss',
    icon: 'cloud',
    parent: 'resource',
    sort: 1,
    buttons: [{ code: 'oss_enable', name: '启用', alias: 'enable', action: 2 }],
  },
});

/** `oss/enable?id`: this configuration becomes the tenant's storage; the one enabled before is switched off. */
export const ossEnable = defineAction({
  name: 'enable',
  call: { method: 'POST', path: '/blade-resource/oss/enable' },
  input: z.object({ id: idSchema }),
  access: { codes: ['oss_enable'] },
  writes: true,
});
