import {
  EDITABLE_STATES,
  type ApplicationState,
  type Scheme,
} from '../../../lib/contracts/application/machine';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import type { Trx } from '../../db/tenant';
import type { DefaultFunction } from '../business/archives';
import { childNodes, type RecordRef } from '../files/catalog.service';
import { fileOfRecord } from '../files/file.repository';
import { callerCompanies, callerCompany, callerCompanyRow } from '../../core/company';
import { CUSTOMER_READ_CODES, STAFF_READ_CODES } from '../../../lib/contracts/application/apply.actions';
import { visibleApplications } from './apply.repository';

/**
 * The documents of an application (DOMAIN §1 Attachments): one archive tree per scheme, seeded into every tenant like
 * the projects' and contracts' (modules/business/archives.ts), and the owner that decides who reaches an
 * application's files (SECURITY 28).
 */

export const APPLICATION_FUNCTIONS: Readonly<Record<Scheme, string>> = {
  ccc: 'ccc_application',
  cqst: 'cqst_application',
  cnex: 'cnex_application',
};

const must = (name: string, code: string, remark = '') => ({ name, code, remark, mustUpload: 1 });
const may = (name: string, code: string, remark = '') => ({ name, code, remark });

/**
 * Must-upload nodes are the documents a submission needs (submit names the missing ones); the rest are offered. Every
 * node takes any number of files (a licence per party, drawings by the dozen). Roots are folders.
 */
export const APPLICATION_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: APPLICATION_FUNCTIONS.ccc,
    functionName: 'CCC认证申请',
    usePosition: '认证申请 → 我的申请 → CCC申请 → 申请资料',
    root: {
      name: 'CCC认证申请资料',
      code: 'ccc_application',
      canUpload: 0,
      children: [
        must('认证委托书/申请书', 'ccc_request', '签字盖章的认证委托书或申请书'),
        must('营业执照（三方）', 'ccc_licences', '认证委托人、生产者、生产企业的营业执照'),
        must('产品描述', 'ccc_description', '产品参数、结构、型号说明、关键元器件清单、型号间差异说明'),
        must('防爆图纸', 'ccc_drawings', '总装图、防爆部件图、电路图、PCB图、材料清单、铭牌图'),
        must('使用说明书', 'ccc_manual'),
        must('工厂信息表', 'ccc_factory_form'),
        may('企业标准', 'ccc_enterprise_standard'),
        may('工艺文件', 'ccc_process', '工艺文件、电池规格书等'),
        may('防爆元件证书', 'ccc_component_certs', '所用防爆元件的认证证书'),
        may('ODM/OEM协议', 'ccc_odm_oem', '认证委托人、生产者、生产企业不同时提供'),
        may('变更证明材料', 'ccc_change_evidence', '变更、扩展、换证申请的证明材料'),
      ],
    },
  },
  {
    functionCode: APPLICATION_FUNCTIONS.cqst,
    functionName: '防爆合格证申请',
    usePosition: '认证申请 → 我的申请 → 防爆合格证申请 → 申请资料',
    root: {
      name: '防爆合格证申请资料',
      code: 'cqst_application',
      canUpload: 0,
      children: [
        must('申请书', 'cqst_request', '签字盖章的申请书'),
        must('营业执照', 'cqst_licences', '申请人、制造商的营业执照'),
        must('产品描述', 'cqst_description', '产品参数、结构、型号说明、关键元器件清单、型号间差异说明'),
        must('防爆图纸', 'cqst_drawings', '总装图、防爆部件图、电路图、PCB图、材料清单、铭牌图'),
        must('使用说明书', 'cqst_manual'),
        may('企业标准', 'cqst_enterprise_standard'),
        may('工艺文件', 'cqst_process'),
        may('防爆元件证书', 'cqst_component_certs', '所用防爆元件的认证证书'),
        may('ODM/OEM协议', 'cqst_odm_oem'),
        may('变更证明材料', 'cqst_change_evidence'),
      ],
    },
  },
  {
    functionCode: APPLICATION_FUNCTIONS.cnex,
    functionName: 'CNEx服务与人员认证申请',
    usePosition: '认证申请 → 我的申请 → CNEx申请 → 申请资料',
    root: {
      name: 'CNEx认证申请资料',
      code: 'cnex_application',
      canUpload: 0,
      children: [
        must('申请书', 'cnex_request', '签字盖章的申请书或人员注册表'),
        must('营业执照或身份证明', 'cnex_identity', '服务机构的营业执照，或申请人员的身份证明'),
        may('质量管理体系文件', 'cnex_quality_system', '服务机构的程序文件、质量手册'),
        may('设备及校准证书', 'cnex_equipment', '检测设备清单及其校准证书'),
        may(
          '人员注册表与培训记录',
          'cnex_person_register',
          '人员注册表扫描件、学历、工作经历、培训记录、考核记录',
        ),
        may('其他资料', 'cnex_other'),
      ],
    },
  },
];

const SCHEME_OF = new Map(
  (Object.entries(APPLICATION_FUNCTIONS) as [Scheme, string][]).map(([s, code]) => [code, s]),
);

/**
 * Customers read their company's applications' files and change them (upload, delete, node remarks) while the
 * application is a draft or returned; staff read them with their page codes, within the application data scope.
 */
for (const [scheme, functionCode] of Object.entries(APPLICATION_FUNCTIONS) as [Scheme, string][]) {
  const base = tableRecordOwner({
    table: 'business_application',
    codes: {
      read: [...CUSTOMER_READ_CODES, ...STAFF_READ_CODES],
      upload: ['application_apply'],
      edit: ['application_apply'],
      delete: ['application_apply'],
    },
    company: { column: 'company_id', of: callerCompanies },
    async changeable(caller, trx, dataId) {
      const row = await callerCompanyRow(trx, caller.auth, 'business_application', dataId);
      return row !== undefined && EDITABLE_STATES.includes(row.flow_state as ApplicationState);
    },
  });
  registerRecordOwner(functionCode, {
    ...base,
    // The company rule first (tableRecordOwner), then the scheme of the function and a staff caller's data scope.
    async visible(caller, trx, dataId) {
      if (!(await base.visible!(caller, trx, dataId))) return false;
      const company = await callerCompany(trx, caller.auth);
      const row = await (
        await visibleApplications(trx, caller.auth, company)
      )
        .select('a.id')
        .where('a.id', '=', dataId)
        .where('a.scheme', '=', scheme)
        .executeTakeFirst();
      return row !== undefined;
    },
  });
}

export function schemeOfFunction(functionCode: string): Scheme | undefined {
  return SCHEME_OF.get(functionCode);
}

/** mustUpload and the file counts do not depend on the caller's rights: the walk reads them as a reader. */
const READ_ONLY = { read: true, upload: false, edit: false, delete: false } as const;

/**
 * The must-upload nodes of the application's tree with no file in or below them, by name in tree order. Walks the
 * tree as the catalogue calls show it (the tenant's configuration, presets and the record's own changes included).
 */
export async function missingDocuments(trx: Trx, tenantId: string, record: RecordRef): Promise<string[]> {
  const missing: string[] = [];
  const walk = async (parentId: string | undefined, depth: number): Promise<void> => {
    const level = await childNodes(trx, tenantId, record, parentId, { offset: 0, size: 500 }, READ_ONLY);
    for (const node of level?.nodes ?? []) {
      if (node.mustUpload === 1 && node.fileCount === 0) missing.push(node.catalogName);
      if (!node.isLeaf && depth < 8) await walk(node.id, depth + 1);
    }
  };
  await walk(undefined, 0);
  return missing;
}

/**
 * A report a step names (the test report, a factory-check report) must be one of the application's own documents:
 * a live file of its archive in the tenant. Anything else (another application's file, a plain upload, an unknown
 * id) is refused in words, so no record points at a file its readers cannot open.
 */
export async function assertApplicationFile(
  trx: Trx,
  tenantId: string,
  application: { id: string; scheme: string },
  fileId: string,
): Promise<void> {
  await fileOfRecord(
    trx,
    tenantId,
    fileId,
    { functionCode: APPLICATION_FUNCTIONS[application.scheme as Scheme], dataId: application.id },
    'application.flow.reportNotInDocuments',
  );
}
