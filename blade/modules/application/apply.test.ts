import { NUMBER_COUNTERS } from '../../../lib/contracts/application/machine';
import { withTenant } from '../../db/tenant';
import { nextId } from '../../core/ids';
import { addRole, addTenant, addUser, deptIds, grantMenu } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { customerOf, documentNodes, uploadInto } from './apply.test-helpers';
import { nextNumber } from './numbering';

// The customer's side of applications (README.md): drafts, batches, copies, deletion, submission with its number and
// required documents, and the isolation of companies and tenants on every call.

let h: Harness;
let admin: string;
let a: { token: string; companyId: string; userId: string };
let b: { token: string; companyId: string; userId: string };
let other: { token: string; companyId: string; userId: string };
const YEAR = new Date().getFullYear();

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
  a = await customerOf(h, PLATFORM, {
    name: '南阳防爆甲公司',
    creditCode: '91350100M000100Y43',
    account: 'cust_a',
  });
  b = await customerOf(h, PLATFORM, {
    name: '南阳防爆乙公司',
    creditCode: '91110108551385082Q',
    account: 'cust_b',
  });
  await addTenant(h.blade.db, {
    tenantId: '300031',
    tenantName: '另一机构',
    adminPassword: 'other-admin-pass',
  });
  other = await customerOf(h, '300031', {
    name: '丙公司',
    creditCode: '91350100M000100Y43',
    account: 'cust_c',
  });
});

const party = (name: string) => ({
  Name: name,
  CreditCode: '91350100M000100Y43',
  Address: '河南省南阳市工业路1号',
});
const full = {
  ...Object.fromEntries(
    (['applicant', 'manufacturer', 'factory'] as const).flatMap((p) =>
      Object.entries(party(`${p}公司`)).map(([k, v]) => [`${p}${k}`, v]),
    ),
  ),
  contactName: '李四',
  contactPhone: '13900000000',
  productName: '隔爆型三相异步电动机',
  productCategory: '2301',
  applicationType: 'new',
  models: [
    { model: 'YBX4-80M1-2', spec: '0.75kW', isSampleModel: true, differenceNote: '' },
    { model: 'YBX4-355L-4', spec: '315kW', isSampleModel: false, differenceNote: '机座号不同' },
  ],
  exMarkings: ['Ex db IIB T4 Gb', 'Ex tb IIIC T130°C Db'],
  standards: ['GB/T 3836.1-2021', 'GB/T 3836.2-2021', 'GB/T 3836.31-2021'],
};

const ccc = (call: string) => `/blade-customer/applicationForCcc/${call}`;
const cqst = (call: string) => `/blade-customer/cqstOrCnvEx/${call}`;
const cnex = (call: string) => `/blade-customer/cnex/${call}`;
const note = (call: string) => `/blade-customer/paymentNote/${call}`;
const batch = (call: string) => `/blade-customer/applicationBatch/${call}`;

/** Uploads a file into every must-upload node of the application's tree except those named. */
async function uploadRequired(token: string, functionCode: string, id: string, except: string[] = []) {
  const { nodes } = await documentNodes(h, token, functionCode, id);
  for (const node of nodes.filter((n) => n.mustUpload === 1 && !except.includes(n.catalogName)))
    expect(await uploadInto(h, token, { functionCode, dataId: id, fileCatalogId: node.id })).toMatchObject({
      code: 200,
    });
  return nodes;
}

describe('CCC applications of a customer', () => {
  let id: string;
  let batchNumber: string;

  it('saves a draft in a new batch, reads, updates and lists it', async () => {
    const saved = await h.call(ccc('saveApplicationForCcc'), a.token, { productName: '防爆电机' });
    expect(saved).toMatchObject({
      code: 200,
      data: {
        scheme: 'ccc',
        flowState: 'draft',
        applicationNo: '',
        companyId: a.companyId,
        companyName: '南阳防爆甲公司',
      },
    });
    id = saved.data.id;
    batchNumber = saved.data.batchNumber;
    expect(batchNumber).toMatch(new RegExp(`^PC${YEAR}\\d{6}$`));

    // A second unit joins the batch it names.
    const second = await h.call(ccc('saveApplicationForCcc'), a.token, {
      productName: '防爆灯具',
      batchNumber,
    });
    expect(second.data.batchNumber).toBe(batchNumber);

    const updated = await h.call(ccc('updateApplicationForCcc'), a.token, { id, ...full });
    expect(updated).toMatchObject({
      code: 200,
      data: {
        productName: '隔爆型三相异步电动机',
        exMarkings: ['Ex db IIB T4 Gb', 'Ex tb IIIC T130°C Db'],
        standards: 'GB/T 3836.1-2021,GB/T 3836.2-2021,GB/T 3836.31-2021',
        models: full.models,
        applicantCreditCode: '91350100M000100Y43',
      },
    });
    expect(
      (await h.call(ccc('selectApplicationForCccByApplicationForCcc'), a.token, { id })).data,
    ).toMatchObject({ id, productName: '隔爆型三相异步电动机', batchNumber });

    const list = await h.call(ccc('selectApplicationForCccByApplicationForCccList'), a.token, {
      current: 1,
      size: 10,
      batchNumber,
    });
    expect(list.data).toMatchObject({ total: 2, current: 1, size: 10 });
    const byName = await h.call(ccc('selectApplicationForCccByApplicationForCccList'), a.token, {
      productName: '三相',
    });
    expect(byName.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    const open = await h.call(ccc('selectApplicationForCccByIsFinished'), a.token, { isFinished: 0 });
    expect(open.data.total).toBe(2);
    expect(
      (await h.call(ccc('selectApplicationForCccByIsFinished'), a.token, { isFinished: 1 })).data.total,
    ).toBe(0);
    const last = await h.call(ccc('selectLastCCCByParameter'), a.token, { productName: '三相' });
    expect(last.data).toMatchObject({ id });

    const mine = await h.call(note('selectApplicationPage?current=1&size=20'), a.token);
    expect(mine.data.total).toBe(2);
    expect((await h.call(note('selectApplicationPage?isFinished=0'), a.token)).data.total).toBe(2);
    expect((await h.call(note('selectApplicationPage?isFinished=1'), a.token)).data.total).toBe(0);
    expect(await h.call(note('selectApplicationPage?isFinished=2'), a.token)).toMatchObject({ code: 400 });
  });

  it('keeps the step of the batch wizard', async () => {
    const saved = await h.call(batch('saveBatchStepByBatchNumber'), a.token, { batchNumber, step: 2 });
    expect(saved).toMatchObject({ code: 200, data: { batchNumber, scheme: 'ccc', step: 2 } });
    const read = await h.call(batch('selectApplicationBatchByBatchNumber'), a.token, { batchNumber });
    expect(read.data.step).toBe(2);
    expect(read.data.applications).toHaveLength(2);
    expect(
      await h.call(batch('saveBatchStepByBatchNumber'), a.token, { batchNumber, step: 'x' }),
    ).toMatchObject({
      code: 400,
      msg: 'step:步骤应为0到99之间的整数',
      // The rule names its message by key: the English portal shows it in English.
      errorCode: 'application.customer.stepInvalid',
      errorField: 'step',
    });
  });

  it('refuses a submission that lacks fields, then one that lacks a document, naming them', async () => {
    const empty = await h.call(ccc('saveApplicationForCcc'), a.token, { productName: '空草稿', batchNumber });
    const refused = await h.call(ccc(`submitApplicationForCcc?id=${empty.data.id}`), a.token, {});
    expect(refused).toMatchObject({ code: 400, errorCode: 'application.customer.missingFields' });
    expect(refused.msg).toContain('认证委托人名称');
    expect(refused.msg).toContain('防爆标志');

    const nodes = await uploadRequired(a.token, 'ccc_application', id, ['工厂信息表']);
    expect(nodes.filter((n) => n.mustUpload === 1).map((n) => n.catalogName)).toEqual([
      '认证委托书/申请书',
      '营业执照（三方）',
      '产品描述',
      '防爆图纸',
      '使用说明书',
      '工厂信息表',
    ]);
    const lacking = await h.call(ccc(`submitApplicationForCcc?id=${id}`), a.token, {});
    expect(lacking).toMatchObject({ code: 400, msg: '请先上传必需的申请资料：工厂信息表' });

    // The factory form arrives as a file uploaded on its own, then placed in its node.
    const plain = await uploadInto(h, a.token, {}, '工厂信息表.png');
    const factoryNode = nodes.find((n) => n.catalogName === '工厂信息表')!;
    const placed = await h.call(
      ccc(`insertCccFile?applicationId=${id}&fileCatalogId=${factoryNode.id}&fileId=${plain.data.id}`),
      a.token,
      {},
    );
    expect(placed).toMatchObject({
      code: 200,
      data: { catalogName: '工厂信息表', fileName: '工厂信息表.png' },
    });

    const submitted = await h.call(ccc(`submitApplicationForCcc?id=${id}`), a.token, {});
    expect(submitted).toMatchObject({ code: 200, data: { flowState: 'submitted' } });
    expect(submitted.data.applicationNo).toMatch(new RegExp(`^SQC${YEAR}\\d{6}$`));
    expect(submitted.data.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const files = await h.call(ccc(`selectCccFileListByBatchNumber?batchNumber=${batchNumber}`), a.token, {});
    expect(files.data).toHaveLength(6);
    expect(files.data[0]).toMatchObject({ applicationId: id, productName: '隔爆型三相异步电动机' });

    // Submitted: no more changes, no deletion, no more uploads.
    expect(await h.call(ccc('updateApplicationForCcc'), a.token, { id, remark: '改' })).toMatchObject({
      code: 400,
      msg: '只有草稿或被退回的申请可以修改',
    });
    expect(await h.call(note(`deleteCcc?id=${id}`), a.token, {})).toMatchObject({
      code: 400,
      msg: '只能删除草稿状态的申请',
    });
    expect(
      (
        await uploadInto(h, a.token, {
          functionCode: 'ccc_application',
          dataId: id,
          fileCatalogId: factoryNode.id,
        })
      ).status,
    ).toBe(403);
    expect(await h.call(ccc(`submitApplicationForCcc?id=${id}`), a.token, {})).toMatchObject({ code: 400 });
  });

  it('copies an application into a new draft and batch without its documents', async () => {
    const copy = await h.call(note(`copyApplicationForCcc?id=${id}`), a.token, {});
    expect(copy).toMatchObject({
      code: 200,
      data: {
        flowState: 'draft',
        applicationNo: '',
        productName: '隔爆型三相异步电动机',
        models: full.models,
      },
    });
    expect(copy.data.id).not.toBe(id);
    expect(copy.data.batchNumber).not.toBe(batchNumber);
    const files = await h.call(
      ccc(`selectCccFileListByBatchNumber?batchNumber=${copy.data.batchNumber}`),
      a.token,
      {},
    );
    expect(files.data).toEqual([]);

    // Drafts are deleted (softly): afterwards the id is gone for every call.
    expect(await h.call(note(`deleteCcc?id=${copy.data.id}`), a.token, {})).toMatchObject({ code: 200 });
    expect(
      await h.call(ccc('selectApplicationForCccByApplicationForCcc'), a.token, { id: copy.data.id }),
    ).toMatchObject({ status: 404 });
    const row = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('business_application')
        .select('is_deleted')
        .where('id', '=', copy.data.id)
        .executeTakeFirst(),
    );
    expect(row).toEqual({ is_deleted: 1 });
  });

  it('finds the caller company’s certificate by number', async () => {
    expect(await h.call(ccc('checkCertNumber?certNumber=2026232301000001'), a.token, {})).toMatchObject({
      code: 200,
      data: { exists: false },
    });
    expect(await h.call(ccc('checkCertNumber'), a.token, {})).toMatchObject({
      code: 400,
      msg: 'certNumber:请输入证书编号',
      errorCode: 'application.customer.certNumberRequired',
    });
  });

  it('lets staff read with the page codes but not write the customer calls', async () => {
    expect(await h.call(ccc('selectApplicationForCccByApplicationForCcc'), admin, { id })).toMatchObject({
      code: 200,
      data: { id },
    });
    expect(await h.call(ccc('saveApplicationForCcc'), admin, { productName: 'x' })).toMatchObject({
      status: 403,
    });
  });
});

describe('CQST and CNEx applications', () => {
  it('saves, updates, reads by batch, copies, deletes and submits a CQST application', async () => {
    const saved = await h.call(cqst('insertCqstOrCnvExDto'), a.token, { ...full, productCategory: '' });
    expect(saved).toMatchObject({ code: 200, data: { scheme: 'cqst', cnexType: '' } });
    const id = saved.data.id;
    expect(await h.call(cqst('updateCqstOrCnvExDto'), a.token, { id, trademark: 'NYFB' })).toMatchObject({
      data: { trademark: 'NYFB' },
    });
    expect((await h.call(cqst('selectCqstOrCnvExDto'), a.token, { id })).data.trademark).toBe('NYFB');
    // Another scheme's call does not reach it.
    expect(await h.call(ccc('selectApplicationForCccByApplicationForCcc'), a.token, { id })).toMatchObject({
      status: 404,
    });
    const inBatch = await h.call(
      cqst(`selectCqstByCqstListByBatchNumber?batchNumber=${saved.data.batchNumber}`),
      a.token,
      {},
    );
    expect(inBatch.data.map((r: { id: string }) => r.id)).toEqual([id]);

    const copy = await h.call(note(`copyCqst?id=${id}`), a.token, {});
    expect(copy).toMatchObject({
      code: 200,
      data: { scheme: 'cqst', trademark: 'NYFB', flowState: 'draft' },
    });
    expect(await h.call(note(`deleteCqst?id=${copy.data.id}`), a.token, {})).toMatchObject({ code: 200 });

    const refused = await h.call(cqst(`subMitCqst?id=${id}`), a.token, {});
    expect(refused.msg).toBe('请先上传必需的申请资料：申请书、营业执照、产品描述、防爆图纸、使用说明书');
    await uploadRequired(a.token, 'cqst_application', id);
    const submitted = await h.call(cqst(`subMitCqst?id=${id}`), a.token, {});
    expect(submitted).toMatchObject({ code: 200, data: { flowState: 'submitted' } });
    expect(submitted.data.applicationNo).toMatch(new RegExp(`^SQQ${YEAR}\\d{6}$`));
    expect(
      (
        await h.call(
          cqst(`selectCqstFileListByBatchNumber?batchNumber=${saved.data.batchNumber}`),
          a.token,
          {},
        )
      ).data,
    ).toHaveLength(5);
  });

  it('saves, updates, reads by batch, copies, deletes and submits a CNEx application', async () => {
    expect(await h.call(cnex('saveCnexDto'), a.token, { productName: '防爆电气设备检修' })).toMatchObject({
      code: 400,
      msg: 'cnexType:请选择CNEx申请类型',
    });
    const saved = await h.call(cnex('saveCnexDto'), a.token, {
      cnexType: 'scene',
      applicantName: '南阳防爆检修站',
      applicantCreditCode: '91110108551385082Q',
      applicantAddress: '南阳市',
      contactName: '王五',
      contactPhone: '13800000000',
    });
    expect(saved).toMatchObject({ code: 200, data: { scheme: 'cnex', cnexType: 'scene' } });
    const id = saved.data.id;
    const missing = await h.call(cnex(`submitCnex?id=${id}`), a.token, {});
    expect(missing.msg).toBe('请先填写：产品名称、依据标准');
    expect(
      await h.call(cnex('updateCnexDto'), a.token, {
        id,
        productName: '防爆电气设备检修',
        standards: 'GB/T 3836.13-2021',
      }),
    ).toMatchObject({ code: 200, data: { standards: 'GB/T 3836.13-2021' } });
    expect((await h.call(cnex('selectCnexDto'), a.token, { id })).data.productName).toBe('防爆电气设备检修');
    const inBatch = await h.call(cnex('selectCnexByBatchName'), a.token, {
      batchNumber: saved.data.batchNumber,
    });
    expect(inBatch.data.map((r: { id: string }) => r.id)).toEqual([id]);

    const copy = await h.call(note(`copyCnex?id=${id}`), a.token, {});
    expect(copy).toMatchObject({ code: 200, data: { cnexType: 'scene', flowState: 'draft' } });
    expect(await h.call(note(`deleteCnex?id=${copy.data.id}`), a.token, {})).toMatchObject({ code: 200 });

    await uploadRequired(a.token, 'cnex_application', id);
    const submitted = await h.call(cnex(`submitCnex?id=${id}`), a.token, {});
    expect(submitted).toMatchObject({ code: 200, data: { flowState: 'submitted' } });
    expect(submitted.data.applicationNo).toMatch(new RegExp(`^SQN${YEAR}\\d{6}$`));
    expect(
      (
        await h.call(
          cnex(`selectCnexFileListByBatchNumber?batchNumber=${saved.data.batchNumber}`),
          a.token,
          {},
        )
      ).data,
    ).toHaveLength(2);

    const page = await h.call(note('selectApplicationPage?scheme=cnex'), a.token);
    expect(page.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
  });
});

describe('isolation of companies and tenants', () => {
  let id: string;
  let batchNumber: string;
  let nodeId: string;

  beforeAll(async () => {
    const saved = await h.call(ccc('saveApplicationForCcc'), a.token, full);
    id = saved.data.id;
    batchNumber = saved.data.batchNumber;
    const { nodes } = await documentNodes(h, a.token, 'ccc_application', id);
    nodeId = nodes[0].id;
    expect(
      await uploadInto(h, a.token, { functionCode: 'ccc_application', dataId: id, fileCatalogId: nodeId }),
    ).toMatchObject({ code: 200 });
  });

  it.each([
    ['another company of the tenant', () => b.token],
    ['a customer of another tenant', () => other.token],
  ])('answers 404 to %s on every call about the application, its batch and files', async (_who, tokenOf) => {
    const token = tokenOf();
    const calls: [string, unknown][] = [
      [ccc('selectApplicationForCccByApplicationForCcc'), { id }],
      [ccc('updateApplicationForCcc'), { id, remark: 'x' }],
      [ccc(`submitApplicationForCcc?id=${id}`), {}],
      [note(`copyApplicationForCcc?id=${id}`), {}],
      [note(`deleteCcc?id=${id}`), {}],
      [ccc(`selectCccFileListByBatchNumber?batchNumber=${batchNumber}`), {}],
      [batch('selectApplicationBatchByBatchNumber'), { batchNumber }],
      [batch('saveBatchStepByBatchNumber'), { batchNumber, step: 1 }],
      [ccc('saveApplicationForCcc'), { batchNumber }],
    ];
    for (const [path, body] of calls)
      expect([path, (await h.call(path, token, body)).status]).toEqual([path, 404]);
    const plain = await uploadInto(h, token, {});
    expect(
      (
        await h.call(
          ccc(`insertCccFile?applicationId=${id}&fileCatalogId=${nodeId}&fileId=${plain.data.id}`),
          token,
          {},
        )
      ).status,
    ).toBe(404);
    expect((await documentNodes(h, token, 'ccc_application', id)).status).toBe(404);
    expect(
      (await uploadInto(h, token, { functionCode: 'ccc_application', dataId: id, fileCatalogId: nodeId }))
        .status,
    ).toBe(404);
    const lists = await h.call(ccc('selectApplicationForCccByApplicationForCccList'), token, { batchNumber });
    expect(lists.data.total).toBe(0);
    expect((await h.call(ccc('selectLastCCCByParameter'), token, {})).data?.id).not.toBe(id);
    // The application is untouched.
    expect(
      (await h.call(ccc('selectApplicationForCccByApplicationForCcc'), a.token, { id })).data,
    ).toMatchObject({
      flowState: 'draft',
      remark: '',
    });
  });

  it('does not place another user’s file', async () => {
    const theirs = await uploadInto(h, b.token, {});
    expect(
      (
        await h.call(
          ccc(`insertCccFile?applicationId=${id}&fileCatalogId=${nodeId}&fileId=${theirs.data.id}`),
          a.token,
          {},
        )
      ).status,
    ).toBe(404);
  });
});

describe('application numbers', () => {
  async function submittedDraft() {
    const saved = await h.call(ccc('saveApplicationForCcc'), a.token, full);
    await uploadRequired(a.token, 'ccc_application', saved.data.id);
    const submitted = await h.call(ccc(`submitApplicationForCcc?id=${saved.data.id}`), a.token, {});
    expect(submitted.code).toBe(200);
    return Number((submitted.data.applicationNo as string).slice(-6));
  }

  it('are unique and consecutive, and a number taken in a rolled-back transaction is never committed', async () => {
    const first = await submittedDraft();
    const second = await submittedDraft();
    expect(second).toBe(first + 1);
    await expect(
      withTenant(h.blade.db, PLATFORM, async (trx) => {
        await nextNumber(trx, PLATFORM, NUMBER_COUNTERS.application('ccc', YEAR));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The counter is a row updated in the caller's transaction: a submit that rolls back takes its increment back
    // with it, so its number was never committed anywhere and the next submit gets it (no committed number twice).
    const third = await submittedDraft();
    expect(third).toBe(second + 1);
    const numbers = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('business_application')
        .select('application_no')
        .where('application_no', 'is not', null)
        .execute(),
    );
    const all = numbers.map((n) => n.application_no);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('bad input', () => {
  it.each([
    [
      { applicantCreditCode: '91350100M000100Y44' },
      'applicantCreditCode:认证委托人统一社会信用代码校验位不正确，请核对',
    ],
    [
      { factoryCreditCode: 'ABC' },
      'factoryCreditCode:生产企业统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）',
    ],
    [
      { exMarkings: ['Ex db IIB T4 Gb', 'Ex d IIIC T4 Db'] },
      'exMarkings.1:防爆标志“Ex d IIIC T4 Db”中的防爆型式“d”不适用于设备类别 IIIC',
    ],
    [
      { exMarkings: ['Ex tb IIIC T4 Db'] },
      'exMarkings.0:防爆标志“Ex tb IIIC T4 Db”：粉尘环境（IIIC）应标最高表面温度（如 T80°C），“T4”不正确',
    ],
    [
      {
        models: [
          { model: 'A1', isSampleModel: true },
          { model: 'a1', isSampleModel: false },
        ],
      },
      'models.1.model:型号“a1”重复',
    ],
    [{ models: [{ model: 'A1', isSampleModel: false }] }, 'models:请至少指定一个代表型号'],
    [{ productCategory: '2399' }, 'productCategory:产品类别应为2301至2317之一'],
    [{ applicationType: 'change' }, 'certNumber:变更或换证申请请填写原证书编号'],
    [{ standards: 'GB3836' }, 'standards:标准编号“GB3836”格式不正确，应如 GB/T 3836.1-2021'],
    [{ contactPhone: 'call me' }, 'contactPhone:请输入正确的联系电话'],
    [{ batchNumber: 'PC1' }, 'batchNumber:批次号格式不正确'],
  ])('refuses %j with its message', async (body, msg) => {
    const res = await h.call(ccc('saveApplicationForCcc'), a.token, body);
    expect(res).toMatchObject({ status: 400, code: 400, msg });
  });

  it('refuses a change to a returned-or-draft application that breaks the rules across fields', async () => {
    const saved = await h.call(ccc('saveApplicationForCcc'), a.token, {});
    expect(
      await h.call(ccc('updateApplicationForCcc'), a.token, {
        id: saved.data.id,
        applicationType: 'renewal',
      }),
    ).toMatchObject({ code: 400, msg: '变更或换证申请请填写原证书编号' });
    expect(await h.call(ccc('updateApplicationForCcc'), a.token, { id: 'x' })).toMatchObject({
      code: 400,
      msg: 'id:申请ID不正确',
    });
    expect(await h.call(note('deleteCcc?id=abc'), a.token, {})).toMatchObject({ code: 400 });
    expect(await h.call(note('selectApplicationPage?flowState=nowhere'), a.token)).toMatchObject({
      code: 400,
      msg: 'flowState:状态不正确',
    });
  });
});

describe('notice of a submission', () => {
  it('tells the staff holding the acceptance code, and nobody else', async () => {
    // The staff side seeds the acceptance button; here the menu row alone stands for it.
    const menuId = nextId();
    await h.blade.db
      .insertInto('blade_menu')
      .values({ id: menuId, parent_id: '0', code: 'application_accept', name: '受理', category: 2 })
      .execute();
    const clerkRole = await addRole(h.blade.db, PLATFORM, { name: '受理员', alias: 'clerk' });
    await grantMenu(h.blade.db, PLATFORM, clerkRole, 'application_accept');
    const depts = await deptIds(h.blade.db, PLATFORM);
    const clerk = await addUser(h.blade.db, PLATFORM, {
      account: 'clerk',
      password: 'clerk-pass-1',
      roleIds: [clerkRole],
      deptIds: depts.slice(0, 1),
    });
    const bystander = await addUser(h.blade.db, PLATFORM, {
      account: 'bystander',
      password: 'bystander-pass-1',
      roleIds: [await addRole(h.blade.db, PLATFORM, { name: '其他', alias: 'other' })],
      deptIds: depts.slice(0, 1),
    });

    const saved = await h.call(ccc('saveApplicationForCcc'), a.token, full);
    await uploadRequired(a.token, 'ccc_application', saved.data.id);
    const submitted = await h.call(ccc(`submitApplicationForCcc?id=${saved.data.id}`), a.token, {});
    const messages = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_message')
        .select(['user_id', 'title', 'content'])
        .where('title', 'like', `%${submitted.data.applicationNo}%`)
        .execute(),
    );
    // The acceptance clerk hears of it (administrators hold every code and may too); the step's notice names the
    // number and the step.
    expect(messages).toContainEqual({
      user_id: clerk,
      title: `申请${submitted.data.applicationNo}：提交申请`,
      content: `申请${submitted.data.applicationNo}（隔爆型三相异步电动机）已提交申请，当前状态：已提交。`,
    });
    expect(messages.some((m) => m.user_id === a.userId)).toBe(false);
    expect(messages.some((m) => m.user_id === bystander)).toBe(false);
  });
});

describe('a returned application', () => {
  it('is changed and resubmitted under its number', async () => {
    const saved = await h.call(ccc('saveApplicationForCcc'), a.token, full);
    const id = saved.data.id as string;
    const nodes = await uploadRequired(a.token, 'ccc_application', id);
    const first = await h.call(ccc(`submitApplicationForCcc?id=${id}`), a.token, {});
    // The acceptance clerk's retreat (the staff side's call) leaves it so.
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .updateTable('business_application')
        .set({ flow_state: 'returned', retreat_reason: '图纸不清晰' })
        .where('id', '=', id)
        .execute(),
    );
    expect(await h.call(ccc('updateApplicationForCcc'), a.token, { id, remark: '已补充图纸' })).toMatchObject(
      {
        code: 200,
        data: { remark: '已补充图纸', retreatReason: '图纸不清晰' },
      },
    );
    const drawings = nodes.find((n) => n.catalogName === '防爆图纸')!;
    expect(
      await uploadInto(h, a.token, {
        functionCode: 'ccc_application',
        dataId: id,
        fileCatalogId: drawings.id,
      }),
    ).toMatchObject({ code: 200 });
    const again = await h.call(ccc(`submitApplicationForCcc?id=${id}`), a.token, {});
    expect(again).toMatchObject({
      code: 200,
      data: { flowState: 'submitted', applicationNo: first.data.applicationNo },
    });
  });
});

describe('staff', () => {
  it('without a business-management page code are refused the customer calls’ reads', async () => {
    const role = await addRole(h.blade.db, PLATFORM, { name: '无权限', alias: 'nobody' });
    await addUser(h.blade.db, PLATFORM, {
      account: 'nobody',
      password: 'nobody-pass-1',
      roleIds: [role],
      deptIds: (await deptIds(h.blade.db, PLATFORM)).slice(0, 1),
    });
    const token = (await h.login('nobody', 'nobody-pass-1')).access_token;
    expect((await h.call(note('selectApplicationPage'), token)).status).toBe(403);
    expect((await h.call(ccc('selectApplicationForCccByApplicationForCcc'), token, { id: '1' })).status).toBe(
      403,
    );
  });
});
