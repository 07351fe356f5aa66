import { sql } from 'kysely';
import { EQUIPMENT_CODES, USAGE_CALLS } from '../../../lib/contracts/equipment/equipment';
import { localDay } from '../../../lib/contracts/equipment/status';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addTenant, usersWithCodes, type CodedUser } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness, PLATFORM } from '../../testing/harness';
import { replayMenuMigration } from '../../testing/menus';
import { uploadInto } from '../application/apply.test-helpers';
import { up as addLabMenus } from '../../db/migrations/20261127T130100-equipment-menus';

// Equipment, certificates and bookings through the real calls (PGlite, and PostgreSQL with TEST_DATABASE_URL): the
// colour derived from the certificates and the day, the exclusion constraint keeping bookings of one instrument apart
// (also under concurrent saves), the refusals in words, the state machine, tenants and buttons.

let h: Harness;
const T = '340001';
const U = '340002';
const tokens: Record<string, string> = {};
const B = '/blade-combusiness';

const ALL_CODES = Object.values(EQUIPMENT_CODES);

/** A day `days` from today (server time), `yyyy-MM-dd`. */
const day = (days: number) => localDay(new Date(Date.now() + days * 86_400_000));
/** `yyyy-MM-dd HH:mm` of a day from today at an hour. */
const at = (days: number, hour: number, minute = 0) =>
  `${day(days)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '检测实验室', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一实验室', adminPassword: 'u-admin-pass' });
  const users: CodedUser[] = [
    [T, 'labmgr', ALL_CODES],
    // Reads both pages but holds no button.
    [T, 'viewer', [EQUIPMENT_CODES.page, EQUIPMENT_CODES.usagePage]],
    [U, 'ulabmgr', ALL_CODES],
    // Testers: book, begin and end, but do not manage the instruments.
    ...(['tester1', 'tester2'] as const).map((account): CodedUser => [
      T,
      account,
      [
        EQUIPMENT_CODES.page,
        EQUIPMENT_CODES.usagePage,
        EQUIPMENT_CODES.usageAdd,
        EQUIPMENT_CODES.usageBegin,
        EQUIPMENT_CODES.usageEnd,
      ],
    ]),
  ];
  Object.assign(tokens, (await usersWithCodes(h, users, ['laboratory'])).tokens);
}, SETUP_TIMEOUT * 2);

let assetSeq = 0;
async function equipment(token = tokens.labmgr, extra: Record<string, unknown> = {}): Promise<string> {
  assetSeq += 1;
  const assetNo = `YQ-${Date.now()}-${assetSeq}`;
  const res = await h.call(`${B}/equipment/save`, token, {
    assetNo,
    name: '绝缘电阻测试仪',
    model: 'ZC-7',
    location: '电气实验室',
    ...extra,
  });
  expect(res.code).toBe(200);
  const page = await h.call(`${B}/equipment/page?assetNo=${encodeURIComponent(assetNo)}`, token);
  return page.data.records[0].id;
}

const cert = (
  equipmentId: string,
  calibrationDate: string,
  validTo: string,
  result = '合格',
  token = tokens.labmgr,
) =>
  h.call(`${B}/equipmentMeasurementCertificate/save`, token, {
    equipmentId,
    certNo: `JL${nextId().slice(-8)}`,
    agency: '省计量科学研究院',
    calibrationDate,
    validTo,
    result,
  });

const detail = (id: string, token = tokens.labmgr) => h.call(`${B}/equipment/detail?id=${id}`, token);

const book = (equipmentId: string, startTime: string, endTime: string, token = tokens.labmgr) =>
  h.call(USAGE_CALLS.save.path, token, { equipmentId, startTime, endTime, purpose: '绝缘电阻试验' });

/** A green instrument valid for a year. */
async function greenEquipment() {
  const id = await equipment();
  expect((await cert(id, day(-30), day(335))).code).toBe(200);
  return id;
}

describe('status derived from the certificates and the day', () => {
  it('is red without a certificate, green with a valid one, yellow for 准用, red when the latest failed', async () => {
    const id = await equipment();
    expect((await detail(id)).data).toMatchObject({ statusColor: 'red', statusReason: 'noCertificate' });
    expect((await cert(id, day(-100), day(200))).code).toBe(200);
    expect((await detail(id)).data).toMatchObject({
      statusColor: 'green',
      dueSoon: false,
      validTo: day(200),
      certificates: [{ result: '合格', validTo: day(200) }],
    });
    expect((await cert(id, day(-10), day(300), '准用')).code).toBe(200);
    expect((await detail(id)).data).toMatchObject({ statusColor: 'yellow', statusReason: 'limited' });
    expect((await cert(id, day(-1), day(300), '不合格')).code).toBe(200);
    expect((await detail(id)).data).toMatchObject({ statusColor: 'red', statusReason: 'failed' });
  });

  it('is red past the latest valid-to and flagged due soon within 30 days', async () => {
    const expired = await equipment();
    expect((await cert(expired, day(-400), day(-1))).code).toBe(200);
    const due = await equipment();
    expect((await cert(due, day(-300), day(30))).code).toBe(200);
    const notYet = await equipment();
    expect((await cert(notYet, day(-300), day(31))).code).toBe(200);
    const today = await equipment();
    expect((await cert(today, day(-300), day(0))).code).toBe(200);
    const page = await h.call(`${B}/equipment/page?size=100`, tokens.labmgr);
    const row = (id: string) => page.data.records.find((r: { id: string }) => r.id === id);
    expect(row(expired)).toMatchObject({ statusColor: 'red', statusReason: 'expired', dueSoon: false });
    expect(row(due)).toMatchObject({ statusColor: 'green', dueSoon: true });
    expect(row(notYet)).toMatchObject({ statusColor: 'green', dueSoon: false });
    // Valid through its last day.
    expect(row(today)).toMatchObject({ statusColor: 'green', dueSoon: true });
  });

  it('lists by dueWithinDays the instruments in service whose current certificate runs out by then', async () => {
    const within = await equipment();
    expect((await cert(within, day(-300), day(30))).code).toBe(200);
    const beyond = await equipment();
    expect((await cert(beyond, day(-300), day(31))).code).toBe(200);
    const expired = await equipment();
    expect((await cert(expired, day(-400), day(-1))).code).toBe(200);
    // The newer calibration decides, though the older certificate runs out soon.
    const recalibrated = await equipment();
    expect((await cert(recalibrated, day(-300), day(5))).code).toBe(200);
    expect((await cert(recalibrated, day(-2), day(360))).code).toBe(200);
    const withdrawn = await equipment(tokens.labmgr, { outOfService: 1 });
    expect((await cert(withdrawn, day(-300), day(3))).code).toBe(200);
    const uncertified = await equipment();
    const mine = [within, beyond, expired, recalibrated, withdrawn, uncertified];
    const listed = async (query: string) => {
      const page = await h.call(`${B}/equipment/page?size=100&${query}`, tokens.labmgr);
      expect(page.code).toBe(200);
      const ids = page.data.records.map((r: { id: string }) => r.id) as string[];
      expect(page.data.total).toBe(ids.length);
      return ids.filter((id) => mine.includes(id)).sort();
    };
    expect(await listed('dueWithinDays=30')).toEqual([within, expired].sort());
    expect(await listed('dueWithinDays=31')).toEqual([within, beyond, expired].sort());
    expect(await listed('dueWithinDays=0')).toEqual([expired]);
    expect(await listed('dueWithinDays=')).toEqual([...mine].sort());
    for (const bad of ['abc', '-1', '3651', '1.5']) {
      const res = await h.call(`${B}/equipment/page?dueWithinDays=${bad}`, tokens.labmgr);
      expect(res).toMatchObject({ code: 400, msg: zhText('equipment.equipment.dueDaysInvalid') });
    }
  });

  it('is red when taken out of service', async () => {
    const id = await greenEquipment();
    const res = await h.call(`${B}/equipment/update`, tokens.labmgr, {
      id,
      assetNo: (await detail(id)).data.assetNo,
      name: '绝缘电阻测试仪',
      outOfService: 1,
    });
    expect(res.code).toBe(200);
    expect((await detail(id)).data).toMatchObject({ statusColor: 'red', statusReason: 'outOfService' });
  });

  it('refuses a valid-to not after the calibration and a repeated asset number', async () => {
    const id = await equipment();
    expect(await cert(id, day(0), day(0))).toMatchObject({
      code: 400,
      msg: zhText('equipment.cert.validToBeforeCalibration'),
    });
    const assetNo = (await detail(id)).data.assetNo;
    expect(await h.call(`${B}/equipment/save`, tokens.labmgr, { assetNo, name: '另一台' })).toMatchObject({
      code: 400,
      msg: zhText('equipment.equipment.assetNoTaken'),
    });
  });

  it('keeps the certificate file in the instrument archive', async () => {
    const id = await equipment();
    const q = (parentId = '') =>
      h.call(
        `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: 'equipment', dataId: id, ...(parentId && { parentId }) })}`,
        tokens.labmgr,
      );
    const roots = await q();
    expect(roots.code).toBe(200);
    const folder = (await q(roots.data.records[0].id)).data.records[0].id;
    const up = await uploadInto(h, tokens.labmgr, {
      functionCode: 'equipment',
      dataId: id,
      fileCatalogId: folder,
    });
    expect(up.code).toBe(200);
    const other = await equipment();
    const base = {
      certNo: 'JL-F1',
      agency: '省计量院',
      calibrationDate: day(-1),
      validTo: day(100),
      result: '合格',
    };
    expect(
      await h.call(`${B}/equipmentMeasurementCertificate/save`, tokens.labmgr, {
        ...base,
        equipmentId: other,
        fileId: up.data.id,
      }),
    ).toMatchObject({ code: 400, msg: zhText('equipment.cert.fileNotInEquipment') });
    const ok = await h.call(`${B}/equipmentMeasurementCertificate/save`, tokens.labmgr, {
      ...base,
      equipmentId: id,
      fileId: up.data.id,
    });
    expect(ok.code).toBe(200);
    const list = await h.call(
      `${B}/equipmentMeasurementCertificate/selectEquipmentMeasurementCertificateList`,
      tokens.labmgr,
      { equipmentId: id },
    );
    expect(list.data.records).toEqual([
      expect.objectContaining({ fileId: up.data.id, fileName: '资料.png' }),
    ]);
    const removed = await h.call(`${B}/equipmentMeasurementCertificate/remove`, tokens.labmgr, {
      ids: list.data.records[0].id,
    });
    expect(removed.code).toBe(200);
    expect((await detail(id)).data).toMatchObject({ statusColor: 'red', certificates: [] });
  });
});

describe('bookings', () => {
  it('refuses an overlapping booking with the conflicting time and accepts one that only touches', async () => {
    const id = await greenEquipment();
    const first = await book(id, at(2, 9), at(2, 11));
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ usageState: 'requested', startTime: `${at(2, 9)}:00` });
    expect(await book(id, at(2, 10), at(2, 12))).toMatchObject({
      status: 400,
      code: 400,
      msg: zhText('equipment.usage.overlap', { start: `${at(2, 9)}:00`, end: `${at(2, 11)}:00` }),
    });
    expect((await book(id, at(2, 11), at(2, 12))).code).toBe(200);
    expect((await book(id, at(2, 8), at(2, 9))).code).toBe(200);
    // Another instrument at the same time is free.
    expect((await book(await greenEquipment(), at(2, 10), at(2, 12))).code).toBe(200);
  });

  it('lets exactly one of 20 concurrent overlapping bookings through', async () => {
    const id = await greenEquipment();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(id, at(3, 9, i), at(3, 11, i))),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.msg).toMatch(/^该时段与已有预约（.+ 至 .+）冲突$/);
    }
    const page = await h.call(`${USAGE_CALLS.page.path}?equipmentId=${id}`, tokens.labmgr);
    expect(page.data.total).toBe(1);
  });

  it('is held by the database itself: a direct overlapping insert violates the exclusion constraint', async () => {
    const id = await greenEquipment();
    const insert = (start: string, end: string) =>
      withTenant(h.blade.db, T, (trx) =>
        trx
          .insertInto('business_equipment_usage')
          .values({
            id: nextId(),
            tenant_id: T,
            equipment_id: id,
            user_id: '1',
            start_time: new Date(start.replace(' ', 'T')),
            end_time: new Date(end.replace(' ', 'T')),
          })
          .execute(),
      );
    await insert(at(4, 9), at(4, 10));
    await expect(insert(at(4, 9, 30), at(4, 10, 30))).rejects.toMatchObject({ code: '23P01' });
    // An ended booking no longer holds the time.
    await withTenant(h.blade.db, T, (trx) =>
      sql`update business_equipment_usage set usage_state = 'ended' where equipment_id = ${id}`.execute(trx),
    );
    await insert(at(4, 9, 30), at(4, 10, 30));
  });

  it('refuses a red instrument and an end past the valid-to, in words', async () => {
    const expired = await equipment();
    expect((await cert(expired, day(-400), day(-1))).code).toBe(200);
    const red = await book(expired, at(1, 9), at(1, 10));
    expect(red).toMatchObject({ code: 400 });
    expect(red.msg).toContain(zhText('equipment.reason.expired'));
    const bare = await equipment();
    expect((await book(bare, at(1, 9), at(1, 10))).msg).toContain(zhText('equipment.reason.noCertificate'));

    const short = await equipment();
    expect((await cert(short, day(-300), day(3))).code).toBe(200);
    expect((await book(short, at(3, 22), at(4, 1))).msg).toBe(
      zhText('equipment.usage.pastValidTo', { validTo: day(3) }),
    );
    expect((await book(short, at(3, 22), at(3, 23, 59))).code).toBe(200);
    expect((await book(short, at(2, 11), at(2, 10))).msg).toBe(zhText('equipment.usage.endBeforeStart'));
  });

  it('runs the state machine: begin, end, exception end; wrong states are 400; history recorded', async () => {
    const id = await greenEquipment();
    const a = (await book(id, at(5, 9), at(5, 10))).data.id;
    const b = (await book(id, at(5, 10), at(5, 11))).data.id;
    const act = (path: string, body: Record<string, unknown>) => h.call(path, tokens.labmgr, body);
    expect((await act(USAGE_CALLS.end.path, { id: a })).msg).toBe(zhText('common.transition.notAllowed'));
    const begun = await act(USAGE_CALLS.begin.path, { id: a });
    expect(begun.data).toMatchObject({ usageState: 'in_use' });
    expect(begun.data.beganAt).not.toBe('');
    expect((await act(USAGE_CALLS.begin.path, { id: a })).code).toBe(400);
    expect(
      (
        await act(USAGE_CALLS.update.path, {
          id: a,
          equipmentId: id,
          startTime: at(5, 9),
          endTime: at(5, 9, 30),
        })
      ).code,
    ).toBe(400);
    expect((await act(USAGE_CALLS.end.path, { id: a })).data).toMatchObject({ usageState: 'ended' });
    expect((await act(USAGE_CALLS.end.path, { id: a })).code).toBe(400);
    expect((await act(USAGE_CALLS.exceptionEnd.path, { id: b, reason: '' })).msg).toBe(
      'reason:请输入异常原因',
    );
    expect((await act(USAGE_CALLS.exceptionEnd.path, { id: b, reason: '仪器故障' })).data).toMatchObject({
      usageState: 'exception_ended',
      exceptionReason: '仪器故障',
    });
    expect((await act(USAGE_CALLS.begin.path, { id: b })).code).toBe(400);
    const history = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['record_id', 'action', 'from_value', 'to_value', 'comment'])
        .where('record_id', 'in', [a, b])
        .orderBy('create_time')
        .orderBy('id')
        .execute(),
    );
    expect(history.map((r) => [r.record_id, r.action, r.from_value, r.to_value, r.comment])).toEqual([
      [a, 'begin', 'requested', 'in_use', ''],
      [a, 'end', 'in_use', 'ended', ''],
      [b, 'exceptionEnd', 'requested', 'exception_ended', '仪器故障'],
    ]);
    // The freed slot can be booked again.
    expect((await book(id, at(5, 10), at(5, 11))).code).toBe(200);
  });

  it('moves a requested booking through update, checked by the constraint', async () => {
    const id = await greenEquipment();
    const a = (await book(id, at(6, 9), at(6, 10))).data.id;
    await book(id, at(6, 12), at(6, 13));
    const move = (start: string, end: string) =>
      h.call(USAGE_CALLS.update.path, tokens.labmgr, {
        id: a,
        equipmentId: id,
        startTime: start,
        endTime: end,
      });
    expect((await move(at(6, 9, 30), at(6, 10, 30))).data).toMatchObject({ startTime: `${at(6, 9, 30)}:00` });
    expect((await move(at(6, 11), at(6, 12, 30))).msg).toBe(
      zhText('equipment.usage.overlap', { start: `${at(6, 12)}:00`, end: `${at(6, 13)}:00` }),
    );
  });

  it('begins a walk-up use through equipment/beginUseEquipment', async () => {
    const id = await greenEquipment();
    const end = new Date(Date.now() + 3_600_000);
    const endText = `${localDay(end)} ${String(end.getHours()).padStart(2, '0')}:${String(end.getMinutes()).padStart(2, '0')}:${String(end.getSeconds()).padStart(2, '0')}`;
    const res = await h.call(USAGE_CALLS.beginUseEquipment.path, tokens.labmgr, { id, endTime: endText });
    expect(res.data).toMatchObject({ usageState: 'in_use', equipmentId: id });
    expect(
      (await h.call(USAGE_CALLS.beginUseEquipment.path, tokens.labmgr, { id, endTime: endText })).code,
    ).toBe(400);
  });
});

describe('access', () => {
  it('answers 404 for another tenant and 403 without the button', async () => {
    const id = await greenEquipment();
    const booking = (await book(id, at(7, 9), at(7, 10))).data.id;
    expect((await detail(id, tokens.ulabmgr)).code).toBe(404);
    expect((await book(id, at(7, 11), at(7, 12), tokens.ulabmgr)).code).toBe(404);
    expect((await h.call(USAGE_CALLS.begin.path, tokens.ulabmgr, { id: booking })).code).toBe(404);
    expect((await cert(id, day(-1), day(10), '合格', tokens.ulabmgr)).code).toBe(404);
    const theirs = await h.call(`${USAGE_CALLS.page.path}?equipmentId=${id}`, tokens.ulabmgr);
    expect(theirs.data.total).toBe(0);
    expect((await h.call(`${B}/equipment/remove`, tokens.ulabmgr, { ids: id })).code).toBe(404);

    expect((await detail(id, tokens.viewer)).code).toBe(200);
    expect((await book(id, at(7, 11), at(7, 12), tokens.viewer)).status).toBe(403);
    expect((await h.call(USAGE_CALLS.begin.path, tokens.viewer, { id: booking })).status).toBe(403);
    expect((await cert(id, day(-1), day(10), '合格', tokens.viewer)).status).toBe(403);
    expect((await h.call(`${B}/equipment/save`, tokens.viewer, { assetNo: 'X1', name: 'x' })).status).toBe(
      403,
    );
    // Begin and end are the booking's user's (or the custodian's, or an equipment manager's), not any button holder's.
    const own = (await book(id, at(8, 9), at(8, 10), tokens.tester1)).data.id;
    const refused = await h.call(USAGE_CALLS.begin.path, tokens.tester2, { id: own });
    expect(refused).toMatchObject({ code: 403, msg: zhText('equipment.usage.notYours') });
    expect(await h.call(USAGE_CALLS.begin.path, tokens.tester1, { id: own })).toMatchObject({ code: 200 });
    expect((await h.call(USAGE_CALLS.end.path, tokens.tester2, { id: own })).code).toBe(403);
    expect(await h.call(USAGE_CALLS.end.path, tokens.labmgr, { id: own })).toMatchObject({
      code: 200,
      data: { usageState: 'ended' },
    });
    // An instrument with an open booking is not deleted.
    expect(await h.call(`${B}/equipment/remove`, tokens.labmgr, { ids: id })).toMatchObject({
      code: 400,
      msg: zhText('equipment.equipment.hasBookings'),
    });
  });
});

// Last: it takes the laboratory menus away to play an existing database from before them.
describe('the menus of an existing database', () => {
  it('the migration adds the group, pages and buttons and grants them to the platform administrator and admins', async () => {
    await replayMenuMigration(h.blade.db, {
      codes: ['laboratory', ...ALL_CODES],
      tenants: [PLATFORM, T, U],
      migrate: addLabMenus,
    });
  });
});
