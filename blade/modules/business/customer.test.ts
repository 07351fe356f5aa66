import ExcelJS from 'exceljs';
import { addTenant, grantMenus, userWithCodes } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type CallResult, type Harness } from '../../testing/harness';

// The customers' rules beside the contract suite (customer.contract.test.ts): the Excel import (all or nothing, a
// report per bad row, duplicates, file checks, rights, tenants), the credit code's uniqueness and the picker.

let h: Harness;
let admin: string;
const IMPORT = '/business-service/customer/setImportCustomer';
const HEADER = ['客户名称', '统一社会信用代码', '联系人', '联系电话', '地址', '客户类型', '备注'];

const call = (path: string, body?: unknown, token = admin) =>
  h.call(`/business-service/customer/${path}`, token, body);
const names = async (token = admin, filter: Record<string, unknown> = {}) =>
  (
    (await call('list', { current: 1, size: 500, ascs: 'customer_name', ...filter }, token)).data
      .records as Array<Record<string, string>>
  ).map((r) => r.customerName);

/** An .xlsx whose first sheet holds `rows` at their row numbers (row 1 the header), as exceljs writes it. */
async function workbook(rows: Record<number, (string | number | null)[]>, header = HEADER) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  sheet.getRow(1).values = header;
  for (const [number, values] of Object.entries(rows)) sheet.getRow(Number(number)).values = values;
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Rows 2… in order. */
const consecutive = (rows: (string | number | null)[][]) =>
  Object.fromEntries(rows.map((row, i) => [i + 2, row]));

/** Sends `bytes` as the multipart `file` of the import, as the portal's upload does. */
async function upload(bytes: Uint8Array<ArrayBuffer> | string, token = admin, filename = 'customers.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const res = await h.authed(IMPORT, { method: 'POST', body: form, token });
  return { status: res.status, ...((await res.json()) as Omit<CallResult, 'status'>) };
}

let accounts = 0;
/** A user of the platform tenant holding exactly `codes`. */
const userWith = async (codes: string[]) =>
  (await userWithCodes(h, PLATFORM, `cu_${++accounts}`, codes)).token;

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
});

describe('import', () => {
  it('imports every row of a good file, the type given by key or by label', async () => {
    const answer = await upload(
      await workbook(
        consecutive([
          ['导入甲公司', '91411300MA40000001', '张工', '13800138000', '河南省南阳市', '制造企业', '老客户'],
          ['导入乙公司', null, null, '0377-63200000', null, '2', null],
          ['导入丙公司', null, null, null, null, null, null],
        ]),
      ),
    );
    expect(answer).toMatchObject({ status: 200, data: { imported: 3 }, msg: '成功导入3个客户' });
    const rows = (await call('list', { customerName: '导入', size: 500, ascs: 'id' })).data.records;
    expect(rows.map((r: Record<string, string>) => [r.customerName, r.creditCode, r.customerType])).toEqual([
      ['导入甲公司', '91411300MA40000001', '1'],
      ['导入乙公司', '', '2'],
      ['导入丙公司', '', ''],
    ]);
    expect(rows[0]).toMatchObject({ contactName: '张工', contactPhone: '13800138000', remark: '老客户' });
  });

  it('imports nothing from a file with bad rows and reports each one at its row', async () => {
    const before = await names();
    const answer = await upload(
      await workbook({
        2: ['好的公司', null, null, null, null, null, null],
        // An empty row keeps its number: the report names the rows as Excel shows them.
        3: [null, '91411300MA40000002', '李工', null, null, null, null],
        5: ['坏代码公司', '91411300ma4000000', null, null, null, null, null],
        6: ['坏电话公司', null, null, '电话号码', null, '个体户', null],
        7: ['x'.repeat(101), null, null, null, null, '3', null],
      }),
    );
    expect(answer).toMatchObject({
      status: 400,
      code: 400,
      msg: '第3行：请输入客户名称（共5处错误，未导入任何客户）',
    });
    expect(answer.data).toEqual([
      { row: 3, field: 'customerName', message: '请输入客户名称' },
      {
        row: 5,
        field: 'creditCode',
        message: '统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）',
      },
      { row: 6, field: 'contactPhone', message: '联系电话格式不正确' },
      { row: 6, field: 'customerType', message: '客户类型不存在' },
      { row: 7, field: 'customerName', message: '长度不能超过100' },
    ]);
    expect(await names()).toEqual(before);
    // One bad row alone: the summary is that row's refusal.
    expect(await upload(await workbook(consecutive([['单行公司'], [null, null, '王工']])))).toMatchObject({
      status: 400,
      msg: '第3行：请输入客户名称',
      data: [{ row: 3, field: 'customerName' }],
    });
    expect(await names()).toEqual(before);
  });

  it('refuses names and credit codes repeated inside the file or already stored', async () => {
    expect(await call('add', { customerName: '已有公司', creditCode: '91411300MA40000010' })).toMatchObject({
      code: 200,
    });
    const answer = await upload(
      await workbook(
        consecutive([
          ['重复公司', '91411300MA40000011'],
          ['别的公司', '91411300MA40000011'],
          ['重复公司'],
          ['已有公司'],
          ['新公司', '91411300MA40000010'],
        ]),
      ),
    );
    expect(answer).toMatchObject({
      status: 400,
      msg: '第3行：统一社会信用代码与第2行重复（共4处错误，未导入任何客户）',
    });
    expect(answer.data).toEqual([
      { row: 3, field: 'creditCode', message: '统一社会信用代码与第2行重复' },
      { row: 4, field: 'customerName', message: '客户名称与第2行重复' },
      { row: 5, field: 'customerName', message: '当前客户名称已存在!' },
      { row: 6, field: 'creditCode', message: '当前统一社会信用代码已存在!' },
    ]);
    expect(await names(admin, { customerName: '重复' })).toEqual([]);
  });

  it('finds the columns by their labels in any order and needs the name column', async () => {
    const reordered = ['备注', '客户名称', '无关列', '客户类型'];
    expect(
      await upload(await workbook(consecutive([['换序备注', '换序公司', '随便', '检测机构']]), reordered)),
    ).toMatchObject({ status: 200, data: { imported: 1 } });
    expect((await call('list', { customerName: '换序公司' })).data.records[0]).toMatchObject({
      remark: '换序备注',
      customerType: '2',
    });
    expect(await upload(await workbook(consecutive([['某公司']]), ['名称', '联系人']))).toMatchObject({
      status: 400,
      msg: '第1行应为表头，缺少“客户名称”列',
    });
    expect(await upload(await workbook({}))).toMatchObject({ status: 400, msg: '文件中没有客户数据' });
  });

  it('takes only .xlsx files of at most 5 MB and 5,000 rows', async () => {
    const notXlsx = { status: 400, msg: '只能导入.xlsx格式的Excel文件' };
    expect(await upload('客户名称\n某公司\n')).toMatchObject(notXlsx);
    expect(await upload('客户名称\n某公司\n', admin, 'customers.csv')).toMatchObject(notXlsx);
    expect(await upload(await workbook(consecutive([['某公司']])), admin, 'customers.xls')).toMatchObject(
      notXlsx,
    );
    // A zip that is no workbook.
    const zipOnly = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]);
    expect(await upload(zipOnly)).toMatchObject({ status: 400, msg: 'Excel文件无法读取，请使用导入模板' });
    // No file at all: a form without it, or a JSON body.
    const form = new FormData();
    form.append('name', 'x');
    const res = await h.authed(IMPORT, { method: 'POST', body: form, token: admin });
    expect(res.status).toBe(400);
    expect(await call('setImportCustomer', { file: 'x' })).toMatchObject({
      status: 400,
      msg: '请选择要导入的Excel文件',
    });
    // Past 5 MB the body is refused while it streams, before any of it is parsed.
    const big = await upload(new Uint8Array(5 * 1024 * 1024 + 100_000));
    expect(big).toMatchObject({ status: 413, msg: '请求内容过大，不能超过5MB' });
    const rows = Array.from({ length: 5001 }, (_, i) => [`批量公司${i}`]);
    expect(await upload(await workbook(consecutive(rows)))).toMatchObject({
      status: 400,
      msg: '一次最多导入5000个客户',
    });
    expect(await names(admin, { customerName: '批量公司' })).toEqual([]);
    // Exactly the limit goes in, in one transaction of several inserts.
    expect(await upload(await workbook(consecutive(rows.slice(1))))).toMatchObject({
      status: 200,
      data: { imported: 5000 },
    });
    expect((await call('list', { customerName: '批量公司' })).data.total).toBe(5000);
  });

  it('needs the add right, and imports into the caller’s tenant only', async () => {
    const file = await workbook(consecutive([['权限公司']]));
    expect(
      await upload(file, await userWith(['customer', 'customer_edit', 'customer_delete'])),
    ).toMatchObject({
      status: 403,
      code: 403,
    });
    expect(await names(admin, { customerName: '权限公司' })).toEqual([]);
    expect(await upload(file, await userWith(['customer_add']))).toMatchObject({ status: 200 });

    const { roleId } = await addTenant(h.blade.db, {
      tenantId: '390003',
      tenantName: '别家',
      adminPassword: 'other-admin-pass',
    });
    await grantMenus(h.blade.db, '390003', roleId, ['customer', 'customer_add']);
    const other = (await h.login('admin', 'other-admin-pass', '390003')).access_token;
    expect(await names(other)).toEqual([]);
    expect((await call('listforSelect', {}, other)).data).toEqual([]);
    // Names are unique per tenant: the other tenant may have its own 权限公司.
    expect(await upload(file, other)).toMatchObject({ status: 200, data: { imported: 1 } });
    expect(await names(other)).toEqual(['权限公司']);
  });
});

describe('concurrency', () => {
  it('imports a file sent five times at once exactly once', async () => {
    const file = await workbook(consecutive([['并发甲公司'], ['并发乙公司', '91411300MA40000030']]));
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(file)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // Refused by the check against stored customers, or by the unique index when both checked before either wrote.
    for (const refused of answers.filter((a) => a.status !== 200))
      expect(refused).toMatchObject({ status: 400, msg: expect.stringContaining('已存在!') });
    expect(await names(admin, { customerName: '并发' })).toEqual(['并发乙公司', '并发甲公司']);
  });
});

describe('credit code and picker', () => {
  it('keeps a credit code unique among live customers, blank ones aside', async () => {
    expect(await call('add', { customerName: '代码甲', creditCode: '91411300MA40000020' })).toMatchObject({
      code: 200,
    });
    expect(await call('add', { customerName: '代码乙', creditCode: '91411300MA40000020' })).toMatchObject({
      status: 400,
      msg: '当前统一社会信用代码已存在!',
    });
    expect(await call('add', { customerName: '无代码甲' })).toMatchObject({ code: 200 });
    expect(await call('add', { customerName: '无代码乙' })).toMatchObject({ code: 200 });
    expect(await call('add', { customerName: '代码丙', creditCode: '91411300MA4000002' })).toMatchObject({
      status: 400,
      msg: 'creditCode:统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）',
    });
    // add refuses an id, update needs one.
    expect((await call('add', { id: '123', customerName: 'x' })).status).toBe(400);
    expect((await call('update', { customerName: 'x' })).status).toBe(400);
  });

  it('lists live customers by name for the pickers of projects and contracts', async () => {
    await call('add', { customerName: '选择器甲' });
    await call('add', { customerName: '选择器乙' });
    const [gone] = (await call('list', { customerName: '选择器乙' })).data.records;
    expect(await call('delete', { ids: gone.id })).toMatchObject({ code: 200 });
    const picker = await userWith(['project']);
    const answer = await call('listforSelect', { customerName: '选择器' }, picker);
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.data).toEqual([{ id: expect.any(String), customerName: '选择器甲' }]);
    expect(Object.keys(answer.data[0]).sort()).toEqual(['customerName', 'id']);
    expect((await call('listforSelect', {}, await userWith(['contract']))).status).toBe(200);
    expect((await call('listforSelect', {}, await userWith(['invoice']))).status).toBe(403);
  });
});
