import { codeResource } from './develop/code';
import { datasourceResource } from './develop/datasource';
import { modelResource } from './develop/model';
import { modelPrototypeResource } from './develop/model-prototype';
import { fileCatalogResource } from './files/catalog';
import { fileFunctionResource } from './files/function';
import { filePresetResource } from './files/preset';
import type { ResourceDef, ResourceMenuDef } from './resource';
import { clientResource } from './system/client';
import { deptResource } from './system/dept';
import { dictBizResource, dictResource } from './system/dict';
import { menuResource } from './system/menu';
import { ossResource } from './system/oss';
import { paramResource } from './system/param';
import { postResource } from './system/post';
import { roleResource } from './system/role';
import { smsResource } from './system/sms';
import { tenantPackageResource } from './system/tenant-package';
import { topMenuResource } from './system/topmenu';

/**
 * Every resource definition, pure (no I/O): what both halves derive from. blade/ serves each one
 * (`blade/modules/resources.ts` adds the hooks and actions of what is special about it) and seeds its page and
 * buttons; the portal names its route; the row-level-security test expects a tenant-owned one's table.
 */
export const RESOURCE_DEFINITIONS: readonly ResourceDef[] = [
  paramResource,
  postResource,
  tenantPackageResource,
  clientResource,
  topMenuResource,
  ossResource,
  smsResource,
  deptResource,
  roleResource,
  dictResource,
  dictBizResource,
  menuResource,
  datasourceResource,
  modelResource,
  modelPrototypeResource,
  codeResource,
  fileFunctionResource,
  fileCatalogResource,
  filePresetResource,
];

/** The pages the definitions declare. */
export const RESOURCE_MENUS: readonly ResourceMenuDef[] = RESOURCE_DEFINITIONS.flatMap((def) =>
  def.menu ? [def.menu] : [],
);
