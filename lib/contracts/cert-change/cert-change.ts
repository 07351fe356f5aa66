import { z } from '../../zod';
import { bySide, defineAction, type ActionDef, type SideRule, type Sides } from '../action';
import { exMarkingsSchema, modelsSchema, standardsSchema, type Translate } from '../application/application';
import { blank, idSchema, pagingInput } from '../inputs';
import { defineResource, NO_WRITES, type CallDef } from '../resource';

/**
 * Certificate changes (证书变更) and unified certificates (统一证书), issue 16 and DOMAIN §3;
 * blade/modules/cert-change/README.md has the states, rules and readings. The catalogue names the customer's calls
 * (`certChange/…`, `unifiedCertificates/page`); the staff's steps are calls the catalogue lacks, named beside them under
 * the same prefix (as modules/payment does for its finance steps).
 */

const BASE = '/blade-customer/certChange';

export const CERT_CHANGE_CALLS = {
  canApply: { method: 'GET', path: `${BASE}/canApply` },
  classify: { method: 'POST', path: `${BASE}/classifyCertChange` },
  cccFiles: { method: 'POST', path: `${BASE}/selectCccCertChangeFile` },
  cqstFiles: { method: 'POST', path: `${BASE}/selectCqstCertChangeFile` },
  files: { method: 'POST', path: `${BASE}/selectCertChangeFile` },
  saveCcc: { method: 'POST', path: `${BASE}/saveForCCC` },
  saveCqst: { method: 'POST', path: `${BASE}/saveForCQST` },
  submitCcc: { method: 'POST', path: `${BASE}/submitForCCC` },
  submitCqst: { method: 'POST', path: `${BASE}/submitForCQST` },
  cccPage: { method: 'GET', path: `${BASE}/cccPage` },
  expProofPage: { method: 'GET', path: `${BASE}/expProofPage` },
  page: { method: 'GET', path: `${BASE}/page` },
  detail: { method: 'GET', path: `${BASE}/detail` },
  // Added (the staff's steps).
  accept: { method: 'POST', path: `${BASE}/accept` },
  return: { method: 'POST', path: `${BASE}/return` },
  evaluate: { method: 'POST', path: `${BASE}/evaluate` },
  approve: { method: 'POST', path: `${BASE}/approve` },
  reject: { method: 'POST', path: `${BASE}/reject` },
  unifiedPage: { method: 'GET', path: '/blade-customer/unifiedCertificates/page' },
} as const;

/** Menu and button codes. The customer reads with 我的证书 (`my_certificate`) and writes with `application_apply`. */
export const CERT_CHANGE_CODES = {
  customerRead: 'my_certificate',
  customerWrite: 'application_apply',
  staffPage: 'cert_change',
  accept: 'cert_change_accept',
  return: 'cert_change_return',
  evaluate: 'cert_change_evaluate',
  approve: 'cert_change_approve',
  reject: 'cert_change_reject',
  /** Staff read unified certificates with the certificate page's code (modules/application). */
  certificatePage: 'certificate',
} as const;

/** The archive functions of a change's files (dataId = the change id). */
export const CERT_CHANGE_FUNCTIONS = { ccc: 'ccc_cert_change', cqst: 'cqst_cert_change' } as const;
export type ChangeScheme = keyof typeof CERT_CHANGE_FUNCTIONS;
export const CHANGE_SCHEMES = ['ccc', 'cqst'] as const;

export const CHANGE_STATES = [
  'draft',
  'submitted',
  'returned',
  'accepted',
  'evaluation',
  'rejected',
  'reissued',
] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];
/** A change in one of these blocks another on the same certificate number (a partial unique index holds it). */
export const OPEN_CHANGE_STATES: readonly ChangeState[] = [
  'draft',
  'submitted',
  'returned',
  'accepted',
  'evaluation',
];
/** The customer edits (save, files) and submits a change in these. */
export const EDITABLE_CHANGE_STATES: readonly ChangeState[] = ['draft', 'returned'];

/** The staff's steps: from, to, the button code, whether a reason is required. */
export const CHANGE_STEPS = {
  accept: { from: ['submitted'], to: 'accepted', code: CERT_CHANGE_CODES.accept, reason: false },
  return: { from: ['submitted'], to: 'returned', code: CERT_CHANGE_CODES.return, reason: true },
  evaluate: { from: ['accepted'], to: 'evaluation', code: CERT_CHANGE_CODES.evaluate, reason: false },
  // Approval ends in `reissued` in the same transaction (the new version is written with it).
  approve: { from: ['evaluation'], to: 'reissued', code: CERT_CHANGE_CODES.approve, reason: false },
  reject: { from: ['evaluation'], to: 'rejected', code: CERT_CHANGE_CODES.reject, reason: true },
} as const satisfies Record<
  string,
  { from: readonly ChangeState[]; to: ChangeState; code: string; reason: boolean }
>;
export type ChangeStep = keyof typeof CHANGE_STEPS;
export const CHANGE_STEP_NAMES = Object.keys(CHANGE_STEPS) as ChangeStep[];

/**
 * The change files: one node per kind; `application` is always required, the others when a chosen type needs them
 * (CHANGE_TYPES `files`). Node codes are prefixed by the scheme in the archive (`ccc_chg_licence`…).
 */
export const CHANGE_FILES = {
  application: { name: '变更申请书', remark: '签字盖章的证书变更申请书' },
  description: { name: '变更说明', remark: '变更内容、原因及对防爆安全性能影响的说明' },
  trademark: { name: '商标注册证明', remark: '商标注册证或授权使用证明' },
  licence: { name: '营业执照', remark: '变更后的营业执照' },
  address: { name: '地址变更证明', remark: '政府部门出具的地址变更（更名）证明' },
  factoryForm: { name: '工厂信息表', remark: '变更后的工厂信息表' },
  drawings: { name: '防爆图纸', remark: '变更涉及的总装图、防爆部件图、铭牌图' },
  components: { name: '关键元器件清单及证书', remark: '关键元器件清单、供应商及其认证证书' },
  standardGap: { name: '标准差异分析报告', remark: '新旧标准差异分析及整改说明' },
  qualitySystem: { name: '质量体系文件', remark: '变更后的质量手册、组织机构等' },
} as const;
export type ChangeFile = keyof typeof CHANGE_FILES;
export const CHANGE_FILE_KEYS = Object.keys(CHANGE_FILES) as ChangeFile[];

/** Snapshot fields a change may alter (before → after). */
export const SNAPSHOT_FIELDS = [
  'holderName',
  'holderAddress',
  'manufacturerName',
  'manufacturerAddress',
  'factoryName',
  'factoryAddress',
  'productName',
  'models',
  'exMarkings',
  'standards',
] as const;
export type SnapshotField = (typeof SNAPSHOT_FIELDS)[number];

/**
 * The change types of DOMAIN §3 (CCC practice): which snapshot fields each may alter, whether it needs a test
 * (sample or gap test) or a factory visit, and which files it requires beside the application form.
 */
export const CHANGE_TYPES = {
  trademark: { fields: [], test: false, visit: false, files: ['trademark'] },
  productRename: {
    fields: ['productName', 'models'],
    test: false,
    visit: false,
    files: ['description', 'drawings'],
  },
  modelChange: { fields: ['models'], test: false, visit: false, files: ['description', 'drawings'] },
  modelAddRemove: {
    fields: ['models', 'exMarkings'],
    test: true,
    visit: false,
    files: ['description', 'drawings'],
  },
  factoryRename: {
    fields: ['factoryName', 'factoryAddress'],
    test: false,
    visit: false,
    files: ['licence', 'address'],
  },
  factoryRelocation: {
    fields: ['factoryName', 'factoryAddress'],
    test: false,
    visit: true,
    files: ['licence', 'factoryForm'],
  },
  partyChange: {
    fields: ['holderName', 'holderAddress', 'manufacturerName', 'manufacturerAddress'],
    test: false,
    visit: false,
    files: ['licence'],
  },
  standardChange: {
    fields: ['standards', 'exMarkings'],
    test: true,
    visit: false,
    files: ['standardGap'],
  },
  designChange: {
    fields: ['models', 'exMarkings'],
    test: true,
    visit: false,
    files: ['description', 'drawings', 'components'],
  },
  componentSupplier: { fields: [], test: true, visit: false, files: ['components'] },
  qmsChange: { fields: [], test: false, visit: true, files: ['qualitySystem'] },
} as const satisfies Record<
  string,
  { fields: readonly SnapshotField[]; test: boolean; visit: boolean; files: readonly ChangeFile[] }
>;
export type ChangeType = keyof typeof CHANGE_TYPES;
export const CHANGE_TYPE_NAMES = Object.keys(CHANGE_TYPES) as [ChangeType, ...ChangeType[]];

export interface Classification {
  changeTypes: ChangeType[];
  needsTest: boolean;
  needsFactoryVisit: boolean;
  /** Required file kinds, the application form first, in CHANGE_FILES order. */
  requiredFiles: ChangeFile[];
  /** The snapshot fields the chosen types may alter (the form offers these; others keep the certificate's). */
  fields: SnapshotField[];
}

/**
 * classifyCertChange: what the chosen types bring. A factory visit for a relocation or a quality-system change
 * (DOMAIN §3), a test for a change that touches the product's protection (models added, design, components,
 * standards). CQST has no factory inspection (DOMAIN §2): its changes never need a visit; a relocation still needs
 * the new factory's papers.
 */
export function classifyChange(types: readonly ChangeType[], scheme: ChangeScheme): Classification {
  const chosen = CHANGE_TYPE_NAMES.filter((t) => types.includes(t));
  const files = new Set<ChangeFile>(['application']);
  const fields = new Set<SnapshotField>();
  for (const t of chosen) {
    for (const f of CHANGE_TYPES[t].files) files.add(f);
    for (const f of CHANGE_TYPES[t].fields) fields.add(f);
  }
  return {
    changeTypes: chosen,
    needsTest: chosen.some((t) => CHANGE_TYPES[t].test),
    needsFactoryVisit: scheme === 'ccc' && chosen.some((t) => CHANGE_TYPES[t].visit),
    requiredFiles: CHANGE_FILE_KEYS.filter((f) => files.has(f)),
    fields: SNAPSHOT_FIELDS.filter((f) => fields.has(f)),
  };
}

const f = (name: string) => `certChange.form.${name}`;
const optionalText = (t: Translate, max: number) =>
  z
    .string()
    .trim()
    .max(max, t(f('tooLong'), { max }))
    .optional();

/** The after-snapshot the customer writes; every field optional (unchanged ones keep the certificate's). */
export const afterSchema = (t: Translate) =>
  z.object({
    holderName: optionalText(t, 100),
    holderAddress: optionalText(t, 200),
    manufacturerName: optionalText(t, 100),
    manufacturerAddress: optionalText(t, 200),
    factoryName: optionalText(t, 100),
    factoryAddress: optionalText(t, 200),
    productName: optionalText(t, 200),
    models: modelsSchema(t).optional(),
    exMarkings: exMarkingsSchema(t).optional(),
    standards: standardsSchema(t).optional(),
  });
export type AfterInput = z.output<ReturnType<typeof afterSchema>>;

export const changeTypesSchema = (t: Translate) =>
  z
    .array(z.enum(CHANGE_TYPE_NAMES, { error: t(f('typeInvalid')) }), { error: t(f('typesRequired')) })
    .min(1, t(f('typesRequired')))
    .max(CHANGE_TYPE_NAMES.length)
    .transform((v) => [...new Set(v)]);

export const classifyInput = (t: Translate) =>
  z.object({
    changeTypes: changeTypesSchema(t),
    scheme: z.enum(CHANGE_SCHEMES).optional(),
  });

export const saveChangeInput = (t: Translate) =>
  z.object({
    /** An existing draft or returned change of the caller's company; none: a new draft. */
    id: idSchema.optional(),
    certificateId: idSchema,
    changeTypes: changeTypesSchema(t),
    reason: optionalText(t, 500),
    after: afterSchema(t).default({}),
  });
export type SaveChangeInput = z.output<ReturnType<typeof saveChangeInput>>;

export const changeIdInput = z.object({ id: idSchema });
export const filesInput = z.object({ id: idSchema.optional() });
/** The files calls: a change's own tree, or the tree the types would need (a draft not yet saved). */
export const changeFilesInput = filesInput.extend({
  changeTypes: z
    .array(z.string({ error: '变更类型无效' }), { error: '变更类型无效' })
    .max(20, '变更类型过多')
    .optional(),
});
export const stepInput = z.object({
  id: idSchema,
  reason: z.string().trim().max(500, '不能超过500个字符').optional(),
});

export interface SnapshotVO {
  holderName: string;
  holderAddress: string;
  manufacturerName: string;
  manufacturerAddress: string;
  factoryName: string;
  factoryAddress: string;
  productName: string;
  models: { model: string; spec: string; isSampleModel: boolean; differenceNote: string }[];
  exMarkings: string[];
  standards: string;
}

export interface CertChangeVO {
  id: string;
  changeNo: string;
  scheme: ChangeScheme;
  certificateId: string;
  certNumber: string;
  certVersion: number;
  companyId: string;
  companyName: string;
  productName: string;
  changeTypes: ChangeType[];
  needsTest: boolean;
  needsFactoryVisit: boolean;
  reason: string;
  changeState: ChangeState;
  returnReason: string;
  rejectReason: string;
  newCertificateId: string;
  submittedAt: string;
  createTime: string;
}

export interface CertChangeDetailVO extends CertChangeVO {
  before: SnapshotVO;
  after: SnapshotVO;
  requiredFiles: ChangeFile[];
  history: {
    action: string;
    fromState: string;
    toState: string;
    reason: string;
    userName: string;
    createTime: string;
  }[];
}

export interface ChangeFileNodeVO {
  id: string;
  catalogName: string;
  catalogCode: string;
  remark: string;
  mustUpload: number;
  fileCount: number;
}

export interface UnifiedCertificateVO {
  key: string;
  companyId: string;
  companyName: string;
  holderName: string;
  factoryName: string;
  certCount: number;
  validTo: string;
  certificates: {
    id: string;
    certNumber: string;
    version: number;
    scheme: string;
    productName: string;
    validTo: string;
  }[];
}

/** 证书变更管理: the staff's page (accept, return, evaluate, approve, reject by button). */
export const certChangePage = defineResource({
  key: 'certChange.staff',
  table: 'business_cert_change',
  ownership: 'tenant',
  readOnly: true,
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    changeNo: { kind: 'text', max: 32, search: 'like' },
    certNumber: { kind: 'text', max: 32, search: 'like' },
    changeState: { kind: 'text', max: 16, search: 'eq' },
  },
  calls: { list: CERT_CHANGE_CALLS.page, detail: CERT_CHANGE_CALLS.detail, ...NO_WRITES.calls },
  // CERT_CHANGE_ACTION.page and .detail decide the side and its code.
  access: { read: {}, ...NO_WRITES.access },
  menu: {
    code: CERT_CHANGE_CODES.staffPage,
    name: '证书变更管理',
    path: '/businessManagement/certChange',
    icon: 'published_with_changes',
    parent: 'business_management',
    sort: 9,
    view: false,
    buttons: [
      { code: CERT_CHANGE_CODES.accept, name: '受理变更', alias: 'accept', action: 2 },
      { code: CERT_CHANGE_CODES.return, name: '退回变更', alias: 'return', action: 2 },
      { code: CERT_CHANGE_CODES.evaluate, name: '变更评定', alias: 'evaluate', action: 2 },
      { code: CERT_CHANGE_CODES.approve, name: '批准变更', alias: 'approve', action: 2 },
      { code: CERT_CHANGE_CODES.reject, name: '不予变更', alias: 'reject', action: 2 },
    ],
  },
});

const fragment = blank(z.string().trim().max(32, '不能超过32个字符'));

/** The change lists' filters (screens send every filter, empty when unset). */
export const changePageQuery = z.object({
  ...pagingInput,
  changeState: blank(z.enum(CHANGE_STATES, { error: '状态无效' })),
  certNumber: fragment,
  changeNo: fragment,
});

/** A customer reads its company's changes with 我的证书, staff with the changes page. */
const readChanges = bySide({ customer: CERT_CHANGE_CODES.customerRead, staff: CERT_CHANGE_CODES.staffPage });
/** A customer's draft and submit: a user of a company holding `application_apply`. */
const customerWrite = bySide({ customer: CERT_CHANGE_CODES.customerWrite });

const read = <I extends z.ZodType, S extends Sides>(
  name: string,
  call: CallDef,
  input: I,
  side: SideRule<S>,
) => defineAction({ name, call, input, ...side, writes: false });
const write = <I extends z.ZodType, S extends Sides>(
  name: string,
  call: CallDef,
  input: I,
  side: SideRule<S>,
) => defineAction({ name, call, input, ...side, writes: true });

/**
 * The calls beside the page's definition; blade/modules/cert-change serves each with actionRoute. The draft's and the
 * classification's inputs are built with a translator (the form shows their texts in the user's language): blade/
 * parses them with the zh texts in the handler, so they are declared `z.unknown()` here.
 */
export const CERT_CHANGE_ACTION = {
  canApply: read(
    'canApply',
    CERT_CHANGE_CALLS.canApply,
    z.object({ certificateId: idSchema }),
    bySide({ customer: CERT_CHANGE_CODES.customerRead }),
  ),
  /** Pure: which kind of change the types make (no record, no side). */
  classify: defineAction({
    name: 'classify',
    call: CERT_CHANGE_CALLS.classify,
    input: z.unknown(),
    access: {},
    writes: false,
  }),
  cccFiles: read('cccFiles', CERT_CHANGE_CALLS.cccFiles, changeFilesInput, readChanges),
  cqstFiles: read('cqstFiles', CERT_CHANGE_CALLS.cqstFiles, changeFilesInput, readChanges),
  files: read('files', CERT_CHANGE_CALLS.files, changeFilesInput, readChanges),
  saveCcc: write('saveCcc', CERT_CHANGE_CALLS.saveCcc, z.unknown(), customerWrite),
  saveCqst: write('saveCqst', CERT_CHANGE_CALLS.saveCqst, z.unknown(), customerWrite),
  submitCcc: write('submitCcc', CERT_CHANGE_CALLS.submitCcc, changeIdInput, customerWrite),
  submitCqst: write('submitCqst', CERT_CHANGE_CALLS.submitCqst, changeIdInput, customerWrite),
  page: read('page', CERT_CHANGE_CALLS.page, changePageQuery, readChanges),
  cccPage: read('cccPage', CERT_CHANGE_CALLS.cccPage, changePageQuery, readChanges),
  expProofPage: read('expProofPage', CERT_CHANGE_CALLS.expProofPage, changePageQuery, readChanges),
  detail: read('detail', CERT_CHANGE_CALLS.detail, changeIdInput, readChanges),
  ...(Object.fromEntries(
    CHANGE_STEP_NAMES.map((name) => [
      name,
      write(name, CERT_CHANGE_CALLS[name], stepInput, bySide({ staff: CHANGE_STEPS[name].code })),
    ]),
  ) as Record<ChangeStep, ActionDef<typeof stepInput, { staff: string }>>),
  /** Unified certificates: a customer its company's groups, staff with the certificate page's code. */
  unifiedPage: read(
    'unifiedPage',
    CERT_CHANGE_CALLS.unifiedPage,
    z.object({ ...pagingInput, holderName: blank(z.string().trim().max(100, '不能超过100个字符')) }),
    bySide({ customer: CERT_CHANGE_CODES.customerRead, staff: CERT_CHANGE_CODES.certificatePage }),
  ),
};

export const CERT_CHANGE_ACTIONS = Object.values(CERT_CHANGE_ACTION);
