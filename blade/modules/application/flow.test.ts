import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  APPLICATION_CODES,
  MACHINES,
  type ApplicationRole,
  type ApplicationState,
  type Scheme,
} from '../../../lib/contracts/application/machine';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addUser, deptIds, grantMenus, roleIdByAlias, staffOf } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import {
  addApplication,
  addCompany,
  addCustomerUser,
  addTenantPair,
  SAMPLE_MODEL,
  type ApplicationValues,
} from './apply.test-helpers';
import { ensureCustomerRole } from '../customer/customer.repository';
import { STAFF_ROLES } from './staff-roles';

// The staff side of applications through the real calls: every step for its role from each of its states, the
// refusals (state, code, side, reason, segregation) writing nothing, concurrent acceptance, the three schemes' paths
// to a certificate, the pages, timeline and certificates kept to their company and tenant, and the messages.

let h: Harness;
const T = '320001';
const U = '320002';
const FLOW = '/blade-customer/applicationFlow/transit';
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};
let companyA = '';
let companyB = '';
let companyU = '';

const WHO: Record<ApplicationRole, string> = {
  apply: 'customerA',
  accept: 'clerk',
  sample: 'sampler',
  test: 'tester',
  inspect: 'inspector',
  evaluate: 'evaluator',
  decide: 'decider',
  terminate: 'engineer',
};

async function customer(tenant: string, account: string, companyId: string, roleId: string) {
  ({ userId: users[account], token: tokens[account] } = await addCustomerUser(
    h,
    tenant,
    account,
    companyId,
    roleId,
  ));
}

const company = (tenant: string, name: string, creditCode: string) => addCompany(h, tenant, name, creditCode);

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  // The customer's step code is the customer side's page button; a database without it yet gets it here.
  if (
    !(await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'application_apply')
      .executeTakeFirst())
  )
    await db
      .insertInto('blade_menu')
      .values({
        id: nextId(),
        parent_id: '0',
        code: 'application_apply',
        name: '申请',
        alias: 'apply',
        path: '/application/apply',
        source: '',
        sort: 1,
        category: 2,
        action: 1,
        remark: '',
      })
      .execute();
  for (const added of await addTenantPair(db, T, U)) expect(added).toHaveLength(STAFF_ROLES.length);
  const [dept] = await deptIds(db, T);
  for (const staff of STAFF_ROLES) {
    const account = WHO[staff.role];
    users[account] = await addUser(db, T, {
      account,
      password: 'staff-pass',
      realName: `${staff.name}甲`,
      roleIds: [await roleIdByAlias(db, T, APPLICATION_CODES[staff.role])],
      deptIds: [dept],
    });
  }
  // A second clerk (concurrent acceptance), a staff user holding the test and decision codes (segregation) and one
  // holding only the page (no step code).
  const clerkRole = await roleIdByAlias(db, T, APPLICATION_CODES.accept);
  users.clerk2 = await addUser(db, T, {
    account: 'clerk2',
    password: 'staff-pass',
    roleIds: [clerkRole],
    deptIds: [dept],
  });
  users.both = await addUser(db, T, {
    account: 'both',
    password: 'staff-pass',
    roleIds: [
      await roleIdByAlias(db, T, APPLICATION_CODES.test),
      await roleIdByAlias(db, T, APPLICATION_CODES.decide),
      await roleIdByAlias(db, T, APPLICATION_CODES.evaluate),
    ],
    deptIds: [dept],
  });
  const viewer = await withTenant(db, T, async (trx) => {
    const id = nextId();
    await trx
      .insertInto('blade_role')
      .values({ id, tenant_id: T, role_name: '查看', role_alias: 'viewer' })
      .execute();
    return id;
  });
  await grantMenus(db, T, viewer, ['business_management', 'ccc_business', 'cqst_business']);
  users.viewer = await addUser(db, T, {
    account: 'viewer',
    password: 'staff-pass',
    roleIds: [viewer],
    deptIds: [dept],
  });
  for (const account of [
    'clerk',
    'clerk2',
    'sampler',
    'tester',
    'inspector',
    'evaluator',
    'decider',
    'engineer',
    'both',
    'viewer',
  ])
    tokens[account] = (await h.login(account, 'staff-pass', T)).access_token;
  tokens.uClerk = (await staffOf(h, U, 'uclerk', APPLICATION_CODES.accept)).token;

  companyA = await company(T, '甲防爆电器有限公司', '91410100MA00000A1X');
  companyB = await company(T, '乙防爆电器有限公司', '91410100MA00000B2X');
  companyU = await company(U, '丙防爆电器有限公司', '91410100MA00000C3X');
  for (const [tenant, account, companyId] of [
    [T, 'customerA', companyA],
    [T, 'customerA2', companyA],
    [T, 'customerB', companyB],
    [U, 'customerU', companyU],
  ] as const) {
    const role = await withTenant(db, tenant, (trx) => ensureCustomerRole(trx, tenant));
    await grantMenus(db, tenant, role, ['application_apply']);
    await customer(tenant, account, companyId, role);
  }
}, SETUP_TIMEOUT * 2);

interface NewApplication {
  scheme?: Scheme;
  state?: ApplicationState;
  companyId?: string;
  tenant?: string;
  values?: ApplicationValues;
}

let serial = 0;
/** An application row as the customer side would leave it in `state` (the customer calls are written elsewhere). */
async function application(options: NewApplication = {}): Promise<string> {
  const { scheme = 'ccc', state = 'submitted', tenant = T } = options;
  serial += 1;
  return addApplication(h.blade.db, tenant, {
    scheme,
    cnex_type: scheme === 'cnex' ? 'scene' : null,
    application_no: state === 'draft' ? null : `SQX2026${String(serial).padStart(6, '0')}`,
    company_id: options.companyId ?? companyA,
    product_name: `隔爆型电动机${serial}`,
    models: JSON.stringify([{ ...SAMPLE_MODEL, spec: '0.75kW' }]),
    standards: 'GB/T 3836.1-2021,GB/T 3836.2-2021',
    flow_state: state,
    ...options.values,
  });
}

async function stateOf(id: string, tenant = T) {
  return withTenant(h.blade.db, tenant, async (trx) => {
    const row = await trx
      .selectFrom('business_application')
      .select(['flow_state', 'is_finished', 'certificate_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const history = await trx
      .selectFrom('blade_status_history')
      .select(sql<string>`count(*)`.as('n'))
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      state: row.flow_state,
      finished: Number(row.is_finished),
      cert: row.certificate_id,
      history: Number(history.n),
    };
  });
}

const transit = (who: string, id: string, action: string, extra: Record<string, unknown> = {}) =>
  h.call(FLOW, tokens[who], { id, action, ...extra });

/** A step's data that the call needs beside its name. */
const stepData = (name: string): Record<string, unknown> => ({
  reason: '原因说明',
  ...(name === 'passTest' ? { testConclusion: '符合 GB/T 3836.1-2021、GB/T 3836.2-2021' } : {}),
});

/** What a row needs to pass the step's preconditions (evaluation: a test conclusion and a passed check). */
async function readyFor(name: string, id: string) {
  if (name !== 'evaluate') return;
  await withTenant(h.blade.db, T, async (trx) => {
    await trx
      .updateTable('business_application')
      .set({ test_conclusion: '合格' })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('business_factory_check')
      .values({
        id: nextId(),
        tenant_id: T,
        application_id: id,
        check_date: '2026-11-20',
        inspector_id: users.inspector,
        result: 'pass',
      })
      .execute();
  });
}

describe.each(['ccc', 'cqst', 'cnex'] as const)('every %s step', (scheme) => {
  const steps = MACHINES[scheme].filter((t) => t.name !== 'submit');
  for (const t of steps)
    for (const from of t.from)
      it(`${t.name} from ${from} by ${t.role}`, async () => {
        const id = await application({ scheme, state: from });
        await readyFor(t.name, id);
        let answer;
        if (t.name === 'sampleSent')
          answer = await h.call('/blade-customer/flowInstance/sampleSent', tokens.customerA, {
            id,
            courierNo: 'SF123',
          });
        else if (t.name === 'inspectPass' || t.name === 'inspectNc')
          answer = await h.call('/business-service/factoryCheck/saveResult', tokens.inspector, {
            applicationId: id,
            checkDate: '2026-11-25',
            result: t.name === 'inspectPass' ? 'pass' : 'nc',
            ncItems: '接线盒隔爆面粗糙度不符合',
            conclusion: '检查结论',
          });
        else answer = await transit(WHO[t.role], id, t.name, stepData(t.name));
        expect(answer).toMatchObject({ code: 200 });
        expect(await stateOf(id)).toMatchObject({ state: t.to, history: 1 });
      });
});

describe.each(['ccc', 'cqst', 'cnex'] as const)('%s steps from another state', (scheme) => {
  const steps = MACHINES[scheme].filter(
    (t) => !['submit', 'sampleSent', 'inspectPass', 'inspectNc'].includes(t.name),
  );
  it.each(steps.map((t) => [t.name, t] as const))('refuses %s, writing nothing', async (_name, t) => {
    const wrong = (['draft', 'issued', 'terminated'] as const).find((state) => !t.from.includes(state))!;
    const id = await application({ scheme, state: wrong });
    await readyFor(t.name, id);
    const answer = await transit(WHO[t.role], id, t.name, stepData(t.name));
    expect(answer).toMatchObject({ code: 400, msg: `申请的状态已改变（当前：${wrong}），请刷新后重试` });
    expect(await stateOf(id)).toMatchObject({ state: wrong, history: 0, cert: null });
  });
});

describe('refusals write nothing', () => {
  it('refuses a step from another state with the state-changed text', async () => {
    const id = await application({ state: 'accepted' });
    const answer = await transit('clerk', id, 'accept');
    expect(answer).toMatchObject({ code: 400, msg: '申请的状态已改变（当前：accepted），请刷新后重试' });
    expect(await stateOf(id)).toMatchObject({ state: 'accepted', history: 0 });
  });

  it('refuses every staff step to a caller without its code', async () => {
    for (const t of MACHINES.ccc.filter((s) => s.role !== 'apply' && !s.name.startsWith('inspect'))) {
      const id = await application({ state: t.from[0] });
      const who = t.role === 'accept' ? 'tester' : 'clerk';
      const answer = await transit(who, id, t.name, stepData(t.name));
      expect([t.name, answer.code, answer.msg]).toEqual([t.name, 400, '没有办理此步骤的权限']);
      expect(await stateOf(id)).toMatchObject({ state: t.from[0], history: 0 });
    }
  });

  it('answers 403 to the step call of a caller holding no step code, and lets a page holder read the case', async () => {
    const id = await application({ state: 'submitted' });
    // The viewer holds the business pages only: the call's declared sides turn it away before the body is read.
    expect(await transit('viewer', id, 'accept')).toMatchObject({ code: 403 });
    expect(await stateOf(id)).toMatchObject({ state: 'submitted', history: 0 });
    const timeline = await h.call(`/blade-flow/flow_timeline_by_businessId?businessId=${id}`, tokens.viewer);
    expect(timeline).toMatchObject({ code: 200, data: [] });
    // The sample dispatch is the company's step alone: staff holding a step code are turned away by side.
    expect(
      await h.call('/blade-customer/flowInstance/sampleSent', tokens.clerk, { id, courierNo: 'SF1' }),
    ).toMatchObject({ code: 403 });
  });

  it('refuses a customer a staff step and staff a customer step', async () => {
    const id = await application({ state: 'submitted' });
    expect(await transit('customerA', id, 'accept')).toMatchObject({
      code: 400,
      msg: '此步骤由认证机构人员办理',
    });
    expect(await transit('clerk', id, 'withdraw')).toMatchObject({ code: 400, msg: '此步骤由申请企业办理' });
    expect(await stateOf(id)).toMatchObject({ state: 'submitted', history: 0 });
  });

  it('requires the reason of a return, rectification, refusal and termination', async () => {
    for (const [who, state, action] of [
      ['clerk', 'submitted', 'retreat'],
      ['tester', 'testing', 'rectify'],
      ['decider', 'decision', 'refuse'],
      ['engineer', 'testing', 'terminate'],
    ] as const) {
      const id = await application({ state });
      expect(await transit(who, id, action, { reason: '  ' })).toMatchObject({
        code: 400,
        msg: '请填写原因',
      });
      expect(await stateOf(id)).toMatchObject({ state, history: 0 });
    }
  });

  it('requires the test conclusion of passTest, and evaluation its preconditions', async () => {
    const testing = await application({ state: 'testing' });
    expect(await transit('tester', testing, 'passTest')).toMatchObject({ code: 400, msg: '请填写检测结论' });
    expect(await stateOf(testing)).toMatchObject({ state: 'testing', history: 0 });
    const evaluation = await application({ state: 'evaluation' });
    expect(await transit('evaluator', evaluation, 'evaluate')).toMatchObject({
      code: 400,
      msg: '尚无检测结论，不能评定',
    });
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .updateTable('business_application')
        .set({ test_conclusion: '合格' })
        .where('id', '=', evaluation)
        .execute(),
    );
    expect(await transit('evaluator', evaluation, 'evaluate')).toMatchObject({
      code: 400,
      msg: '尚无通过的工厂检查，不能评定',
    });
    expect(await stateOf(evaluation)).toMatchObject({ state: 'evaluation', history: 0 });
  });

  it("links a test report only when it is one of the application's own documents", async () => {
    const testing = await application({ state: 'testing' });
    const other = await application({ state: 'testing' });
    const fileOf = async (dataId: string) => {
      const id = randomBytes(16).toString('hex');
      await withTenant(h.blade.db, T, (trx) =>
        trx
          .insertInto('blade_file')
          .values({
            id,
            tenant_id: T,
            storage: 'local',
            object_key: `reports/${id}`,
            original_filename: '型式试验报告.pdf',
            suffix: 'pdf',
            content_type: 'application/pdf',
            size: 1024,
            sha256: '0'.repeat(64),
            function_code: 'ccc_application',
            data_id: dataId,
          })
          .execute(),
      );
      return id;
    };
    const conclusion = { testConclusion: '符合 GB/T 3836.1-2021' };
    for (const testReportFileId of [await fileOf(other), 'f'.repeat(32)]) {
      expect(await transit('tester', testing, 'passTest', { ...conclusion, testReportFileId })).toMatchObject(
        {
          code: 400,
          msg: '所选报告不是本申请的资料文件',
        },
      );
      expect(await stateOf(testing)).toMatchObject({ state: 'testing', history: 0 });
    }
    const own = await fileOf(testing);
    const passed = await transit('tester', testing, 'passTest', { ...conclusion, testReportFileId: own });
    expect(passed.data).toMatchObject({ flowState: 'factory_inspection' });
    const row = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('business_application')
        .select('test_report_file_id')
        .where('id', '=', testing)
        .executeTakeFirstOrThrow(),
    );
    expect(row.test_report_file_id).toBe(own);
  });

  it('keeps the decider from being the tester, inspector or evaluator, and the evaluator from testing', async () => {
    for (const [column, msg] of [
      ['tester_id', '评定或决定人不能是本申请的检测人员'],
      ['inspector_id', '评定或决定人不能是本申请的工厂检查人员'],
      ['evaluator_id', '决定人不能是本申请的评定人员'],
    ] as const) {
      const id = await application({ state: 'decision', values: { [column]: users.both } });
      expect(await transit('both', id, 'issue')).toMatchObject({ code: 400, msg });
      expect(await stateOf(id)).toMatchObject({ state: 'decision', history: 0, cert: null });
    }
    const id = await application({
      state: 'evaluation',
      values: { tester_id: users.both, test_conclusion: '合格' },
    });
    await readyFor('evaluate', id);
    expect(await transit('both', id, 'evaluate')).toMatchObject({
      code: 400,
      msg: '评定或决定人不能是本申请的检测人员',
    });
  });

  it('answers 404 for another company, another tenant and a bad id', async () => {
    const id = await application({ state: 'submitted' });
    expect((await transit('customerB', id, 'withdraw')).code).toBe(404);
    expect((await h.call(FLOW, tokens.uClerk, { id, action: 'accept' })).code).toBe(404);
    expect((await transit('clerk', id, 'accept', { id: 'x' })).code).toBe(400);
    expect(await stateOf(id)).toMatchObject({ state: 'submitted', history: 0 });
  });
});

it('lets one of two clerks accepting at once succeed; the other is told the state changed', async () => {
  const id = await application({ state: 'submitted' });
  const answers = await Promise.all([transit('clerk', id, 'accept'), transit('clerk2', id, 'accept')]);
  expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
  expect(answers.find((a) => a.code === 400)!.msg).toBe('申请的状态已改变（当前：accepted），请刷新后重试');
  expect(await stateOf(id)).toMatchObject({ state: 'accepted', history: 1 });
});

async function messagesOf(account: string) {
  return withTenant(h.blade.db, T, (trx) =>
    trx
      .selectFrom('blade_message')
      .select(['title', 'content'])
      .where('user_id', '=', users[account])
      .orderBy('id')
      .execute(),
  );
}

describe('a CCC application from draft to its certificate', () => {
  let id = '';
  /** The certificate the run below issued. */
  const issuedCertificate = async () =>
    (
      await withTenant(h.blade.db, T, (trx) =>
        trx
          .selectFrom('business_application')
          .select('certificate_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      )
    ).certificate_id!;
  /** Moves that certificate's last day. */
  const setValidTo = async (day: string) => {
    const certId = await issuedCertificate();
    await withTenant(h.blade.db, T, (trx) =>
      trx.updateTable('business_certificate').set({ valid_to: day }).where('id', '=', certId).execute(),
    );
  };
  it('runs every step, answering the application after each', async () => {
    id = await application({ state: 'draft', values: { application_no: 'SQC2026999001' } });
    // Submission is the customer side's call; its state change is the same transition.
    await withTenant(h.blade.db, T, async (trx) => {
      const { applyTransition } = await import('./transition');
      await applyTransition(
        trx,
        { auth: { tenantId: T, userId: users.customerA } as never, companyId: companyA, holds: () => true },
        { id, name: 'submit' },
      );
    });
    const clerkMessages = await messagesOf('clerk');
    expect(clerkMessages.some((m) => m.title === '申请SQC2026999001：提交申请')).toBe(true);
    expect((await messagesOf('tester')).some((m) => m.title.startsWith('申请SQC2026999001'))).toBe(false);

    expect((await transit('clerk', id, 'accept')).data).toMatchObject({
      flowState: 'accepted',
      engineerName: '受理员甲',
    });
    expect((await transit('clerk', id, 'noticeFee')).data.flowState).toBe('fee_noticed');
    const sent = await h.call('/blade-customer/flowInstance/sampleSent', tokens.customerA, {
      id,
      courierNo: 'SF1234567890',
    });
    expect(sent.data).toMatchObject({
      flowState: 'samples_sent',
      sampleSent: 1,
      sampleCourierNo: 'SF1234567890',
    });
    const asked = await h.call('/blade-customer/flowInstance/ifSampleSent', tokens.clerk, { id });
    expect(asked.data).toMatchObject({ sampleSent: 1, courierNo: 'SF1234567890', receivedAt: '' });
    expect((await transit('sampler', id, 'receiveSamples')).data.samplesReceivedAt).not.toBe('');
    expect((await transit('tester', id, 'startTest')).data.testerId).toBe(users.tester);
    expect((await transit('tester', id, 'rectify', { reason: '外壳耐压试验不通过' })).data.flowState).toBe(
      'rectification',
    );
    expect((await transit('tester', id, 'resumeTest')).data.flowState).toBe('testing');
    expect(
      (await transit('tester', id, 'passTest', { testConclusion: '符合 GB/T 3836.1-2021、GB/T 3836.2-2021' }))
        .data,
    ).toMatchObject({
      flowState: 'factory_inspection',
      testConclusion: '符合 GB/T 3836.1-2021、GB/T 3836.2-2021',
    });
    const nc = await h.call('/business-service/factoryCheck/saveResult', tokens.inspector, {
      applicationId: id,
      checkDate: '2026-11-24',
      result: 'nc',
      ncItems: '1. 例行检验记录不全',
      conclusion: '需整改',
    });
    expect(nc.data).toMatchObject({
      check: { result: 'nc', ncItems: '1. 例行检验记录不全' },
      application: { flowState: 'nc_correction' },
    });
    expect((await transit('inspector', id, 'recheck')).data.flowState).toBe('factory_inspection');
    const pass = await h.call('/business-service/factoryCheck/saveResult', tokens.inspector, {
      applicationId: id,
      checkDate: '2026-11-25',
      result: 'pass',
      conclusion: '工厂质量保证能力符合要求',
    });
    expect(pass.data.application).toMatchObject({
      flowState: 'evaluation',
      inspectionConclusion: '工厂质量保证能力符合要求',
    });
    const visits = await h.call(`/business-service/factoryCheck/list?applicationId=${id}`, tokens.customerA);
    expect(
      visits.data.map((v: { result: string; inspectorName: string }) => [v.result, v.inspectorName]),
    ).toEqual([
      ['nc', '工厂检查员甲'],
      ['pass', '工厂检查员甲'],
    ]);
    expect(
      (await transit('evaluator', id, 'evaluate', { evaluationComment: '同意发证' })).data.flowState,
    ).toBe('decision');
    const issued = await transit('decider', id, 'issue');
    expect(issued.data).toMatchObject({ flowState: 'issued', isFinished: 1 });
    const year = new Date().getFullYear();
    expect(issued.data.issuedCertNumber).toMatch(new RegExp(`^${year}232301\\d{6}$`));
    expect(issued.data.issuedCertNumber).toHaveLength(16);

    const cert = await h.call(
      `/blade-customer/certificate/detail?id=${issued.data.certificateId}`,
      tokens.customerA,
    );
    const today = new Date();
    const validTo = new Date(today.getFullYear() + 5, today.getMonth(), today.getDate() - 1);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(cert.data).toMatchObject({
      certNumber: issued.data.issuedCertNumber,
      version: 1,
      scheme: 'ccc',
      certStatus: 'valid',
      holderName: '甲防爆电器有限公司',
      productCategory: '2301',
      exMarkings: ['Ex db IIB T4 Gb'],
      issueDate: day(today),
      validTo: day(validTo),
    });
  });

  it('answers the timeline oldest first with who made each step', async () => {
    const timeline = await h.call(
      `/blade-flow/flow_timeline_by_businessId?businessId=${id}`,
      tokens.customerA,
    );
    expect(timeline.data.map((r: { action: string }) => r.action)).toEqual([
      'submit',
      'accept',
      'noticeFee',
      'sampleSent',
      'receiveSamples',
      'startTest',
      'rectify',
      'resumeTest',
      'passTest',
      'inspectNc',
      'recheck',
      'inspectPass',
      'evaluate',
      'issue',
    ]);
    expect(timeline.data[6]).toMatchObject({
      fromState: 'testing',
      toState: 'rectification',
      comment: '外壳耐压试验不通过',
      userName: '检测工程师甲',
    });
    expect(
      (await h.call(`/blade-flow/flow_timeline_by_businessId?businessId=${id}`, tokens.clerk)).data,
    ).toHaveLength(14);
  });

  it('keeps the timeline and certificates to the company and tenant', async () => {
    const certId = await issuedCertificate();
    for (const who of ['customerB', 'customerU', 'uClerk'])
      for (const path of [
        `/blade-flow/flow_timeline_by_businessId?businessId=${id}`,
        `/blade-customer/certificate/detail?id=${certId}`,
        `/business-service/factoryCheck/list?applicationId=${id}`,
      ])
        expect([who, path, (await h.call(path, tokens[who])).code]).toEqual([who, path, 404]);
    expect((await h.call('/blade-customer/certificate/page', tokens.customerB)).data.total).toBe(0);
    const own = await h.call('/blade-customer/certificate/page?current=1&size=10', tokens.customerA);
    expect(own.data.records.map((c: { id: string }) => c.id)).toContain(String(certId));
    // Staff read certificates with the page (every staff role has it); without it they are refused.
    expect((await h.call('/blade-customer/certificate/page', tokens.clerk)).code).toBe(200);
    expect((await h.call('/blade-customer/certificate/page', tokens.viewer)).code).toBe(403);
  });

  it('reads a valid certificate past its last day as expired, and finds it by that status', async () => {
    const certId = await issuedCertificate();
    const detail = `/blade-customer/certificate/detail?id=${certId}`;
    expect((await h.call(detail, tokens.customerA)).data.certStatus).toBe('valid');
    await setValidTo('2020-01-01');
    try {
      expect((await h.call(detail, tokens.customerA)).data.certStatus).toBe('expired');
      const expired = await h.call('/blade-customer/certificate/page?certStatus=expired', tokens.customerA);
      expect(expired.data.records.map((c: { id: string }) => c.id)).toEqual([String(certId)]);
      const valid = await h.call('/blade-customer/certificate/page?certStatus=valid', tokens.customerA);
      expect(valid.data.records.map((c: { id: string }) => c.id)).not.toContain(String(certId));
    } finally {
      await setValidTo('2031-11-25');
    }
  });

  it('finds the certificates still valid that expire within a number of days (the dashboard tile)', async () => {
    const certId = await issuedCertificate();
    const ids = async (query: string) =>
      (await h.call(`/blade-customer/certificate/page?${query}`, tokens.customerA)).data.records.map(
        (c: { id: string }) => c.id,
      );
    const inDays = (n: number) => {
      const d = new Date();
      d.setDate(d.getDate() + n);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await setValidTo(inDays(30));
    try {
      expect(await ids('expiresWithinDays=90')).toEqual([String(certId)]);
      expect(await ids('expiresWithinDays=90&certStatus=valid')).toEqual([String(certId)]);
      expect(await ids('expiresWithinDays=10')).toEqual([]);
      await setValidTo('2020-01-01');
      expect(await ids('expiresWithinDays=90')).toEqual([]);
      const bad = await h.call('/blade-customer/certificate/page?expiresWithinDays=abc', tokens.customerA);
      expect(bad.code).toBe(400);

      // alertLead=1: within the longest lead time of the enabled expiry alerts, 90 days while none is enabled.
      await setValidTo(inDays(120));
      expect(await ids('alertLead=1')).toEqual([]);
      const config = (leadDays: string, enabled: number) =>
        withTenant(h.blade.db, T, (trx) =>
          trx
            .insertInto('business_alert_cert_config')
            .values({
              id: nextId(),
              tenant_id: T,
              config_name: `提前${leadDays}`,
              lead_days: leadDays,
              enabled,
            })
            .returning('id')
            .executeTakeFirstOrThrow(),
        );
      const made = [await config('365', 0), await config('30,180', 1)];
      try {
        expect(await ids('alertLead=1')).toEqual([String(certId)]);
        await setValidTo(inDays(200));
        expect(await ids('alertLead=1')).toEqual([]);
        expect(await ids('alertLead=0')).toContain(String(certId));
      } finally {
        await withTenant(h.blade.db, T, (trx) =>
          trx
            .deleteFrom('business_alert_cert_config')
            .where(
              'id',
              'in',
              made.map((m) => m.id),
            )
            .execute(),
        );
      }
      expect(await h.call('/blade-customer/certificate/page?alertLead=2', tokens.customerA)).toMatchObject({
        code: 400,
        msg: 'alertLead:提醒期内到期筛选只能为0或1',
      });
    } finally {
      await setValidTo('2031-11-25');
    }
  });

  it("tells the company's users of every step, with the return and rectification reasons", async () => {
    for (const account of ['customerA', 'customerA2']) {
      const titles = (await messagesOf(account)).filter((m) => m.title.startsWith('申请SQC2026999001'));
      expect(titles.map((m) => m.title)).toContain('申请SQC2026999001：发证');
      expect(titles.find((m) => m.title.endsWith('整改'))!.content).toContain('原因：外壳耐压试验不通过');
    }
    expect((await messagesOf('customerB')).some((m) => m.title.startsWith('申请SQC2026999001'))).toBe(false);
    // The next step's staff: the evaluator was told when the inspection passed, the decider after the evaluation.
    expect((await messagesOf('evaluator')).some((m) => m.title === '申请SQC2026999001：工厂检查通过')).toBe(
      true,
    );
    expect((await messagesOf('decider')).some((m) => m.title === '申请SQC2026999001：评定')).toBe(true);
  });
});

it('issues CQST and CNEx certificates in their own number series', async () => {
  const yy = String(new Date().getFullYear() % 100).padStart(2, '0');
  const cqst = await application({ scheme: 'cqst', state: 'testing' });
  expect((await transit('tester', cqst, 'passTest', { testConclusion: '合格' })).data.flowState).toBe(
    'evaluation',
  );
  expect((await transit('evaluator', cqst, 'evaluate')).data.flowState).toBe('decision');
  expect((await transit('decider', cqst, 'issue')).data.issuedCertNumber).toMatch(
    new RegExp(`^CNEx${yy}\\.\\d{4}$`),
  );

  const cnex = await application({ scheme: 'cnex', state: 'accepted' });
  expect((await transit('clerk', cnex, 'noticeFee')).data.flowState).toBe('fee_noticed');
  expect((await transit('inspector', cnex, 'startTest')).data.flowState).toBe('factory_inspection');
  const pass = await h.call('/business-service/factoryCheck/saveResult', tokens.inspector, {
    applicationId: cnex,
    checkDate: '2026-11-25',
    result: 'pass',
    conclusion: '现场审核通过',
  });
  expect(pass.data.application.flowState).toBe('evaluation');
  expect((await transit('evaluator', cnex, 'evaluate')).data.flowState).toBe('decision');
  expect((await transit('decider', cnex, 'issue')).data.issuedCertNumber).toMatch(
    new RegExp(`^CNEx${yy}\\.P\\d{4}$`),
  );
});

it('records a failed factory inspection without moving the state and tells the engineers', async () => {
  const id = await application({ state: 'factory_inspection' });
  expect(
    (
      await h.call('/business-service/factoryCheck/saveResult', tokens.inspector, {
        applicationId: id,
        checkDate: '2026-11-25',
        result: 'fail',
      })
    ).msg,
  ).toBe('请填写检查结论');
  const failed = await h.call('/business-service/factoryCheck/saveResult', tokens.inspector, {
    applicationId: id,
    checkDate: '2026-11-25',
    result: 'fail',
    conclusion: '不具备批量生产条件',
  });
  expect(failed.data).toMatchObject({
    check: { result: 'fail' },
    application: { flowState: 'factory_inspection' },
  });
  expect(await stateOf(id)).toMatchObject({ state: 'factory_inspection', history: 1 });
  expect((await messagesOf('engineer')).some((m) => m.content.includes('不具备批量生产条件'))).toBe(true);
  expect(
    (
      await h.call('/business-service/factoryCheck/saveResult', tokens.tester, {
        applicationId: id,
        checkDate: '2026-11-25',
        result: 'pass',
      })
    ).code,
  ).toBe(403);
});

describe('business-management pages', () => {
  it('lists the slice newest first with filters, for staff of the tenant only', async () => {
    const older = await application({ state: 'submitted', values: { product_name: '页面测试灯具A' } });
    const newer = await application({
      state: 'submitted',
      companyId: companyB,
      values: { product_name: '页面测试灯具B' },
    });
    await application({
      state: 'submitted',
      tenant: U,
      companyId: companyU,
      values: { product_name: '页面测试灯具U' },
    });
    const page = await h.call(
      '/blade-customer/paymentNote/selectApplicationForCccBusinessManagementPage?productName=页面测试&size=10',
      tokens.viewer,
    );
    expect(page.data.records.map((r: { id: string }) => r.id)).toEqual([newer, older]);
    expect(page.data).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(page.data.records[0]).toMatchObject({ companyName: '乙防爆电器有限公司', flowState: 'submitted' });
    const byCompany = await h.call(
      `/blade-customer/paymentNote/selectApplicationForCccBusinessManagementPage?productName=页面测试&companyName=${encodeURIComponent('甲防爆')}`,
      tokens.viewer,
    );
    expect(byCompany.data.records.map((r: { id: string }) => r.id)).toEqual([older]);
    expect(
      (
        await h.call(
          '/blade-customer/paymentNote/selectApplicationForCccBusinessManagementPage',
          tokens.customerA,
        )
      ).code,
    ).toBe(403);
    expect(
      (await h.call('/blade-customer/paymentNote/selectCnexBusinessManagementPage', tokens.viewer)).code,
    ).toBe(403);
    expect(
      (
        await h.call(
          '/blade-customer/paymentNote/selectAcceptedApplicationForCccBusinessManagementPage?isFinished=2',
          tokens.clerk,
        )
      ).code,
    ).toBe(400);
  });

  it('narrows accepted applications to the data scope and keeps the acceptance queue open to all', async () => {
    const db = h.blade.db;
    const otherDept = nextId();
    const scoped = await withTenant(db, T, async (trx) => {
      await trx
        .insertInto('blade_dept')
        .values({ id: otherDept, tenant_id: T, dept_name: '二部', full_name: '二部' })
        .execute();
      const scopeId = nextId();
      const menu = await trx
        .selectFrom('blade_menu')
        .select('id')
        .where('code', '=', 'ccc_business')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('blade_scope_data')
        .values({
          id: scopeId,
          menu_id: menu.id,
          resource_code: 'application',
          scope_name: '本部门',
          scope_type: 3,
          scope_value: '',
        })
        .execute();
      const role = nextId();
      await trx
        .insertInto('blade_role')
        .values({ id: role, tenant_id: T, role_name: '二部受理', role_alias: 'dept2' })
        .execute();
      await trx
        .insertInto('blade_role_scope')
        .values({ id: nextId(), tenant_id: T, role_id: role, scope_id: scopeId, scope_category: 1 })
        .execute();
      return role;
    });
    await grantMenus(db, T, scoped, ['ccc_business', 'accepted_business']);
    await addUser(db, T, {
      account: 'dept2',
      password: 'staff-pass',
      roleIds: [scoped],
      deptIds: [otherDept],
    });
    const token = (await h.login('dept2', 'staff-pass', T)).access_token;
    const mine = await application({
      state: 'testing',
      values: { dept_id: otherDept, product_name: '范围测试1' },
    });
    await application({
      state: 'testing',
      values: { dept_id: (await deptIds(db, T))[0], product_name: '范围测试2' },
    });
    const queued = await application({ state: 'submitted', values: { product_name: '范围测试3' } });
    const accepted = await h.call(
      '/blade-customer/paymentNote/selectAcceptedApplicationForCccBusinessManagementPage?productName=范围测试',
      token,
    );
    expect(accepted.data.records.map((r: { id: string }) => r.id)).toEqual([mine]);
    const queue = await h.call(
      '/blade-customer/paymentNote/selectApplicationForCccBusinessManagementPage?productName=范围测试',
      token,
    );
    expect(queue.data.records.map((r: { id: string }) => r.id)).toEqual([queued]);
  });
});
