import { ACCEPTANCE_CALLS, ACCEPTANCE_CODES } from '../../../lib/contracts/acceptance/acceptance';
import { zhText } from '../../core/refusal-keys';
import { withTenant } from '../../db/tenant';
import { addTenant, usersWithCodes, type CodedUser } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addApplication, uploadInto } from '../application/apply.test-helpers';

// A flow card's states and its items' assignee, start and result through the real calls (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): each transition and its refusals in words, who may record a result, a failed item sending the
// card to rectification and back, an archived card frozen, the history rows, another tenant's card 404, and two
// transitions of one card at once.

let h: Harness;
const T = '350101';
const U = '350102';
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
const A = '/blade-acceptance';
const C = ACCEPTANCE_CALLS;

const CARD_BUTTONS = [
  'test_flow_card_add',
  'test_flow_card_edit',
  'test_flow_card_delete',
  ACCEPTANCE_CODES.cardItem,
  ACCEPTANCE_CODES.cardReport,
  ACCEPTANCE_CODES.cardStart,
  ACCEPTANCE_CODES.cardFinish,
  ACCEPTANCE_CODES.cardDraft,
  ACCEPTANCE_CODES.cardArchive,
  ACCEPTANCE_CODES.cardRectify,
];

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '流转检测中心', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一检测中心', adminPassword: 'u-admin-pass' });
  const users: CodedUser[] = [
    // The lab manager: every button of the card page, the item editor, the dictionary.
    [T, 'manager', ['test_item', 'test_item_add', ACCEPTANCE_CODES.cards, ...CARD_BUTTONS]],
    // A tester: reads the cards and records the items assigned to them; no card button.
    [T, 'tester', [ACCEPTANCE_CODES.cards]],
    [T, 'other', [ACCEPTANCE_CODES.cards]],
    [U, 'umanager', ['test_item', 'test_item_add', ACCEPTANCE_CODES.cards, ...CARD_BUTTONS]],
  ];
  const signedIn = await usersWithCodes(h, users, ['laboratory']);
  Object.assign(userIds, signedIn.userIds);
  Object.assign(tokens, signedIn.tokens);
}, SETUP_TIMEOUT * 2);

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;

async function testItem(token = tokens.manager): Promise<string> {
  const itemCode = unique('XM');
  const saved = await h.call(`${A}/testItemsDict/save`, token, { itemCode, name: `试验${itemCode}` });
  // No fee: a blank fee is none (it once failed the not-null column with a 500).
  expect(saved).toMatchObject({ code: 200 });
  return (await h.call(`${A}/testItemsDict/page?itemCode=${encodeURIComponent(itemCode)}`, token)).data
    .records[0].id;
}

async function card(token = tokens.manager, values: Record<string, unknown> = {}): Promise<string> {
  const cardNo = unique('LZK');
  expect((await h.call(`${A}/testFlowCard/save`, token, { cardNo, sampleNo: 'YP-9', ...values })).code).toBe(
    200,
  );
  return (await h.call(`${A}/testFlowCard/page?cardNo=${encodeURIComponent(cardNo)}`, token)).data.records[0]
    .id;
}

const detail = async (id: string, token = tokens.manager) =>
  (await h.call(`${A}/testFlowCard/detail?id=${id}`, token)).data;

async function item(cardId: string, assignee = 'tester'): Promise<string> {
  const added = await h.call(C.itemSave.path, tokens.manager, { cardId, testItemId: await testItem() });
  expect(added.code).toBe(200);
  expect(
    await h.call(C.itemAssign.path, tokens.manager, { id: added.data.id, assigneeId: userIds[assignee] }),
  ).toMatchObject({ code: 200, data: { assigneeId: userIds[assignee] } });
  return added.data.id;
}

const move = (path: string, id: string, token = tokens.manager, remark?: string) =>
  h.call(path, token, { id, ...(remark && { remark }) });

async function record(id: string, result: string, token = tokens.tester, resultRemark = '') {
  return h.call(C.itemResult.path, token, { id, result, resultRemark });
}

async function reportFile(cardId: string): Promise<string> {
  const q = (parentId = '') =>
    h.call(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: 'test_flow_card', dataId: cardId, ...(parentId && { parentId }) })}`,
      tokens.manager,
    );
  const folder = (await q((await q()).data.records[0].id)).data.records[0].id;
  const up = await uploadInto(
    h,
    tokens.manager,
    { functionCode: 'test_flow_card', dataId: cardId, fileCatalogId: folder },
    '报告.png',
  );
  expect(up.code).toBe(200);
  return up.data.id;
}

const history = async (cardId: string) =>
  (await h.call(`${C.cardHistory.path}?id=${cardId}`, tokens.tester)).data as {
    itemId: string;
    action: string;
    from: string;
    to: string;
    comment: string;
    userName: string;
  }[];

const notAllowed = { code: 400, msg: zhText('common.transition.notAllowed') };

describe('flow card states', () => {
  it('goes created → inTest → itemsDone → reportDrafting → archived, each step checked and recorded', async () => {
    const cardId = await card();
    expect((await detail(cardId)).cardState).toBe('created');
    // Nothing to test yet.
    expect(await move(C.cardStart.path, cardId)).toMatchObject({
      code: 400,
      msg: zhText('acceptance.card.noItems'),
    });
    const a = await item(cardId);
    const b = await item(cardId);
    // Results only once testing began.
    expect(await record(a, 'pass')).toMatchObject({
      code: 400,
      msg: zhText('acceptance.flowItem.notTesting', { state: zhText('acceptance.state.created') }),
    });
    expect(await move(C.cardFinish.path, cardId)).toMatchObject(notAllowed);
    expect(await move(C.cardStart.path, cardId, tokens.manager, '样品已接收')).toMatchObject({
      code: 200,
      data: { cardState: 'inTest' },
    });
    expect(await move(C.cardStart.path, cardId)).toMatchObject(notAllowed);

    // The tester starts and records their item; the end is set with the result.
    expect(await record(a, 'pass')).toMatchObject({
      code: 400,
      msg: zhText('acceptance.flowItem.notStarted'),
    });
    const started = await h.call(C.itemStart.path, tokens.tester, { id: a });
    expect(started).toMatchObject({ code: 200, data: { endedAt: '', result: '' } });
    expect(started.data.startedAt).not.toBe('');
    const passed = await record(a, 'pass', tokens.tester, '符合 GB/T 3836.2 15.1');
    expect(passed).toMatchObject({
      code: 200,
      data: { result: 'pass', resultRemark: '符合 GB/T 3836.2 15.1' },
    });
    expect(passed.data.endedAt).not.toBe('');

    expect(await move(C.cardFinish.path, cardId)).toMatchObject({
      code: 400,
      msg: zhText('acceptance.card.resultsMissing', { items: (await detail(cardId)).items[1].itemName }),
    });
    // Not applicable needs no start.
    expect((await record(b, 'na', tokens.manager, '无此结构')).code).toBe(200);
    expect(await move(C.cardFinish.path, cardId)).toMatchObject({
      code: 200,
      data: { cardState: 'itemsDone' },
    });
    // Items stay as they are once done: no new item, no result.
    expect(
      await h.call(C.itemSave.path, tokens.manager, { cardId, testItemId: await testItem() }),
    ).toMatchObject({
      code: 400,
      msg: zhText('acceptance.card.itemsClosed', { state: zhText('acceptance.state.itemsDone') }),
    });
    expect((await record(a, 'fail')).code).toBe(400);

    expect(await move(C.cardDraft.path, cardId)).toMatchObject({
      code: 200,
      data: { cardState: 'reportDrafting' },
    });
    // Archived needs the tested item's current report.
    const refused = await move(C.cardArchive.path, cardId);
    expect(refused).toMatchObject({
      code: 400,
      msg: zhText('acceptance.card.reportMissing', { items: (await detail(cardId)).items[0].itemName }),
    });
    expect(
      (await h.call(C.uploadReport.path, tokens.manager, { id: a, fileId: await reportFile(cardId) })).code,
    ).toBe(200);
    expect(await move(C.cardArchive.path, cardId, tokens.manager, '归档')).toMatchObject({
      code: 200,
      data: { cardState: 'archived' },
    });

    // An archived card is frozen: its items, reports, remarks and the card itself.
    const archived = { code: 400, msg: zhText('acceptance.card.archived') };
    expect(await h.call(C.updateRemark.path, tokens.manager, { id: a, remark: 'x' })).toMatchObject(archived);
    expect(await h.call(C.clearReport.path, tokens.manager, { id: a })).toMatchObject(archived);
    expect(await h.call(C.itemRemove.path, tokens.manager, { ids: [b] })).toMatchObject(archived);
    expect(
      await h.call(C.itemAssign.path, tokens.manager, { id: b, assigneeId: userIds.other }),
    ).toMatchObject(archived);
    expect(
      await h.call(C.itemSave.path, tokens.manager, { cardId, testItemId: await testItem() }),
    ).toMatchObject(archived);
    expect(
      await h.call(`${A}/testFlowCard/save`, tokens.manager, {
        id: cardId,
        cardNo: unique('LZK'),
        sampleNo: 'YP-9',
      }),
    ).toMatchObject(archived);
    expect(await h.call(`${A}/testFlowCard/remove`, tokens.manager, { ids: cardId })).toMatchObject(archived);
    expect(await move(C.cardRectify.path, cardId)).toMatchObject(notAllowed);

    // The history: every state change and result, with who and why, in order.
    const rows = await history(cardId);
    expect(rows.filter((r) => r.itemId === 'card').map((r) => [r.action, r.from, r.to])).toEqual([
      ['startTest', 'created', 'inTest'],
      ['finishItems', 'inTest', 'itemsDone'],
      ['draftReport', 'itemsDone', 'reportDrafting'],
      ['archive', 'reportDrafting', 'archived'],
    ]);
    expect(rows[0]).toMatchObject({ comment: '样品已接收', userName: 'manager' });
    expect(rows.filter((r) => r.itemId === a)).toEqual([
      expect.objectContaining({ action: 'recordResult', from: '', to: 'pass', userName: 'tester' }),
    ]);
    expect(rows.filter((r) => r.itemId === b)).toEqual([
      expect.objectContaining({ action: 'recordResult', to: 'na', comment: '无此结构', userName: 'manager' }),
    ]);
    const stored = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['user_id', 'create_time'])
        .where('record_id', '=', cardId)
        .execute(),
    );
    expect(stored).toHaveLength(4);
    expect(stored.every((r) => String(r.user_id) === userIds.manager && r.create_time)).toBe(true);
  });

  it('sends the card to rectification on a failed item and back to test when rectified', async () => {
    const cardId = await card();
    const a = await item(cardId);
    const b = await item(cardId, 'other');
    expect((await move(C.cardStart.path, cardId)).code).toBe(200);
    await h.call(C.itemStart.path, tokens.tester, { id: a });
    expect((await record(a, 'fail', tokens.tester, '外壳变形')).code).toBe(200);
    expect((await detail(cardId)).cardState).toBe('rectification');
    // A failed item is not relabelled; the other items go on testing.
    expect(await record(a, 'pass')).toMatchObject({
      code: 400,
      msg: zhText('acceptance.flowItem.failedFixed'),
    });
    await h.call(C.itemStart.path, tokens.other, { id: b });
    expect((await record(b, 'pass', tokens.other)).code).toBe(200);
    expect(await move(C.cardFinish.path, cardId)).toMatchObject(notAllowed);
    expect(await move(C.cardDraft.path, cardId)).toMatchObject(notAllowed);

    expect(await move(C.cardRectify.path, cardId, tokens.manager, '厂家更换外壳')).toMatchObject({
      code: 200,
      data: { cardState: 'inTest' },
    });
    const after = (await detail(cardId)).items;
    expect(after[0]).toMatchObject({ result: '', startedAt: '', endedAt: '' });
    expect(after[1]).toMatchObject({ result: 'pass' });
    await h.call(C.itemStart.path, tokens.tester, { id: a });
    expect((await record(a, 'pass')).code).toBe(200);
    expect((await move(C.cardFinish.path, cardId)).code).toBe(200);

    const rows = await history(cardId);
    expect(rows.filter((r) => r.itemId === 'card').map((r) => [r.action, r.from, r.to, r.comment])).toEqual([
      ['startTest', 'created', 'inTest', ''],
      ['recordResult', 'inTest', 'rectification', '外壳变形'],
      ['rectified', 'rectification', 'inTest', '厂家更换外壳'],
      ['finishItems', 'inTest', 'itemsDone', ''],
    ]);
    expect(rows.filter((r) => r.itemId === a).map((r) => [r.action, r.from, r.to])).toEqual([
      ['recordResult', '', 'fail'],
      ['rectified', 'fail', ''],
      ['recordResult', '', 'pass'],
    ]);
  });

  it('lets only the assignee or a holder of the card edit button start or record an item (403 in words)', async () => {
    const cardId = await card();
    const a = await item(cardId);
    expect((await move(C.cardStart.path, cardId)).code).toBe(200);
    const forbidden = { status: 403, msg: zhText('acceptance.flowItem.notAssignee') };
    expect(await h.call(C.itemStart.path, tokens.other, { id: a })).toMatchObject(forbidden);
    expect(await h.call(C.itemStart.path, tokens.tester, { id: a })).toMatchObject({ code: 200 });
    expect(await record(a, 'pass', tokens.other)).toMatchObject(forbidden);
    expect(await record(a, 'bogus')).toMatchObject({ code: 400 });
    // The card's edit button may record any item.
    expect(await record(a, 'pass', tokens.manager)).toMatchObject({ code: 200, data: { result: 'pass' } });
    // No transition button, no transition.
    expect((await move(C.cardFinish.path, cardId, tokens.tester)).status).toBe(403);
    expect(
      (await h.call(C.itemAssign.path, tokens.tester, { id: a, assigneeId: userIds.other })).status,
    ).toBe(403);
    // An assignee is a user of the tenant.
    const fresh = await h.call(C.itemSave.path, tokens.manager, { cardId, testItemId: await testItem() });
    expect(
      await h.call(C.itemAssign.path, tokens.manager, { id: fresh.data.id, assigneeId: userIds.umanager }),
    ).toMatchObject({ code: 400, msg: zhText('acceptance.flowItem.assigneeUnknown') });
    expect(await h.call(C.itemStart.path, tokens.manager, { id: fresh.data.id })).toMatchObject({
      code: 400,
      msg: zhText('acceptance.flowItem.noAssignee'),
    });
    expect((await move(C.cardFinish.path, cardId)).code).toBe(400);
    expect((await history(cardId)).filter((r) => r.action === 'finishItems')).toHaveLength(0);
  });

  it("answers 404 for another tenant's card and item, and changes nothing", async () => {
    const cardId = await card();
    const a = await item(cardId);
    const u = tokens.umanager;
    for (const path of [
      C.cardStart.path,
      C.cardFinish.path,
      C.cardDraft.path,
      C.cardArchive.path,
      C.cardRectify.path,
    ])
      expect((await move(path, cardId, u)).status).toBe(404);
    expect((await h.call(`${C.cardHistory.path}?id=${cardId}`, u)).status).toBe(404);
    expect((await h.call(C.itemStart.path, u, { id: a })).status).toBe(404);
    expect((await h.call(C.itemResult.path, u, { id: a, result: 'na' })).status).toBe(404);
    expect((await h.call(C.itemAssign.path, u, { id: a, assigneeId: userIds.umanager })).status).toBe(404);
    expect(await detail(cardId)).toMatchObject({ cardState: 'created' });
    expect(await history(cardId)).toEqual([]);
  });

  it('lets exactly one of two concurrent transitions of one card stand', async () => {
    const cardId = await card();
    await item(cardId);
    const answers = await Promise.all([move(C.cardStart.path, cardId), move(C.cardStart.path, cardId)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    expect((await history(cardId)).filter((r) => r.itemId === 'card')).toHaveLength(1);
  });

  it('picks the applications of the tenant by a fragment of their number', async () => {
    const no = unique('SQ');
    const id = await addApplication(h.blade.db, T, {
      scheme: 'cqst',
      application_no: no,
      applicant_name: '乙防爆',
      manufacturer_name: '乙防爆',
      product_name: '增安型灯具',
      models: JSON.stringify([]),
      ex_markings: JSON.stringify(['Ex eb IIC T4 Gb']),
      standards: 'GB/T 3836.3-2021',
      flow_state: 'accepted',
    });
    const found = await h.call(
      `${C.cardApplications.path}?applicationNo=${encodeURIComponent(no.slice(3))}`,
      tokens.tester,
    );
    expect(found.data.records).toEqual([
      { id, applicationNo: no, productName: '增安型灯具', applicantName: '乙防爆' },
    ]);
    expect((await h.call(`${C.cardApplications.path}?id=${id}`, tokens.umanager)).data.records).toEqual([]);
    const cardId = await card(tokens.manager, { applicationId: id, sampleNo: '' });
    expect(await detail(cardId)).toMatchObject({ applicationId: id, applicationNo: no });
  });
});
