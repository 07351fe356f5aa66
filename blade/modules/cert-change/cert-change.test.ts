import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addUser, deptIds, roleIdByAlias, staffOf, userWithCodes } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import {
  addIssuedCertificate,
  addTenantPair,
  customerTrio,
  uploadInto,
} from '../application/apply.test-helpers';

// Certificate changes through the real calls: canApply and the one open change per certificate, the classification,
// the files a submission needs, the staff's state machine (state, button, reason, segregation), the reissue under
// the same number as version 2 with version 1 still readable, unified certificates, and the company and tenant walls.

let h: Harness;
const T = '340001';
const U = '340002';
const B = '/blade-customer/certChange';
const tokens: Record<string, string> = {};
let companyA = '';

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenantPair(db, T, U);
  const [dept] = await deptIds(db, T);
  for (const [account, roles] of [
    ['clerk', [APPLICATION_CODES.accept]],
    ['evaluator', [APPLICATION_CODES.evaluate]],
    ['decider', [APPLICATION_CODES.decide]],
    ['both', [APPLICATION_CODES.evaluate, APPLICATION_CODES.decide]],
    ['tester', [APPLICATION_CODES.test]],
  ] as const) {
    await addUser(db, T, {
      account,
      password: 'staff-pass',
      realName: account,
      roleIds: await Promise.all(roles.map((r) => roleIdByAlias(db, T, r))),
      deptIds: [dept],
    });
    tokens[account] = (await h.login(account, 'staff-pass', T)).access_token;
  }
  // A staff user whose role holds no menu.
  tokens.plain = (await userWithCodes(h, T, 'plain', [])).token;
  tokens.uDecider = (await staffOf(h, U, 'udecider', APPLICATION_CODES.decide)).token;
  const { a, b, u } = await customerTrio(h, T, U, 'cc');
  companyA = a.companyId;
  tokens.A = a.token;
  tokens.B = b.token;
  tokens.U = u.token;
}, SETUP_TIMEOUT * 2);

let serial = 0;
/** An issued valid certificate (with its application) of company A, as the decision step leaves one. */
async function certificate(
  scheme: 'ccc' | 'cqst' = 'ccc',
  companyId = companyA,
): Promise<{ id: string; no: string }> {
  serial += 1;
  const { id, no } = await addIssuedCertificate(h.blade.db, T, companyId, {
    certificate: {
      cert_number:
        scheme === 'ccc'
          ? `20262323010000${String(serial).padStart(2, '0')}`
          : `CNEx26.${String(serial).padStart(4, '0')}`,
      scheme,
      factory_address: '河南省南阳市卧龙区',
      product_name: `隔爆型电动机${serial}`,
      models: JSON.stringify([{ model: 'YBX3-80', spec: '0.75kW', isSampleModel: true, differenceNote: '' }]),
      ex_markings: JSON.stringify(['Ex db IIB T4 Gb']),
      standards: 'GB/T 3836.1-2021,GB/T 3836.2-2021',
      valid_to: '2030-12-31',
    },
    application: { application_no: `SQC2026${String(serial).padStart(6, '0')}` },
  });
  return { id, no };
}

const relocation = (certificateId: string, extra: Record<string, unknown> = {}) => ({
  certificateId,
  changeTypes: ['factoryRelocation'],
  reason: '工厂整体搬迁',
  after: { factoryName: '甲防爆电器有限公司新厂', factoryAddress: '河南省南阳市高新区' },
  ...extra,
});

/** Uploads a file into each named node of the change's tree (all required ones when none are named). */
async function uploadFiles(changeId: string, names?: string[]) {
  const nodes = (await h.call(`${B}/selectCccCertChangeFile`, tokens.A, { id: changeId })).data as {
    id: string;
    catalogName: string;
    mustUpload: number;
  }[];
  for (const node of nodes.filter((n) => (names ? names.includes(n.catalogName) : n.mustUpload === 1))) {
    const up = await uploadInto(h, tokens.A, {
      functionCode: 'ccc_cert_change',
      dataId: changeId,
      fileCatalogId: node.id,
    });
    expect(up.code).toBe(200);
  }
}

/** A submitted relocation change on a new certificate. */
async function submitted() {
  const cert = await certificate();
  const saved = await h.call(`${B}/saveForCCC`, tokens.A, relocation(cert.id));
  expect(saved.code).toBe(200);
  await uploadFiles(saved.data.id);
  const sub = await h.call(`${B}/submitForCCC`, tokens.A, { id: saved.data.id });
  expect(sub.code).toBe(200);
  return { cert, id: saved.data.id as string };
}

async function historyCount(id: string) {
  return withTenant(h.blade.db, T, async (trx) => {
    const n = await trx
      .selectFrom('blade_status_history')
      .select(sql<string>`count(*)`.as('n'))
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(n.n);
  });
}

describe('canApply and the one open change', () => {
  it('a valid certificate may be changed; a draft on it blocks another change', async () => {
    const cert = await certificate();
    const before = await h.call(`${B}/canApply?certificateId=${cert.id}`, tokens.A);
    expect(before.code).toBe(200);
    expect(before.data.canApply).toBe(true);
    const saved = await h.call(`${B}/saveForCCC`, tokens.A, relocation(cert.id));
    expect(saved.code).toBe(200);
    expect(saved.data.changeState).toBe('draft');
    expect(saved.data.needsFactoryVisit).toBe(true);
    expect(saved.data.after.factoryName).toBe('甲防爆电器有限公司新厂');
    expect(saved.data.before.factoryName).toBe('甲防爆电器有限公司一厂');
    const after = await h.call(`${B}/canApply?certificateId=${cert.id}`, tokens.A);
    expect(after.data.canApply).toBe(false);
    expect(after.data.openChangeId).toBe(saved.data.id);
    const again = await h.call(`${B}/saveForCCC`, tokens.A, relocation(cert.id));
    expect(again.status).toBe(400);
    expect(again.msg).toContain('未完成的变更申请');
  });

  it('a suspended certificate cannot be changed; another scheme’s call is 404', async () => {
    const cert = await certificate();
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .updateTable('business_certificate')
        .set({ cert_status: 'suspended' })
        .where('id', '=', cert.id)
        .execute(),
    );
    const res = await h.call(`${B}/canApply?certificateId=${cert.id}`, tokens.A);
    expect(res.data.canApply).toBe(false);
    expect(res.data.reason).toContain('有效');
    const cqst = await certificate('cqst');
    expect((await h.call(`${B}/saveForCCC`, tokens.A, relocation(cqst.id))).status).toBe(404);
    expect((await h.call(`${B}/saveForCQST`, tokens.A, relocation(cqst.id))).code).toBe(200);
  });

  it('concurrent first saves on one certificate make one draft', async () => {
    const cert = await certificate();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => h.call(`${B}/saveForCCC`, tokens.A, relocation(cert.id))),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
  });
});

describe('classification and files', () => {
  it('relocation and QMS changes need a factory visit (CCC only); design changes a test', async () => {
    const res = await h.call(`${B}/classifyCertChange`, tokens.A, {
      changeTypes: ['factoryRelocation', 'designChange'],
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ needsFactoryVisit: true, needsTest: true });
    expect(res.data.requiredFiles).toEqual(
      expect.arrayContaining(['application', 'licence', 'factoryForm', 'drawings', 'components']),
    );
    const cqst = await h.call(`${B}/classifyCertChange`, tokens.A, {
      changeTypes: ['qmsChange'],
      scheme: 'cqst',
    });
    expect(cqst.data.needsFactoryVisit).toBe(false);
    const bad = await h.call(`${B}/classifyCertChange`, tokens.A, { changeTypes: [] });
    expect(bad.status).toBe(400);
  });

  it('a bad Ex marking in the after-data is refused naming the marking', async () => {
    const cert = await certificate();
    const res = await h.call(`${B}/saveForCCC`, tokens.A, {
      certificateId: cert.id,
      changeTypes: ['standardChange'],
      after: { exMarkings: ['Ex tb IIIC T4 Db'] },
    });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('Ex tb IIIC T4 Db');
  });

  it('submit is refused while a required file is missing, naming it', async () => {
    const cert = await certificate();
    const saved = await h.call(`${B}/saveForCCC`, tokens.A, relocation(cert.id));
    const tree = await h.call(`${B}/selectCertChangeFile`, tokens.A, { id: saved.data.id });
    expect(
      (tree.data as { catalogName: string; mustUpload: number }[])
        .filter((n) => n.mustUpload === 1)
        .map((n) => n.catalogName),
    ).toEqual(['变更申请书', '营业执照', '工厂信息表']);
    const none = await h.call(`${B}/submitForCCC`, tokens.A, { id: saved.data.id });
    expect(none.status).toBe(400);
    expect(none.msg).toContain('变更申请书');
    await uploadFiles(saved.data.id, ['变更申请书', '营业执照']);
    const one = await h.call(`${B}/submitForCCC`, tokens.A, { id: saved.data.id });
    expect(one.status).toBe(400);
    expect(one.msg).toContain('工厂信息表');
    expect(one.msg).not.toContain('营业执照');
    expect(await historyCount(saved.data.id)).toBe(0);
    await uploadFiles(saved.data.id, ['工厂信息表']);
    const ok = await h.call(`${B}/submitForCCC`, tokens.A, { id: saved.data.id });
    expect(ok.code).toBe(200);
    expect(ok.data.changeState).toBe('submitted');
    expect(ok.data.changeNo).toMatch(/^BG\d{4}\d{6}$/);
  });

  it('a change that alters nothing is refused', async () => {
    const cert = await certificate();
    const saved = await h.call(`${B}/saveForCCC`, tokens.A, {
      certificateId: cert.id,
      changeTypes: ['factoryRelocation'],
      after: {},
    });
    await uploadFiles(saved.data.id);
    const res = await h.call(`${B}/submitForCCC`, tokens.A, { id: saved.data.id });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('变更后的内容');
  });
});

describe('the staff state machine', () => {
  it('wrong state 400, missing button 403, a return needs a reason', async () => {
    const { id } = await submitted();
    const n = await historyCount(id);
    expect((await h.call(`${B}/approve`, tokens.decider, { id })).status).toBe(400);
    expect((await h.call(`${B}/accept`, tokens.A, { id })).status).toBe(403);
    expect((await h.call(`${B}/accept`, tokens.evaluator, { id })).status).toBe(403);
    expect((await h.call(`${B}/accept`, tokens.tester, { id })).status).toBe(403);
    const noReason = await h.call(`${B}/return`, tokens.clerk, { id });
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toContain('原因');
    expect(await historyCount(id)).toBe(n);
    const returned = await h.call(`${B}/return`, tokens.clerk, { id, reason: '工厂信息表未盖章' });
    expect(returned.data).toMatchObject({ changeState: 'returned', returnReason: '工厂信息表未盖章' });
    // The customer answers the return and submits again: the number stays.
    const resub = await h.call(`${B}/submitForCCC`, tokens.A, { id });
    expect(resub.data.changeState).toBe('submitted');
    expect(resub.data.changeNo).toBe(returned.data.changeNo);
  });

  it('the evaluator may not decide the change they evaluated', async () => {
    const { id } = await submitted();
    expect((await h.call(`${B}/accept`, tokens.clerk, { id })).code).toBe(200);
    expect((await h.call(`${B}/evaluate`, tokens.both, { id })).code).toBe(200);
    const res = await h.call(`${B}/approve`, tokens.both, { id });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('评定人员');
  });

  it('a rejection needs a reason and frees the certificate for a new change', async () => {
    const { cert, id } = await submitted();
    await h.call(`${B}/accept`, tokens.clerk, { id });
    await h.call(`${B}/evaluate`, tokens.evaluator, { id });
    expect((await h.call(`${B}/reject`, tokens.decider, { id })).status).toBe(400);
    const res = await h.call(`${B}/reject`, tokens.decider, { id, reason: '搬迁后工厂不具备生产条件' });
    expect(res.data.changeState).toBe('rejected');
    expect((await h.call(`${B}/canApply?certificateId=${cert.id}`, tokens.A)).data.canApply).toBe(true);
  });
});

describe('approval reissues the certificate', () => {
  it('same number, version 2 current; version 1 still readable by detail', async () => {
    const { cert, id } = await submitted();
    await h.call(`${B}/accept`, tokens.clerk, { id });
    await h.call(`${B}/evaluate`, tokens.evaluator, { id });
    const res = await h.call(`${B}/approve`, tokens.decider, { id });
    expect(res.code).toBe(200);
    expect(res.data.changeState).toBe('reissued');
    expect(res.data.history.map((x: { toState: string }) => x.toState)).toEqual([
      'submitted',
      'accepted',
      'evaluation',
      'approved',
      'reissued',
    ]);
    const newId = res.data.newCertificateId as string;
    const current = await h.call(`/blade-customer/certificate/detail?id=${newId}`, tokens.A);
    expect(current.data).toMatchObject({
      certNumber: cert.no,
      version: 2,
      current: true,
      factoryName: '甲防爆电器有限公司新厂',
      factoryAddress: '河南省南阳市高新区',
      validTo: '2030-12-31',
      certStatus: 'valid',
    });
    const old = await h.call(`/blade-customer/certificate/detail?id=${cert.id}`, tokens.A);
    expect(old.data).toMatchObject({ version: 1, current: false, factoryName: '甲防爆电器有限公司一厂' });
    expect(
      old.data.versions.map((v: { version: number; current: boolean }) => [v.version, v.current]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    const list = await h.call(`/blade-customer/certificate/page?certNumber=${cert.no}`, tokens.A);
    expect(list.data.records.map((r: { version: number }) => r.version)).toEqual([2]);
    // The replaced version takes no decisions and no new change; the new one does.
    const suspend = await h.call('/blade-customer/certificate/changeStatus', tokens.decider, {
      id: cert.id,
      action: 'suspend',
      reason: '测试',
    });
    expect(suspend.status).toBe(400);
    expect((await h.call(`${B}/canApply?certificateId=${cert.id}`, tokens.A)).data.canApply).toBe(false);
    expect((await h.call(`${B}/canApply?certificateId=${newId}`, tokens.A)).data.canApply).toBe(true);
    // Approving again is a wrong state (nothing written twice).
    expect((await h.call(`${B}/approve`, tokens.decider, { id })).status).toBe(400);
  });

  it('two current versions never exist (the index refuses a second)', async () => {
    const cert = await certificate();
    await expect(
      withTenant(h.blade.db, T, (trx) =>
        trx
          .insertInto('business_certificate')
          .values({
            id: nextId(),
            tenant_id: T,
            cert_number: cert.no,
            version: 2,
            scheme: 'ccc',
            application_id: nextId(),
            company_id: companyA,
            models: '[]',
            ex_markings: '[]',
            issue_date: '2026-02-01',
            valid_to: '2030-12-31',
          })
          .execute(),
      ),
    ).rejects.toThrow();
  });
});

describe('lists, unified certificates and isolation', () => {
  it('customers see their company’s changes; another company or tenant gets 404 and empty lists', async () => {
    const { id } = await submitted();
    const mine = await h.call(`${B}/cccPage?size=100`, tokens.A);
    expect(mine.data.records.some((r: { id: string }) => r.id === id)).toBe(true);
    expect(
      (await h.call(`${B}/expProofPage?size=100`, tokens.A)).data.records.every(
        (r: { scheme: string }) => r.scheme === 'cqst',
      ),
    ).toBe(true);
    expect((await h.call(`${B}/page`, tokens.B)).data.total).toBe(0);
    expect((await h.call(`${B}/page`, tokens.U)).data.total).toBe(0);
    expect((await h.call(`${B}/detail?id=${id}`, tokens.B)).status).toBe(404);
    expect((await h.call(`${B}/detail?id=${id}`, tokens.U)).status).toBe(404);
    expect((await h.call(`${B}/selectCertChangeFile`, tokens.B, { id })).status).toBe(404);
    expect((await h.call(`${B}/accept`, tokens.uDecider, { id })).status).toBe(403);
    expect((await h.call(`${B}/detail?id=${id}`, tokens.clerk)).code).toBe(200);
    const cert = await certificate();
    expect((await h.call(`${B}/canApply?certificateId=${cert.id}`, tokens.B)).status).toBe(404);
    expect((await h.call(`${B}/saveForCCC`, tokens.B, relocation(cert.id))).status).toBe(404);
    expect((await h.call(`${B}/saveForCCC`, tokens.U, relocation(cert.id))).status).toBe(404);
    // Staff do not write the customer's calls.
    expect((await h.call(`${B}/saveForCCC`, tokens.clerk, relocation(cert.id))).status).toBe(403);
  });

  it('unified certificates group a holder’s current valid certificates by factory, earliest validity', async () => {
    await certificate();
    const res = await h.call('/blade-customer/unifiedCertificates/page?size=50', tokens.A);
    expect(res.code).toBe(200);
    const group = (res.data.records as { factoryName: string; certCount: number; validTo: string }[]).find(
      (g) => g.factoryName === '甲防爆电器有限公司一厂',
    );
    expect(group?.certCount).toBeGreaterThan(1);
    expect(group?.validTo).toBe('2030-12-31');
    expect((await h.call('/blade-customer/unifiedCertificates/page', tokens.B)).data.total).toBe(0);
    expect((await h.call('/blade-customer/unifiedCertificates/page', tokens.U)).data.total).toBe(0);
    expect((await h.call('/blade-customer/unifiedCertificates/page', tokens.decider)).code).toBe(200);
    expect((await h.call('/blade-customer/unifiedCertificates/page', tokens.uDecider)).data.total).toBe(0);
    expect((await h.call('/blade-customer/unifiedCertificates/page', tokens.plain)).status).toBe(403);
    expect((await h.call(`${B}/page`, tokens.plain)).status).toBe(403);
  });
});
