import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ACCEPTANCE_CALLS, ACCEPTANCE_CODES } from '../../../lib/contracts/acceptance/acceptance';
import { EQUIPMENT_CODES } from '../../../lib/contracts/equipment/equipment';
import { localDay } from '../../../lib/contracts/equipment/status';
import { zhText } from '../../core/refusal-keys';
import { withTenant } from '../../db/tenant';
import { addTenant, usersWithCodes, type CodedUser } from '../../testing/fixtures';
import { harnessPerFile, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { forgetMenus, menuIdsOf, menuPlaces, replayMenuMigration } from '../../testing/menus';
import { up as addAcceptanceMenus } from '../../db/migrations/20261128T120100-acceptance-menus';
import { up as addFlowCardStateMenus } from '../../db/migrations/20261129T110100-flow-card-state-menus';
import { addApplication, uploadInto } from '../application/apply.test-helpers';
import { protectionTypesOf } from './acceptance.service';

// Test items, flow cards and their items, coverage evaluation and export keys through the real calls (PGlite, and
// PostgreSQL with TEST_DATABASE_URL): refusals in words, a red instrument refused, reports as versions of files in the
// card's archive, the export key used once and not after it expires, another tenant's ids 404.

let h: Harness;
const T = '350001';
const U = '350002';
const tokens: Record<string, string> = {};
const A = '/blade-acceptance';
const B = '/blade-combusiness';

const ALL_CODES = [
  ...new Set([
    ...Object.values(ACCEPTANCE_CODES),
    'test_item_add',
    'test_item_edit',
    'test_item_delete',
    'test_flow_card_add',
    'test_flow_card_edit',
    'test_flow_card_delete',
    ...Object.values(EQUIPMENT_CODES),
  ]),
];

const day = (days: number) => localDay(new Date(Date.now() + days * 86_400_000));

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '检测中心', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一中心', adminPassword: 'u-admin-pass' });
  const users: CodedUser[] = [
    [T, 'tester', ALL_CODES],
    // Reads the pages, holds no button (no export either).
    [T, 'reader', [ACCEPTANCE_CODES.items, ACCEPTANCE_CODES.cards]],
    [U, 'utester', ALL_CODES],
  ];
  Object.assign(tokens, (await usersWithCodes(h, users, ['laboratory'])).tokens);
}, SETUP_TIMEOUT * 2);

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;

async function testItem(values: Record<string, unknown> = {}, token = tokens.tester): Promise<string> {
  const itemCode = unique('XM');
  const res = await h.call(`${A}/testItemsDict/save`, token, {
    itemCode,
    name: '外壳耐压试验',
    standardClause: 'GB/T 3836.2-2021 15.1',
    protectionTypes: 'd',
    fee: '1200.50',
    accredited: 1,
    ...values,
  });
  expect(res).toMatchObject({ code: 200 });
  const page = await h.call(`${A}/testItemsDict/page?itemCode=${encodeURIComponent(itemCode)}`, token);
  return page.data.records[0].id;
}

const application = (markings: string[], tenant = T) =>
  addApplication(h.blade.db, tenant, {
    scheme: 'cqst',
    application_no: unique('SQ'),
    ex_markings: JSON.stringify(markings),
    flow_state: 'accepted',
  });

async function card(values: Record<string, unknown> = {}, token = tokens.tester): Promise<string> {
  const cardNo = unique('LZK');
  const res = await h.call(`${A}/testFlowCard/save`, token, { cardNo, sampleNo: 'YP-001', ...values });
  expect(res).toMatchObject({ code: 200 });
  const page = await h.call(`${A}/testFlowCard/page?cardNo=${encodeURIComponent(cardNo)}`, token);
  return page.data.records[0].id;
}

async function equipment(certs: [string, string, string][], token = tokens.tester): Promise<string> {
  const assetNo = unique('YQ');
  expect((await h.call(`${B}/equipment/save`, token, { assetNo, name: '耐压试验装置' })).code).toBe(200);
  const id = (await h.call(`${B}/equipment/page?assetNo=${encodeURIComponent(assetNo)}`, token)).data
    .records[0].id;
  for (const [calibrationDate, validTo, result] of certs)
    expect(
      (
        await h.call(`${B}/equipmentMeasurementCertificate/save`, token, {
          equipmentId: id,
          certNo: unique('JL'),
          agency: '省计量院',
          calibrationDate,
          validTo,
          result,
        })
      ).code,
    ).toBe(200);
  return id;
}

const addItem = (
  cardId: string,
  testItemId: string,
  extra: Record<string, unknown> = {},
  token = tokens.tester,
) => h.call(ACCEPTANCE_CALLS.itemSave.path, token, { cardId, testItemId, ...extra });

/** Uploads a file into the card's report folder; answers its id. */
async function reportFile(cardId: string, token = tokens.tester, name = '报告.png'): Promise<string> {
  const q = (parentId = '') =>
    h.call(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: 'test_flow_card', dataId: cardId, ...(parentId && { parentId }) })}`,
      token,
    );
  const roots = await q();
  expect(roots.code).toBe(200);
  const folder = (await q(roots.data.records[0].id)).data.records[0].id;
  const up = await uploadInto(
    h,
    token,
    { functionCode: 'test_flow_card', dataId: cardId, fileCatalogId: folder },
    name,
  );
  expect(up.code).toBe(200);
  return up.data.id;
}

describe('test item dictionary', () => {
  it('keeps the fee as an exact decimal and refuses bad protection types and a taken code in words', async () => {
    const id = await testItem({ fee: '12345678.10' });
    expect((await h.call(`${A}/testItemsDict/detail?id=${id}`, tokens.tester)).data).toMatchObject({
      fee: '12345678.10',
      accredited: 1,
      protectionTypes: 'd',
    });
    expect(
      await h.call(`${A}/testItemsDict/save`, tokens.tester, {
        itemCode: unique('XM'),
        name: '试验',
        protectionTypes: 'd,x',
      }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('防爆型式须为逗号分隔的代号') });
    const code = (await h.call(`${A}/testItemsDict/detail?id=${id}`, tokens.tester)).data.itemCode;
    expect(
      await h.call(`${A}/testItemsDict/save`, tokens.tester, { itemCode: code, name: '重复' }),
    ).toMatchObject({
      code: 400,
      msg: zhText('acceptance.item.itemCodeTaken'),
    });
    expect(
      (await h.call(`${A}/testItemsDict/save`, tokens.reader, { itemCode: unique('XM'), name: '无权' }))
        .status,
    ).toBe(403);
  });

  it('answers the often-used items, most used first, paged', async () => {
    const a = await testItem();
    const b = await testItem();
    const c1 = await card();
    const c2 = await card();
    for (const [cardId, itemId] of [
      [c1, b],
      [c2, b],
      [c1, a],
    ])
      expect((await addItem(cardId, itemId)).code).toBe(200);
    const res = await h.call(`${ACCEPTANCE_CALLS.oftenUsedItems.path}?size=100`, tokens.reader);
    expect(res.code).toBe(200);
    const ids = res.data.records.map((r: { id: string }) => r.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(res.data.records.find((r: { id: string }) => r.id === b)).toMatchObject({ usedCount: 2 });
    // An item used on a card stays in the dictionary.
    expect(await h.call(`${A}/testItemsDict/remove`, tokens.tester, { ids: a })).toMatchObject({
      code: 400,
      msg: zhText('acceptance.item.inUse'),
    });
  });
});

describe('flow cards and their items', () => {
  it('belongs to an application or a sample, never neither, and only to an application of the tenant', async () => {
    expect(await h.call(`${A}/testFlowCard/save`, tokens.tester, { cardNo: unique('LZK') })).toMatchObject({
      code: 400,
      msg: zhText('acceptance.card.ownerRequired'),
    });
    const foreign = await application(['Ex db IIB T4 Gb'], U);
    expect(
      await h.call(`${A}/testFlowCard/save`, tokens.tester, {
        cardNo: unique('LZK'),
        applicationId: foreign,
      }),
    ).toMatchObject({ code: 400, msg: zhText('acceptance.card.applicationUnknown') });
    const mine = await application(['Ex db IIB T4 Gb']);
    const id = await card({ applicationId: mine, sampleNo: '' });
    expect((await h.call(`${A}/testFlowCard/detail?id=${id}`, tokens.tester)).data).toMatchObject({
      applicationId: mine,
      items: [],
    });
  });

  it('refuses a red instrument in words and records a green one', async () => {
    const cardId = await card();
    const itemId = await testItem();
    const expired = await equipment([[day(-400), day(-1), '合格']]);
    const none = await equipment([]);
    const green = await equipment([[day(-30), day(300), '合格']]);
    const refused = await addItem(cardId, itemId, { equipmentId: expired });
    expect(refused).toMatchObject({ code: 400 });
    expect(refused.msg).toBe(
      zhText('acceptance.flowItem.redEquipment', {
        reason: `${(await h.call(`${B}/equipment/detail?id=${expired}`, tokens.tester)).data.assetNo}：${zhText('equipment.reason.expired')}`,
      }),
    );
    expect((await addItem(cardId, itemId, { equipmentId: none })).msg).toContain(
      zhText('equipment.reason.noCertificate'),
    );
    const ok = await addItem(cardId, itemId, { equipmentId: green, remark: '常温' });
    expect(ok).toMatchObject({
      code: 200,
      data: { equipmentId: green, testItemId: itemId, remark: '常温', reportVersion: 0 },
    });
    // Changing the instrument of a recorded item is checked the same way.
    expect((await addItem(cardId, itemId, { id: ok.data.id, equipmentId: expired })).code).toBe(400);
    expect((await addItem(cardId, '123456789012345')).msg).toBe(
      zhText('acceptance.flowItem.testItemUnknown'),
    );
  });

  it('uploads reports as versions, clears them, updates the remark and removes items', async () => {
    const cardId = await card();
    const item = (await addItem(cardId, await testItem())).data;
    const otherCard = await card();
    const elsewhere = await reportFile(otherCard);
    expect(
      await h.call(ACCEPTANCE_CALLS.uploadReport.path, tokens.tester, { id: item.id, fileId: elsewhere }),
    ).toMatchObject({
      code: 400,
      msg: zhText('acceptance.flowItem.fileNotInCard'),
    });
    expect(await h.call(ACCEPTANCE_CALLS.onlineEditing.path + `?id=${item.id}`, tokens.tester)).toMatchObject(
      {
        code: 400,
        msg: zhText('acceptance.flowItem.noReport'),
      },
    );
    const first = await reportFile(cardId, tokens.tester, '报告v1.png');
    expect(
      await h.call(ACCEPTANCE_CALLS.uploadReport.path, tokens.tester, { id: item.id, fileId: first }),
    ).toMatchObject({
      code: 200,
      data: { reportFileId: first, reportFileName: '报告v1.png', reportVersion: 1 },
    });
    const second = await reportFile(cardId, tokens.tester, '报告v2.png');
    expect(
      (await h.call(ACCEPTANCE_CALLS.uploadReport.path, tokens.tester, { id: item.id, fileId: second })).data,
    ).toMatchObject({
      reportFileId: second,
      reportVersion: 2,
    });
    // Online editing is a documented limit: the current version to view, never a pretend save.
    expect(
      (await h.call(ACCEPTANCE_CALLS.onlineEditing.path + `?id=${item.id}`, tokens.reader)).data,
    ).toEqual({
      itemId: item.id,
      fileId: second,
      fileName: '报告v2.png',
      version: 2,
      editable: false,
      reason: zhText('acceptance.flowItem.editingUnavailable'),
    });
    expect((await h.call(ACCEPTANCE_CALLS.clearReport.path, tokens.reader, { id: item.id })).status).toBe(
      403,
    );
    expect(
      (await h.call(ACCEPTANCE_CALLS.clearReport.path, tokens.tester, { id: item.id })).data,
    ).toMatchObject({
      reportFileId: '',
      reportVersion: 2,
    });
    expect(await h.call(ACCEPTANCE_CALLS.clearReport.path, tokens.tester, { id: item.id })).toMatchObject({
      code: 400,
      msg: zhText('acceptance.flowItem.noReport'),
    });
    expect(
      (await h.call(ACCEPTANCE_CALLS.uploadReport.path, tokens.tester, { id: item.id, fileId: first })).data,
    ).toMatchObject({
      reportVersion: 3,
    });
    expect(
      (await h.call(ACCEPTANCE_CALLS.updateRemark.path, tokens.tester, { id: item.id, remark: '复测' })).data,
    ).toMatchObject({
      remark: '复测',
    });
    expect((await h.call(ACCEPTANCE_CALLS.itemRemove.path, tokens.tester, { ids: [item.id] })).code).toBe(
      200,
    );
    expect((await h.call(`${A}/testFlowCard/detail?id=${cardId}`, tokens.tester)).data.items).toEqual([]);
    expect(
      (await h.call(ACCEPTANCE_CALLS.updateRemark.path, tokens.tester, { id: item.id, remark: 'x' })).status,
    ).toBe(404);
  });

  it("answers 404 for another tenant's card, item and application", async () => {
    const cardId = await card();
    const item = (await addItem(cardId, await testItem())).data;
    const app = await application(['Ex db IIB T4 Gb']);
    const u = tokens.utester;
    expect((await h.call(`${A}/testFlowCard/detail?id=${cardId}`, u)).status).toBe(404);
    expect((await addItem(cardId, await testItem({}, u), {}, u)).status).toBe(404);
    for (const [path, body] of [
      [ACCEPTANCE_CALLS.updateRemark.path, { id: item.id, remark: 'x' }],
      [ACCEPTANCE_CALLS.clearReport.path, { id: item.id }],
      [ACCEPTANCE_CALLS.itemRemove.path, { ids: [item.id] }],
    ] as const)
      expect((await h.call(path, u, body)).status).toBe(404);
    expect((await h.call(`${ACCEPTANCE_CALLS.onlineEditing.path}?id=${item.id}`, u)).status).toBe(404);
    expect((await h.call(`${ACCEPTANCE_CALLS.certifiedProjects.path}?applicationId=${app}`, u)).status).toBe(
      404,
    );
    expect((await h.call(`${A}/testFlowCard/detail?id=${cardId}`, tokens.tester)).data.items).toHaveLength(1);
  });
});

describe('coverage evaluation', () => {
  it('reads the protection types of Ex markings', () => {
    expect(protectionTypesOf(['Ex db eb IIC T4 Gb', 'Ex tb IIIC T80°C Db'])).toEqual(['d', 'e', 't']);
    expect(protectionTypesOf(['Ex ia IIC T6 Ga', 'Ex mb II T4 Gb'])).toEqual(['ia', 'mb']);
    expect(protectionTypesOf(['not a marking'])).toEqual([]);
  });

  it("lists the dictionary items that apply to the application's product and whether they are tested", async () => {
    // A dictionary of this tenant's own for the test: tenant U, a fresh one.
    const u = tokens.utester;
    const general = await testItem({ protectionTypes: '', name: '通用要求检查' }, u);
    // Tenant U's other items are for d (flameproof): this product is q (powder filling) only.
    const flameproof = await testItem({ protectionTypes: 'q,o', name: '充砂型试验' }, u);
    await testItem({ protectionTypes: 'ia', name: '本安评定' }, u);
    const app = await application(['Ex q IIB T4 Gb'], U);
    const path = `${ACCEPTANCE_CALLS.certifiedProjects.path}?applicationId=${app}`;
    const before = (await h.call(path, u)).data;
    expect(before).toMatchObject({
      protectionTypes: ['q'],
      conclusion: 'notCovered',
      exMarkings: ['Ex q IIB T4 Gb'],
    });
    expect(before.items.map((i: { testItemId: string }) => i.testItemId).sort()).toEqual(
      [general, flameproof].sort(),
    );
    const cardId = await card({ applicationId: app }, u);
    const item = (await addItem(cardId, flameproof, {}, u)).data;
    await h.call(ACCEPTANCE_CALLS.uploadReport.path, u, { id: item.id, fileId: await reportFile(cardId, u) });
    const partial = (await h.call(path, u)).data;
    expect(partial.conclusion).toBe('partial');
    expect(partial.items.find((i: { testItemId: string }) => i.testItemId === flameproof)).toMatchObject({
      tested: true,
      reportVersion: 1,
      accredited: true,
      fee: '1200.50',
    });
    const item2 = (await addItem(cardId, general, {}, u)).data;
    await h.call(ACCEPTANCE_CALLS.uploadReport.path, u, {
      id: item2.id,
      fileId: await reportFile(cardId, u),
    });
    expect((await h.call(path, u)).data.conclusion).toBe('covered');
  });
});

describe('export keys', () => {
  const keyFor = (token: string) => h.call(`${ACCEPTANCE_CALLS.exportAuthKey.path}?export=testItems`, token);
  const download = (key: string, lang = '') =>
    h.blade.app.request(
      `${ACCEPTANCE_CALLS.itemsExport.path}?authKey=${encodeURIComponent(key)}${lang && `&lang=${lang}`}`,
    );

  it('needs the export button', async () => {
    expect((await keyFor(tokens.reader)).status).toBe(403);
    expect((await h.call(`${ACCEPTANCE_CALLS.exportAuthKey.path}?export=other`, tokens.tester)).code).toBe(
      400,
    );
  });

  it('downloads the dictionary once without a session, then refuses the key in words', async () => {
    const code = (
      await h.call(`${A}/testItemsDict/detail?id=${await testItem({ fee: '88.05' })}`, tokens.tester)
    ).data.itemCode;
    const key = await keyFor(tokens.tester);
    expect(key).toMatchObject({ code: 200, data: { expiresIn: 60 } });
    expect(key.data.authKey).toMatch(/^350001\./);
    // Stored hashed: the key itself is nowhere in the table.
    const stored = await withTenant(h.blade.db, T, (trx) =>
      trx.selectFrom('business_export_key').selectAll().execute(),
    );
    expect(JSON.stringify(stored)).not.toContain(key.data.authKey.split('.')[1]);
    const res = await download(key.data.authKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('项目编号');
    const row = rows.find((r) => r.includes(code))!;
    expect(row).toContain(88.05);
    // Nothing of another tenant's dictionary.
    const foreign = (
      await h.call(`${A}/testItemsDict/detail?id=${await testItem({}, tokens.utester)}`, tokens.utester)
    ).data.itemCode;
    expect(rows.some((r) => r.includes(foreign))).toBe(false);

    const again = await download(key.data.authKey);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ msg: zhText('acceptance.export.keyInvalid') });
    const forged = await download(`${T}.${'A'.repeat(43)}`, 'en');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ msg: 'The export key is not valid or has been used' });
    expect((await download('')).status).toBe(401);
  });

  it('refuses an expired key (and consumes it) and lets only one of two concurrent downloads through', async () => {
    const key = (await keyFor(tokens.tester)).data.authKey;
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .updateTable('business_export_key')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .execute(),
    );
    const expired = await download(key);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ msg: zhText('acceptance.export.keyExpired') });
    expect((await download(key)).status).toBe(401);

    const twice = (await keyFor(tokens.tester)).data.authKey;
    const answers = await Promise.all([download(twice), download(twice)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
  });
});

// Last: it takes the acceptance menus away to play an existing database from before them.
describe('the menus of an existing database', () => {
  it('the migration adds the pages and buttons under 实验室管理 and grants them to the platform administrator and admins', async () => {
    const db = h.blade.db;
    const codes = ALL_CODES.filter((c) => c.startsWith('test_'));
    // The state buttons came later: the first migration does not make them, the second adds them to the found page.
    const stateButtons = ['start', 'finish', 'draft', 'archive', 'rectify'].map((b) => `test_flow_card_${b}`);
    expect(await forgetMenus(db, codes, [PLATFORM, T, U])).toBe(codes.length);
    await db.transaction().execute((trx) => addAcceptanceMenus(trx));
    expect(await menuIdsOf(db, codes)).toHaveLength(codes.length - stateButtons.length);
    await db.transaction().execute((trx) => addFlowCardStateMenus(trx));
    // And the two of them from the start, granted, once.
    await replayMenuMigration(db, {
      codes,
      tenants: [PLATFORM, T, U],
      migrate: [addAcceptanceMenus, addFlowCardStateMenus],
    });
    const places = await menuPlaces(db, ['test_item', 'test_flow_card']);
    expect([places.test_item.parent, places.test_flow_card.parent]).toEqual(['laboratory', 'laboratory']);
  });
});
