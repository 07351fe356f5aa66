import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { nextId } from '../../core/ids';
import { up as bindSavedScans } from '../../db/migrations/20261201T090000-invoice-scan-records';
import { withTenant } from '../../db/tenant';
import { zhText } from '../../core/refusal-keys';
import { addRole, addUser, deptIds, grantMenus, addTenant, userWithCodes } from '../../testing/fixtures';
import { departmentPair } from './business.test-helpers';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

// The money rules of projects, contracts, batches and receipts (the contract suites are in finance.contract.test.ts):
// derived amounts, batch rounding, refusals that write nothing, finishes, concurrency, data scope and isolation.

let h: Harness;
let admin: string;
const call = (path: string, body?: unknown, token = admin) =>
  h.call(`/business-service/${path}`, token, body);
const rows = async (resource: string, filter: Record<string, unknown>, token = admin) =>
  (await call(`${resource}/list`, { current: 1, size: 100, ...filter }, token)).data.records as Array<
    Record<string, string>
  >;
const one = async (resource: string, id: string) => (await rows(resource, { id })).find((r) => r.id === id)!;

async function project(name = '防爆电机检验', token = admin) {
  expect(
    await call('project/add', { projectName: name, projectUnit: '某电机厂', projectType: '1' }, token),
  ).toMatchObject({
    code: 200,
  });
  return (await rows('project', { projectName: name }, token))[0].id;
}
async function contract(projectId: string, code: string, amount: string, token = admin) {
  expect(
    await call(
      'contract/add',
      { projectId, contractName: `合同${code}`, contractCode: code, contractAmount: amount },
      token,
    ),
  ).toMatchObject({ code: 200 });
  return (await rows('contract', { contractCode: code }, token))[0].id;
}
async function batches(contractId: string, percents: string[]) {
  for (const [i, percent] of percents.entries())
    expect(
      await call('contractBatch/addPay', { contractId, batchName: `第${i + 1}期`, percent }),
    ).toMatchObject({
      code: 200,
    });
  return rows('contractBatch', { contractId });
}
const receive = (batchId: string, receivedAmount: string, token = admin) =>
  call('realIncome/add', { batchId, receivedAmount, receivedDate: '2026-11-25' }, token);

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
});

describe('amounts', () => {
  it('divides a contract into batches that add up exactly, the last one taking the rounding', async () => {
    const p = await project('分批项目');
    const c = await contract(p, 'HT-ROUND', '100.01');
    const list = await batches(c, ['50', '50']);
    // 100.01 × 50 % = 50.005 → 50.01; the last batch takes 100.01 − 50.01.
    expect(list.map((b) => [b.percent, b.batchAmount, b.unpaidAmount])).toEqual([
      ['50.00', '50.01', '50.01'],
      ['50.00', '50.00', '50.00'],
    ]);
    const thirds = await contract(p, 'HT-THIRDS', '1000.00');
    expect((await batches(thirds, ['33.33', '33.33', '33.34'])).map((b) => b.batchAmount)).toEqual([
      '333.30',
      '333.30',
      '333.40',
    ]);
  });

  it('keeps received and unpaid right on the batch, the contract and the project', async () => {
    const p = await project('回款项目');
    const c = await contract(p, 'HT-MONEY', '100000.00');
    const [b1, b2] = await batches(c, ['30', '30', '40']);
    expect(await receive(b1.id, '30000.00')).toMatchObject({ code: 200 });
    expect(await receive(b2.id, '0.10')).toMatchObject({ code: 200 });
    expect(await receive(b2.id, '0.20')).toMatchObject({ code: 200 });
    expect(await one('contractBatch', b2.id)).toMatchObject({
      receivedAmount: '0.30',
      unpaidAmount: '29999.70',
    });
    expect(await one('contract', c)).toMatchObject({
      contractAmount: '100000.00',
      receivedAmount: '30000.30',
      unpaidAmount: '69999.70',
      projectName: '回款项目',
    });
    await contract(p, 'HT-MONEY-2', '0.70');
    expect(await one('project', p)).toMatchObject({
      projectAmount: '100000.70',
      receivedAmount: '30000.30',
      unpaidAmount: '70000.40',
      paidAmount: '0.00',
      residueAmount: '30000.30',
    });
    // The project's receipts: those of all its contracts.
    expect((await rows('realIncome', { projectId: p })).map((r) => r.receivedAmount).sort()).toEqual([
      '0.10',
      '0.20',
      '30000.00',
    ]);
    expect(await rows('realIncome', { projectId: '1' })).toEqual([]);
    // A receipt removed gives its money back to the batch, the contract and the project.
    const [receipt] = await rows('realIncome', { batchId: b1.id });
    expect(receipt).toMatchObject({
      contractCode: 'HT-MONEY',
      batchName: '第1期',
      receivedAmount: '30000.00',
    });
    expect(await call('realIncome/delete', { ids: receipt.id })).toMatchObject({ code: 200 });
    expect(await one('contractBatch', b1.id)).toMatchObject({
      receivedAmount: '0.00',
      unpaidAmount: '30000.00',
    });
    expect(await one('project', p)).toMatchObject({ receivedAmount: '0.30', unpaidAmount: '100000.40' });
  });
});

describe('refusals that write nothing', () => {
  let c: string;
  let batchId: string;
  beforeAll(async () => {
    c = await contract(await project('规则项目'), 'HT-RULES', '1000.00');
    [{ id: batchId }] = await batches(c, ['60']);
  });

  it('refuses batch percents over 100 in all', async () => {
    expect(
      await call('contractBatch/addPay', { contractId: c, batchName: '超额', percent: '40.01' }),
    ).toMatchObject({
      status: 400,
      msg: '付款比例合计不能超过100%，还可分配40.00%',
    });
    expect(
      await call('contractBatch/addPay', { contractId: c, batchName: '零', percent: '0' }),
    ).toMatchObject({
      status: 400,
      msg: '付款比例必须大于0',
    });
    expect((await rows('contractBatch', { contractId: c })).map((b) => b.batchName)).toEqual(['第1期']);
  });

  it('refuses a receipt over the unpaid amount until the batch is handled as abnormal', async () => {
    expect(await receive(batchId, '600.00')).toMatchObject({ code: 200 });
    const refused = await h.authed('/business-service/realIncome/add', {
      token: admin,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batchId, receivedAmount: '0.01', receivedDate: '2026-11-25' }),
    });
    // The key and its values travel too, so the portal says the same in English.
    expect(await refused.json()).toMatchObject({
      code: 400,
      msg: '收款金额不能超过该批次的未收金额0.00元（可先做异常处理）',
      errorCode: 'business.income.overUnpaid',
      errorArgs: { unpaid: '0.00' },
    });
    expect(await one('contractBatch', batchId)).toMatchObject({
      receivedAmount: '600.00',
      unpaidAmount: '0.00',
    });
    expect(
      await call('contractBatch/abnormalHandling', { id: batchId, abnormalReason: '客户多付' }),
    ).toMatchObject({
      code: 200,
    });
    expect(await receive(batchId, '0.01')).toMatchObject({ code: 200 });
    expect(await one('contractBatch', batchId)).toMatchObject({
      abnormal: 1,
      abnormalReason: '客户多付',
      receivedAmount: '600.01',
      unpaidAmount: '-0.01',
    });
    // Handled once: the history has it, a second time is refused.
    expect(
      await call('contractBatch/abnormalHandling', { id: batchId, abnormalReason: '再次' }),
    ).toMatchObject({
      status: 400,
      msg: '当前状态不允许此操作',
    });
  });

  it('refuses amounts with three decimals, negative receipts and texts with the spec’s messages', async () => {
    expect(
      await call('contract/add', {
        projectId: '1',
        contractName: 'x',
        contractCode: 'x',
        contractAmount: '1.005',
      }),
    ).toMatchObject({ status: 400, msg: expect.stringContaining('必须为非负数（最多两位小数）') });
    expect(await receive(batchId, '-1.00')).toMatchObject({
      status: 400,
      msg: expect.stringContaining('必须为非负数（最多两位小数）'),
    });
    expect(await receive(batchId, '12.345')).toMatchObject({ status: 400 });
    expect(await receive(batchId, '0.00')).toMatchObject({ status: 400, msg: '收款金额必须大于0' });
    expect((await rows('realIncome', { contractId: c })).length).toBe(2);
  });

  it('fixes the contract amount once batches divide it, and keeps what has money against it', async () => {
    const base = {
      id: c,
      projectId: (await one('contract', c)).projectId,
      contractName: '改',
      contractCode: 'HT-RULES',
    };
    expect(await call('contract/add', { ...base, contractAmount: '2000.00' })).toMatchObject({
      status: 400,
      msg: '合同已有付款批次，不能修改合同金额',
    });
    expect(await call('contract/add', { ...base, contractAmount: '1000.00' })).toMatchObject({ code: 200 });
    expect(await call('contractBatch/delete', { ids: batchId })).toMatchObject({
      status: 400,
      msg: '该批次已有收款记录，不能删除',
    });
    expect(await call('contract/delete', { ids: c })).toMatchObject({
      status: 400,
      msg: '合同已有收款记录，不能删除',
    });
    expect(await call('project/delete', { ids: base.projectId })).toMatchObject({
      status: 400,
      msg: '项目下还有合同，不能删除',
    });
    expect(await one('contract', c)).toMatchObject({ contractName: '改', contractAmount: '1000.00' });
  });
});

describe('dashboard filters: received days, unpaid batches, the month summary', () => {
  let c: string;
  let ids: Record<'a' | 'b' | 'c', string>;
  beforeAll(async () => {
    c = await contract(await project('看板项目'), 'HT-DASH', '1000.00');
    // Months far from the other tests' receipts (2026-11-25): the tenant-wide sums are these rows' only.
    for (const [name, percent, plannedDate] of [
      ['A', '30', '2031-03-05'],
      ['B', '30', '2031-03-31'],
      ['C', '40', '2031-04-01'],
    ])
      expect(
        await call('contractBatch/addPay', { contractId: c, batchName: name, percent, plannedDate }),
      ).toMatchObject({ code: 200 });
    const list = await rows('contractBatch', { contractId: c });
    ids = Object.fromEntries(list.map((b) => [b.batchName.toLowerCase(), b.id])) as typeof ids;
    for (const [batchId, receivedAmount, receivedDate] of [
      [ids.a, '300.00', '2031-03-01'],
      [ids.b, '100.10', '2031-03-31'],
      [ids.b, '50.00', '2031-04-01'],
    ])
      expect(await call('realIncome/add', { batchId, receivedAmount, receivedDate })).toMatchObject({
        code: 200,
      });
  });

  it('filters receipts by received day, both bounds inclusive, and refuses bad days', async () => {
    const days = async (filter: Record<string, string>) => {
      const res = await call('realIncome/list', { current: 1, size: 100, contractId: c, ...filter });
      expect(res.code).toBe(200);
      return (res.data.records as { receivedDate: string }[]).map((r) => r.receivedDate).sort();
    };
    expect(await days({ receivedFrom: '2031-03-01', receivedTo: '2031-03-31' })).toEqual([
      '2031-03-01',
      '2031-03-31',
    ]);
    expect(await days({ receivedFrom: '2031-03-02' })).toEqual(['2031-03-31', '2031-04-01']);
    expect(await days({ receivedTo: '2031-03-01' })).toEqual(['2031-03-01']);
    expect(await days({ receivedFrom: '', receivedTo: '' })).toHaveLength(3);
    for (const bad of ['2031-02-30', '2031/03/01', '31-03-2031', 'x'])
      expect(await call('realIncome/list', { receivedFrom: bad })).toMatchObject({
        code: 400,
        msg: zhText('business.income.dateInvalid'),
      });
    expect(
      await call('realIncome/list', { receivedFrom: '2031-04-01', receivedTo: '2031-03-31' }),
    ).toMatchObject({ code: 400, msg: zhText('business.income.rangeReversed') });
  });

  it('lists as unpaid the batches that received less than their amount', async () => {
    const names = async (unpaid: string) =>
      (await rows('contractBatch', { contractId: c, unpaid })).map((b) => b.batchName).sort();
    expect(await names('1')).toEqual(['B', 'C']);
    expect(await names('0')).toEqual(['A']);
    expect(await names('')).toEqual(['A', 'B', 'C']);
    expect(await call('contractBatch/list', { unpaid: 'yes' })).toMatchObject({
      code: 400,
      msg: zhText('business.batch.unpaidInvalid'),
    });
  });

  it("sums the month's receipts and planned batches as decimal text, counting as the list does", async () => {
    const summary = await h.call('/business-service/realIncome/monthSummary?month=2031-03', admin);
    expect(summary).toMatchObject({
      code: 200,
      data: { month: '2031-03', receiptCount: 2, received: '400.10', planned: '600.00' },
    });
    const list = await call('realIncome/list', { receivedFrom: '2031-03-01', receivedTo: '2031-03-31' });
    expect(list.data.total).toBe(summary.data.receiptCount);
    expect(await h.call('/business-service/realIncome/monthSummary?month=2031-05', admin)).toMatchObject({
      data: { receiptCount: 0, received: '0.00', planned: '0.00' },
    });
    for (const bad of ['2031-13', '2031-3', ''])
      expect(await h.call(`/business-service/realIncome/monthSummary?month=${bad}`, admin)).toMatchObject({
        code: 400,
        msg: zhText('business.income.monthInvalid'),
      });
  });
});

describe('invoices', () => {
  it('may not add up to more than the contract, counting only the standing ones', async () => {
    const c = await contract(await project('开票项目'), 'HT-INV', '1000.00');
    const invoice = (invoiceCode: string, invoiceAmount: string, extra: Record<string, string> = {}) =>
      call('invoice/add', {
        contractId: c,
        invoiceTitle: '某电机厂',
        invoiceCode,
        invoiceDate: '2026-11-25',
        invoiceAmount,
        ...extra,
      });
    expect(await invoice('FP-1', '600.00')).toMatchObject({ code: 200 });
    expect(await invoice('FP-2', '400.01')).toMatchObject({
      status: 400,
      msg: '开票金额合计不能超过合同金额，还可开票400.00元',
    });
    expect(await invoice('FP-2', '100.00', { taxesAmount: '100.01' })).toMatchObject({
      msg: '税额不能大于发票金额',
    });
    // A voided invoice does not count; the rest may be invoiced.
    expect(await invoice('FP-VOID', '999.00', { invoiceSituation: '3' })).toMatchObject({ code: 200 });
    expect(await invoice('FP-2', '400.00', { taxesAmount: '46.02' })).toMatchObject({ code: 200 });
    const listed = await rows('invoice', { contractId: c, ascs: 'invoice_code' });
    expect(listed.map((r) => [r.invoiceCode, r.invoiceAmount, r.contractCode, r.projectId !== ''])).toEqual([
      ['FP-1', '600.00', 'HT-INV', true],
      ['FP-2', '400.00', 'HT-INV', true],
      ['FP-VOID', '999.00', 'HT-INV', true],
    ]);
    // The contract cannot shrink below what is invoiced, nor go while invoices stand on it.
    const base = {
      id: c,
      projectId: (await one('contract', c)).projectId,
      contractName: '开票',
      contractCode: 'HT-INV',
    };
    expect(await call('contract/add', { ...base, contractAmount: '999.99' })).toMatchObject({
      msg: '合同金额不能小于已开票金额（超出-0.01元）',
    });
    expect(await call('contract/delete', { ids: c })).toMatchObject({ msg: '合同已开具发票，不能删除' });
    expect(await invoice('FP-3', '1.00', { invoiceSituation: '3', fileId: 'f'.repeat(32) })).toMatchObject({
      msg: '发票扫描件不存在',
    });
  });
});

describe('invoice scans', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string, id?: string, token = admin) => {
    const form = new FormData();
    form.append('file', new File([bytes], name));
    if (id) form.append('id', id);
    const res = await h.authed('/business-service/invoice/upload', { token, method: 'POST', body: form });
    return { status: res.status, ...(await res.json()) };
  };

  it('stores the scan and sets it on the invoice; refuses what is not an image of the invoice', async () => {
    const c = await contract(await project('扫描项目'), 'HT-SCAN', '100.00');
    expect(
      await call('invoice/add', {
        contractId: c,
        invoiceTitle: '某电机厂',
        invoiceCode: 'FP-SCAN',
        invoiceDate: '2026-11-25',
        invoiceAmount: '10.00',
      }),
    ).toMatchObject({ code: 200 });
    const [invoice] = await rows('invoice', { invoiceCode: 'FP-SCAN' });
    expect(invoice.fileId).toBe('');
    const stored = await upload(PNG, '发票.png', invoice.id);
    expect(stored).toMatchObject({ code: 200, data: { fileId: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect((await rows('invoice', { invoiceCode: 'FP-SCAN' }))[0].fileId).toBe(stored.data.fileId);
    // Without an invoice the id is answered for the form; the file is the tenant's, so the form may save it.
    const loose = await upload(PNG, 'scan.png');
    expect(
      await call('invoice/add', { ...invoice, id: invoice.id, contractId: c, fileId: loose.data.fileId }),
    ).toMatchObject({ code: 200 });
    expect(await upload(new TextEncoder().encode('not an image'), 'scan.png', invoice.id)).toMatchObject({
      status: 400,
    });
    expect(await upload(PNG, 'scan.pdf', invoice.id)).toMatchObject({ status: 400 });
    expect((await upload(PNG, 'scan.png', '1')).status).toBe(404);
    expect((await rows('invoice', { invoiceCode: 'FP-SCAN' }))[0].fileId).toBe(loose.data.fileId);
  });

  it('makes a saved scan the invoice’s record: read as the invoice is, not claimed by another invoice or user', async () => {
    const c = await contract(await project('扫描归属'), 'HT-OWN', '100.00');
    const base = {
      contractId: c,
      invoiceTitle: '某电机厂',
      invoiceDate: '2026-11-25',
      invoiceAmount: '1.00',
    };
    const scan = (await upload(PNG, '发票.png')).data.fileId as string;
    expect(await call('invoice/add', { ...base, invoiceCode: 'FP-OWN-1', fileId: scan })).toMatchObject({
      code: 200,
    });
    const [first] = await rows('invoice', { invoiceCode: 'FP-OWN-1' });
    // Saving it again with its own scan is fine; another invoice cannot take it.
    expect(await call('invoice/add', { ...base, ...first, contractId: c })).toMatchObject({ code: 200 });
    expect(await call('invoice/add', { ...base, invoiceCode: 'FP-OWN-2', fileId: scan })).toMatchObject({
      msg: '发票扫描件不存在',
    });

    // A user of the tenant without the invoice list's codes no longer reads it; finance with them does.
    const login = async (account: string, codes: string[]) =>
      (await userWithCodes(h, PLATFORM, account, codes)).token;
    const readKey = async (token: string) =>
      (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${scan}`, { token })).status;
    const outsider = await login('scan_out', ['archive_query']);
    const finance = await login('scan_fin', ['invoice', 'invoice_add']);
    expect(await readKey(outsider)).toBe(403);
    expect(await readKey(finance)).toBe(200);
    expect(await readKey(admin)).toBe(200);

    // Another user's loose upload is not one this user may name.
    const theirs = (await upload(PNG, 'theirs.png', undefined, finance)).data.fileId as string;
    expect(await call('invoice/add', { ...base, invoiceCode: 'FP-OWN-3', fileId: theirs })).toMatchObject({
      msg: '发票扫描件不存在',
    });
    expect(
      await call('invoice/add', { ...base, invoiceCode: 'FP-OWN-3', fileId: theirs }, finance),
    ).toMatchObject({ code: 200 });

    // A scan saved before saves bound it (a loose file) is bound by the migration.
    const unbind = sql`update blade_file set function_code = null, data_id = null where id = ${scan}`;
    await withTenant(h.blade.db, PLATFORM, (trx) => unbind.execute(trx));
    expect(await readKey(outsider)).toBe(200);
    await h.blade.db.transaction().execute((trx) => bindSavedScans(trx));
    expect(await readKey(outsider)).toBe(403);
    expect(await readKey(finance)).toBe(200);
  });
});

describe('export', () => {
  const exported = async (resource: string, body: Record<string, unknown>) => {
    const res = await h.authed(`/business-service/${resource}/export`, {
      token: admin,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const workbook = new ExcelJS.Workbook();
    if (res.status === 200) await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    return { res, sheet, values };
  };

  it('writes the list as a workbook with the list’s filter, labels, dictionary names and amounts', async () => {
    const p = await project('导出项目');
    await contract(p, 'HT-EXP-1', '1234567.89');
    await contract(p, 'HT-EXP-2', '0.10');
    const { res, sheet, values } = await exported('contract', { projectId: p, ascs: 'contract_code' });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(sheet.name).toBe('合同');
    expect(values(1)).toEqual([
      '合同名称',
      '合同编号',
      '合同类型',
      '签订日期',
      '合同金额',
      '已收金额',
      '未收金额',
      '合同状态',
      '质保到期',
      '所属项目',
    ]);
    expect(values(2)).toEqual([
      '合同HT-EXP-1',
      'HT-EXP-1',
      undefined,
      undefined,
      1234567.89,
      0,
      1234567.89,
      '执行中',
      undefined,
      '导出项目',
    ]);
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('#,##0.00');
    expect(sheet.rowCount).toBe(3);
    const english = await exported('contract', { projectId: p, lang: 'en' });
    expect(english.values(1).slice(0, 2)).toEqual(['Contract name', 'Contract number']);
    expect(english.sheet.name).toBe('Contract');
  });

  it('is refused without the list’s right and counts only what the caller reaches', async () => {
    const outsider = await addRole(h.blade.db, PLATFORM, { name: '无关', alias: 'unrelated' });
    const [root] = await deptIds(h.blade.db, PLATFORM);
    await addUser(h.blade.db, PLATFORM, {
      account: 'no_export',
      password: 'no-export-pass',
      roleIds: [outsider],
      deptIds: [root],
    });
    const token = (await h.login('no_export', 'no-export-pass')).access_token;
    const res = await h.authed('/business-service/contract/export', { token, method: 'POST' });
    expect(res.status).toBe(403);
    const { res: none } = await exported('contract', { contractCode: 'HT-NONE' });
    expect(none.headers.get('x-total-count')).toBe('0');
  });
});

describe('finishing', () => {
  it('accepts contracts and then the project, computing when the warranty ends, and records who did it', async () => {
    const p = await project('验收项目');
    const c1 = await contract(p, 'HT-ACC-1', '500.00');
    const c2 = await contract(p, 'HT-ACC-2', '500.00');
    const accept = { acceptanceDate: '2026-11-25', warrantyPeriod: 12 };
    // Accepting needs an executing project; 立项 → 执行中 first.
    expect(await call('project/acceptance', { id: p, ...accept })).toMatchObject({
      msg: '当前状态不允许此操作',
    });
    expect(await call('project/updateState', { id: p, projectStatus: '2' })).toMatchObject({ code: 200 });
    expect(await call('project/updateState', { id: p, projectStatus: '2' })).toMatchObject({ status: 400 });
    expect(
      await call('contract/acceptance', { id: c1, acceptanceDate: '2026-02-28', warrantyPeriod: 12 }),
    ).toMatchObject({
      code: 200,
    });
    expect(await one('contract', c1)).toMatchObject({
      contractStatus: '2',
      acceptanceDate: '2026-02-28',
      warrantyPeriod: 12,
      warrantyExpire: '2027-02-28',
    });
    expect(await call('project/acceptance', { id: p, ...accept })).toMatchObject({
      status: 400,
      msg: '合同HT-ACC-2仍在执行中，项目不能验收',
    });
    expect(await call('contract/end', { id: c2, remark: ' ' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('请输入终止原因'),
    });
    expect(await call('contract/end', { id: c2, remark: '客户取消' })).toMatchObject({ code: 200 });
    expect(await one('contract', c2)).toMatchObject({ contractStatus: '3', remark: '客户取消' });
    // A finished contract takes no edits, batches or second finish.
    expect(
      await call('contract/add', {
        id: c2,
        projectId: p,
        contractName: '改',
        contractCode: 'HT-ACC-2',
        contractAmount: '500.00',
      }),
    ).toMatchObject({ msg: '当前状态不允许此操作' });
    expect(
      await call('contractBatch/addPay', { contractId: c2, batchName: '尾款', percent: '10' }),
    ).toMatchObject({
      msg: '合同已验收或终止，不能修改付款批次',
    });
    expect(await call('contract/acceptance', { id: c2, ...accept })).toMatchObject({
      msg: '当前状态不允许此操作',
    });
    expect(
      await call('project/acceptance', { id: p, acceptanceDate: '2026-11-25', warrantyPeriod: 121 }),
    ).toMatchObject({
      status: 400,
      msg: expect.stringContaining('质保期必须为0到120之间的整数（月）'),
    });
    expect(await call('project/acceptance', { id: p, ...accept })).toMatchObject({ code: 200 });
    expect(await one('project', p)).toMatchObject({
      projectStatus: '3',
      acceptanceDate: '2026-11-25',
      warrantyPeriod: 12,
      warrantyExpire: '2027-11-25',
    });
    expect(
      await call('contract/add', {
        projectId: p,
        contractName: '晚',
        contractCode: 'HT-LATE',
        contractAmount: '1.00',
      }),
    ).toMatchObject({
      msg: '项目已验收或终止，不能新增合同',
    });
    const history = await h.blade.db
      .selectFrom('blade_status_history')
      .select(['resource', 'action', 'from_value', 'to_value', 'comment'])
      .where('record_id', 'in', [p, c2])
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    expect(history.map((r) => [r.resource, r.action, r.from_value, r.to_value, r.comment])).toEqual([
      ['business_project', 'updateState', '1', '2', ''],
      ['business_contract', 'end', '1', '3', '客户取消'],
      ['business_project', 'acceptance', '2', '3', ''],
    ]);
  });
});

describe('concurrency', () => {
  it('20 receipts posted at once against one batch leave every amount exactly right', async () => {
    const p = await project('并发项目');
    const c = await contract(p, 'HT-RACE', '2000.00');
    const [batch] = await batches(c, ['100']);
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(batch.id, '100.00')));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    expect(await one('contractBatch', batch.id)).toMatchObject({
      receivedAmount: '2000.00',
      unpaidAmount: '0.00',
    });
    expect(await one('contract', c)).toMatchObject({ receivedAmount: '2000.00', unpaidAmount: '0.00' });
    expect(await one('project', p)).toMatchObject({ receivedAmount: '2000.00', unpaidAmount: '0.00' });
    // Five more at once than there is room for: exactly the room is taken, the rest refused.
    const c2 = await contract(p, 'HT-RACE-2', '500.00');
    const [b2] = await batches(c2, ['100']);
    const raced = await Promise.all(Array.from({ length: 8 }, () => receive(b2.id, '100.00')));
    expect(raced.filter((a) => a.code === 200)).toHaveLength(5);
    expect(await one('contractBatch', b2.id)).toMatchObject({
      receivedAmount: '500.00',
      unpaidAmount: '0.00',
    });
    expect(await one('project', p)).toMatchObject({ projectAmount: '2500.00', receivedAmount: '2500.00' });
  });
});

describe('access', () => {
  it('shows a department only its projects and their money, and answers 404 for the rest', async () => {
    const pair = await departmentPair(h, admin, {
      name: '项目经理',
      alias: 'pm',
      codes: [
        'project',
        'project_add',
        'project_state',
        'contract',
        'contract_add',
        'contract_batch',
        'contract_income',
      ],
    });
    const near = pair.near.access_token;
    const far = pair.far.access_token;

    const nearProject = await project('近处项目', near);
    const nearContract = await contract(nearProject, 'HT-NEAR', '100.00', near);
    expect(
      await call(
        'contractBatch/addPay',
        { contractId: nearContract, batchName: '全款', percent: '100' },
        near,
      ),
    ).toMatchObject({
      code: 200,
    });
    const [nearBatch] = await rows('contractBatch', { contractId: nearContract }, near);
    expect(await receive(nearBatch.id, '10.00', near)).toMatchObject({ code: 200 });

    expect((await rows('project', {}, near)).map((r) => r.projectName)).toEqual(['近处项目']);
    expect(await rows('project', {}, far)).toEqual([]);
    expect(await rows('contract', {}, far)).toEqual([]);
    expect(await rows('contractBatch', { contractId: nearContract }, far)).toEqual([]);
    expect(await rows('realIncome', {}, far)).toEqual([]);
    // Writing into a project, contract or batch out of scope is 404, as for an id that does not exist.
    expect(
      (
        await call(
          'contract/add',
          { projectId: nearProject, contractName: 'x', contractCode: 'HT-FAR', contractAmount: '1.00' },
          far,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call('contractBatch/addPay', { contractId: nearContract, batchName: 'x', percent: '1' }, far))
        .status,
    ).toBe(404);
    expect((await receive(nearBatch.id, '1.00', far)).status).toBe(404);
    expect((await call('project/updateState', { id: nearProject, projectStatus: '2' }, far)).status).toBe(
      404,
    );
    expect(await one('project', nearProject)).toMatchObject({ projectStatus: '1', receivedAmount: '10.00' });
    // The finishing buttons are their own rights.
    expect((await call('contract/end', { id: nearContract, remark: '无权' }, near)).status).toBe(403);
  });

  it("answers 404 for another tenant's projects, contracts and batches", async () => {
    const { roleId } = await addTenant(h.blade.db, {
      tenantId: '390002',
      tenantName: '别家',
      adminPassword: 'other-admin-pass',
    });
    // The other tenant's administrator holds every right here; only the tenant differs.
    await grantMenus(h.blade.db, '390002', roleId, [
      'project',
      'project_state',
      'contract',
      'contract_end',
      'contract_abnormal',
      'contract_income',
    ]);
    const other = (await h.login('admin', 'other-admin-pass', '390002')).access_token;
    const p = await project('本租户项目');
    const c = await contract(p, 'HT-TENANT', '10.00');
    const [b] = await batches(c, ['100']);
    expect(await rows('project', {}, other)).toEqual([]);
    expect((await call('project/updateState', { id: p, projectStatus: '2' }, other)).status).toBe(404);
    expect((await call('contract/end', { id: c, remark: '越权' }, other)).status).toBe(404);
    expect(
      (await call('contractBatch/abnormalHandling', { id: b.id, abnormalReason: '越权' }, other)).status,
    ).toBe(404);
    expect((await receive(b.id, '1.00', other)).status).toBe(404);
    expect(await one('contractBatch', b.id)).toMatchObject({ abnormal: 0, receivedAmount: '0.00' });
  });
});

describe('search by a fragment of the contract number', () => {
  const codes = async (filter: Record<string, unknown>, token = admin) =>
    (await rows('contract', filter, token)).map((r) => r.contractCode).sort();

  it('finds every contract whose number contains it, case-insensitively and literally, and follows changes', async () => {
    const p = await project('编号检索项目');
    const first = await contract(p, 'FRAG-Ab-001', '10.00');
    await contract(p, 'frag-ab-0012', '10.00');
    await contract(p, 'FRAG%_X', '10.00');
    expect(await codes({ contractCode: 'ab-001' })).toEqual(['FRAG-Ab-001', 'frag-ab-0012']);
    expect(await codes({ contractCode: 'AB-0012' })).toEqual(['frag-ab-0012']);
    // Wildcards are characters of the number, not patterns.
    expect(await codes({ contractCode: '%_' })).toEqual(['FRAG%_X']);
    expect(await codes({ contractCode: 'frag_' })).toEqual([]);
    // A new number replaces the old one's fragments; a removed contract is found no more.
    expect(
      await call('contract/add', {
        id: first,
        projectId: p,
        contractName: '合同改号',
        contractCode: 'FRAG-RENAMED',
        contractAmount: '10.00',
      }),
    ).toMatchObject({ code: 200 });
    expect(await codes({ contractCode: 'ab-001' })).toEqual(['frag-ab-0012']);
    expect(await codes({ contractCode: 'renamed' })).toEqual(['FRAG-RENAMED']);
    expect(await call('contract/delete', { ids: first })).toMatchObject({ code: 200 });
    expect(await codes({ contractCode: 'renamed' })).toEqual([]);
  });

  it("never finds another tenant's contracts", async () => {
    const { roleId } = await addTenant(h.blade.db, {
      tenantId: '390003',
      tenantName: '另一家',
      adminPassword: 'third-admin-pass',
    });
    await grantMenus(h.blade.db, '390003', roleId, ['project', 'project_add', 'contract', 'contract_add']);
    const other = (await h.login('admin', 'third-admin-pass', '390003')).access_token;
    await contract(await project('别家项目', other), 'FRAG-OTHER-9', '10.00', other);
    expect(await codes({ contractCode: 'other-9' }, other)).toEqual(['FRAG-OTHER-9']);
    expect(await codes({ contractCode: 'other-9' })).toEqual([]);
  });
});

// PGlite has one connection, so two writers never overlap there; on PostgreSQL the race is made on purpose.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('a contract number two writers race for', () => {
  it('answers the writer the index refused with the definition’s refusal, not a 500', async () => {
    const p = await project('并发合同编号');
    const db = h.blade.db;
    // Another writer has stored the number and not committed: the call's check cannot see its row, so the call goes
    // on to its insert, which waits on the unique index until that writer commits and is then refused.
    let stored!: () => void;
    let commit!: () => void;
    const storedYet = new Promise<void>((resolve) => (stored = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const writer = withTenant(db, PLATFORM, async (trx) => {
      await trx
        .insertInto('business_contract')
        .values({
          id: nextId(),
          tenant_id: PLATFORM,
          project_id: p,
          contract_name: '先到的合同',
          contract_code: 'HT-SAME-NUMBER',
          contract_amount: '10.00',
        })
        .execute();
      stored();
      await committing;
    });
    // A writer that fails (the number taken already) ends the test at once instead of leaving it waiting.
    await Promise.race([storedYet, writer]);
    const answer = call('contract/add', {
      projectId: p,
      contractName: '后到的合同',
      contractCode: 'HT-SAME-NUMBER',
      contractAmount: '20.00',
    });
    // The call is at its insert when a lock is waited for.
    for (let i = 0; i < 100; i++) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where not granted`.execute(
        db,
      );
      if (Number(rows[0].n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    commit();
    await writer;
    expect(await answer).toMatchObject({ code: 400, msg: zhText('business.contract.codeTaken') });
    expect((await rows('contract', { contractCode: 'HT-SAME-NUMBER' })).map((r) => r.contractName)).toEqual([
      '先到的合同',
    ]);
  });
});
