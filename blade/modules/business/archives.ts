import { sql } from 'kysely';
import { projectResource } from '../../../lib/contracts/business/project';
import { nextId } from '../../core/ids';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import { withTenant, type Db, type Trx } from '../../db/tenant';

/**
 * The archive trees of projects and contracts (the detail pages' 附件 tab, README "Archives"): which catalogue every
 * tenant starts with, and who reaches a record's files.
 */

/**
 * Files of a project or contract follow the record (SECURITY 28): reading them needs the record's read right and the
 * `project` data scope (a record outside it answers 404, as another tenant's id); changing them needs the record's
 * edit button. They stay changeable after acceptance or termination: retention money, its invoices and the acceptance
 * report arrive after the record is finished.
 */
const dataScope = {
  resource: projectResource.dataScope!.resource,
  columns: { dept: { column: 'dept_id' }, owner: 'create_user' },
};
const edits = (code: string) => ({ upload: [code], edit: [code], delete: [code] });

registerRecordOwner(
  'project',
  tableRecordOwner({
    table: 'business_project',
    codes: { read: ['project'], ...edits('project_edit') },
    dataScope,
  }),
);
registerRecordOwner(
  'contract',
  tableRecordOwner({
    table: 'business_contract',
    // As the contract list: a project manager reads its project's contracts.
    codes: { read: ['contract', 'project'], ...edits('contract_edit') },
    dataScope,
  }),
);

/**
 * A scanned invoice (发票扫描件) belongs to its invoice from the save that names it: read as the invoice list is read
 * (its codes and the `project` data scope), never changed through the file calls — a new scan is uploaded and saved
 * in its place (finance.resource.ts).
 */
export const INVOICE_SCAN_FUNCTION = 'business_invoice';
registerRecordOwner(
  INVOICE_SCAN_FUNCTION,
  tableRecordOwner({
    table: 'business_invoice',
    codes: { read: ['invoice', 'contract', 'project'], upload: [], edit: [], delete: [] },
    dataScope,
  }),
);

/** A library node of the default catalogue; rules not named keep the column defaults (upload, view, download, delete). */
export interface DefaultNode {
  name: string;
  code: string;
  remark?: string;
  mustUpload?: number;
  canUpload?: number;
  canCover?: number;
  canDel?: number;
  canAddAppNode?: number;
  canMultiUpload?: number;
  children?: DefaultNode[];
}

export interface DefaultFunction {
  functionCode: string;
  functionName: string;
  usePosition: string;
  root: DefaultNode;
}

/**
 * What an institute keeps for a project and for a contract (DOMAIN §9). Must-upload marks what a complete file has:
 * the approval that opened the project or signed the contract, the signed text, and the acceptance; the folders of
 * the running work take the record's own sub-folders. Originals once filed (the signed contract, the acceptance
 * report) are replaced by a new version (cover), not deleted. Roots are folders, not places to drop files.
 */
export const DEFAULT_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: 'project',
    functionName: '项目',
    usePosition: '经营管理 → 项目管理 → 项目详情 → 附件',
    root: {
      name: '项目档案',
      code: 'project',
      canUpload: 0,
      children: [
        {
          name: '立项材料',
          code: 'project_initiation',
          remark: '立项申请书、可行性研究报告、立项审批单',
          mustUpload: 1,
        },
        {
          name: '合同文本',
          code: 'project_contracts',
          remark: '各合同签字盖章后的扫描件（合同详情中另有合同档案）',
        },
        {
          name: '实施过程材料',
          code: 'project_execution',
          remark: '进度报告、会议纪要、变更记录；可按阶段添加子目录',
          canAddAppNode: 1,
        },
        {
          name: '验收材料',
          code: 'project_acceptance',
          remark: '验收申请、验收报告、验收意见',
          mustUpload: 1,
          canCover: 1,
          canDel: 0,
        },
        {
          name: '发票及收付款凭证',
          code: 'project_finance',
          remark: '发票、银行回单、付款审批单',
          canAddAppNode: 1,
        },
        { name: '其他材料', code: 'project_other', canAddAppNode: 1 },
      ],
    },
  },
  {
    functionCode: 'contract',
    functionName: '合同',
    usePosition: '经营管理 → 合同管理 → 合同详情 → 附件',
    root: {
      name: '合同档案',
      code: 'contract',
      canUpload: 0,
      children: [
        {
          name: '合同审批单',
          code: 'contract_approval',
          remark: '法务、财务、分管领导的会签审批单',
          mustUpload: 1,
        },
        {
          name: '合同文本',
          code: 'contract_text',
          remark: '双方签字盖章的合同扫描件；补充协议可添加子目录',
          mustUpload: 1,
          canCover: 1,
          canDel: 0,
          canAddAppNode: 1,
        },
        {
          name: '验收材料',
          code: 'contract_acceptance',
          remark: '验收报告、验收证书',
          mustUpload: 1,
          canCover: 1,
          canDel: 0,
        },
        {
          name: '发票及收付款凭证',
          code: 'contract_finance',
          remark: '开具或收到的发票、银行回单（按付款批次可添加子目录）',
          canAddAppNode: 1,
        },
        { name: '其他材料', code: 'contract_other', canAddAppNode: 1 },
      ],
    },
  },
];

async function insertNode(
  trx: Trx,
  tenantId: string,
  node: DefaultNode,
  parent: { id: string; path: string } | undefined,
  sort: number,
): Promise<string> {
  const id = nextId();
  const path = parent ? `${parent.path},${id}` : id;
  await trx
    .insertInto('blade_file_catalog')
    .values({
      id,
      tenant_id: tenantId,
      parent_id: parent?.id ?? '0',
      node_path: path,
      catalog_name: node.name,
      catalog_code: node.code,
      remark: node.remark ?? '',
      must_upload: node.mustUpload ?? 0,
      can_upload: node.canUpload ?? 1,
      can_cover: node.canCover ?? 0,
      can_del: node.canDel ?? 1,
      can_add_app_node: node.canAddAppNode ?? 0,
      can_multi_upload: node.canMultiUpload ?? 0,
      sort,
    })
    .execute();
  for (const [i, child] of (node.children ?? []).entries())
    await insertNode(trx, tenantId, child, { id, path }, i + 1);
  return id;
}

/**
 * Gives the tenant the default functions it has never had: the function, its catalogue in the library and the preset
 * that joins them, together. A function code the tenant has, even deleted, is its administrators' configuration and
 * left alone, catalogue and presets included. Runs inside the tenant's transaction (withTenant); returns the codes
 * added.
 */
export async function ensureRecordArchives(
  trx: Trx,
  tenantId: string,
  functions: readonly DefaultFunction[] = DEFAULT_ARCHIVES,
): Promise<string[]> {
  // Two processes starting on one PostgreSQL must not both find the function missing.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`business_archives:${tenantId}`}, 0))`.execute(
    trx,
  );
  const known = new Set(
    (
      await trx
        .selectFrom('blade_file_function')
        .select('function_code')
        .where('tenant_id', '=', tenantId)
        .where(
          'function_code',
          'in',
          functions.map((f) => f.functionCode),
        )
        .execute()
    ).map((r) => r.function_code),
  );
  const added: string[] = [];
  for (const [i, fn] of functions.entries()) {
    if (known.has(fn.functionCode)) continue;
    await trx
      .insertInto('blade_file_function')
      .values({
        id: nextId(),
        tenant_id: tenantId,
        function_code: fn.functionCode,
        function_name: fn.functionName,
        use_position: fn.usePosition,
      })
      .execute();
    const rootId = await insertNode(trx, tenantId, fn.root, undefined, 100 + i);
    await trx
      .insertInto('blade_file_preset')
      .values({ id: nextId(), tenant_id: tenantId, function_code: fn.functionCode, file_catalog_id: rootId })
      .execute();
    added.push(fn.functionCode);
  }
  return added;
}

/**
 * At start: every live tenant gets the default functions it lacks (one transaction per tenant); `functions` are
 * another module's defaults (the applications' document trees).
 */
export async function ensureArchivesForTenants(
  db: Db,
  functions: readonly DefaultFunction[] = DEFAULT_ARCHIVES,
): Promise<Record<string, string[]>> {
  const tenants = await db
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('is_deleted', '=', 0)
    .execute();
  const added: Record<string, string[]> = {};
  for (const { tenant_id } of tenants) {
    const codes = await withTenant(db, tenant_id, (trx) => ensureRecordArchives(trx, tenant_id, functions));
    if (codes.length) added[tenant_id] = codes;
  }
  return added;
}
