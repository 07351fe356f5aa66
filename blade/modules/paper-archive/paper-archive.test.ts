import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { localDay } from '../../../lib/contracts/equipment/status';
import {
  PAPER_ARCHIVE_CALLS as C,
  PAPER_ARCHIVE_CODES as CODES,
} from '../../../lib/contracts/paper-archive/paper-archive';
import { withTenant } from '../../db/tenant';
import { addTenant, usersWithCodes, type CodedUser } from '../../testing/fixtures';
import { createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { menuPlaces, replayMenuMigration } from '../../testing/menus';
import { up as addArchiveMenus } from '../../db/migrations/20261128T100100-paper-archive-menus';
import { LocalStorage } from '../../storage/local';
import { newFileId, objectKey } from '../files/file.service';
import { closeWithStore, storeRoot } from '../files/files.test-harness';
import { addApplication } from '../application/apply.test-helpers';
import { form } from '../files/files.test-helpers';

// Paper archives and archive borrowing through the real calls (PGlite, and PostgreSQL with TEST_DATABASE_URL): the
// three views (engineer, team leader, archivist) and their buttons, the borrowing state machine with its history, one
// paper loan out per file (also under concurrent lendings, held by the partial unique index), electronic loans that
// expire on read and log every view, the spec's date filter, and another tenant's ids.

let h: Harness;
let root: string;
const T = '350001';
const U = '350002';
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};

const ROLES: Record<string, readonly string[]> = {
  archivist: [CODES.page, CODES.submit, CODES.print, CODES.borrowPage, CODES.manage],
  leader: [CODES.page, CODES.borrowPage, CODES.approve],
  engineer: [CODES.page, CODES.borrowPage, CODES.apply],
};

const day = (days: number) => localDay(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  root = storeRoot('blade-paper-archive-test-');
  h = await createHarness({ files: { root } });
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '检验中心', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一中心', adminPassword: 'u-admin-pass' });
  const users: CodedUser[] = [
    [T, 'archivist', ROLES.archivist],
    [T, 'leader', ROLES.leader],
    [T, 'engineer', ROLES.engineer],
    [T, 'engineer2', ROLES.engineer],
    // The leader's and the archivist's buttons together with the engineer's: still never approves their own request.
    [T, 'allround', Object.values(CODES)],
    [U, 'uall', Object.values(CODES)],
  ];
  tokens.tAdmin = (await h.login('admin', 't-admin-pass', T)).access_token;
  tokens.uAdmin = (await h.login('admin', 'u-admin-pass', U)).access_token;
  const signedIn = await usersWithCodes(h, users, ['archive_manage']);
  Object.assign(userIds, signedIn.userIds);
  Object.assign(tokens, signedIn.tokens);
}, SETUP_TIMEOUT * 2);
afterAll(() => closeWithStore(h, root), SETUP_TIMEOUT);

/** An electronic borrowing's viewing time ends a second ago (no job expires it: the next read sees it). */
const expireViewing = (id: string) =>
  withTenant(h.blade.db, T, (trx) =>
    trx
      .updateTable('business_archive_borrowing')
      .set({ view_until: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute(),
  );

/** A PDF of one page with a line of text: what an application's electronic archive holds. */
async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Type test report', { x: 50, y: 780, size: 18 });
  return Buffer.from(await doc.save());
}

/**
 * A file of the application's electronic archive: its bytes in the tenant's file store and its row filed with the
 * application's record (function code and data id), as the application's catalogue uploads leave them.
 */
async function applicationFile(applicationId: string, bytes: Buffer, name = '型式试验报告.pdf', tenant = T) {
  const id = newFileId();
  const key = objectKey(tenant, id, 'pdf');
  await new LocalStorage(root).put(key, Readable.from([bytes]));
  await withTenant(h.blade.db, tenant, (trx) =>
    trx
      .insertInto('blade_file')
      .values({
        id,
        tenant_id: tenant,
        storage: 'local',
        object_key: key,
        original_filename: name,
        suffix: 'pdf',
        content_type: 'application/pdf',
        size: bytes.length,
        sha256: sha(bytes),
        function_code: 'application',
        data_id: applicationId,
        kind: 'file',
        is_saved: 1,
      })
      .execute(),
  );
  return id;
}

function sha(b: Buffer) {
  return createHash('sha256').update(b).digest('hex');
}

let serial = 0;
/** A submitted application (it has its number) of tenant T unless given. */
async function application(tenant = T, withNumber = true) {
  serial += 1;
  return addApplication(h.blade.db, tenant, {
    scheme: 'cqst',
    application_no: !withNumber ? null : `PA2026${String(serial).padStart(6, '0')}${tenant}`,
    product_name: `隔爆型电动机${serial}`,
  });
}

async function archive(token = tokens.archivist, tenant = T) {
  const applicationId = await application(tenant);
  const res = await h.call(C.submit.path, token, { applicationId, location: 'A区3排2层', pageCount: 120 });
  expect(res.code).toBe(200);
  return { applicationId, archiveId: res.data.id as string, archiveNo: res.data.archiveNo as string };
}

const request = (archiveId: string, token = tokens.engineer) =>
  h.call(C.paperSave.path, token, { archiveId, purpose: '复核型式试验记录', dueDate: day(7) });
const approve = (id: string, token = tokens.leader, pass = true, remark = '') =>
  h.call(C.paperApprove.path, token, { id, pass, remark });
const lend = (id: string, token = tokens.archivist) => h.call(C.manageBorrow.path, token, { id });
const giveBack = (id: string, token = tokens.archivist) =>
  h.call(C.manageReturn.path, token, { id, remark: '页数齐全，无污损' });

async function approvedRequest(archiveId: string, token = tokens.engineer) {
  const saved = await request(archiveId, token);
  expect(saved.code).toBe(200);
  expect((await approve(saved.data.id)).code).toBe(200);
  return saved.data.id as string;
}

const history = (id: string) =>
  withTenant(h.blade.db, T, (trx) =>
    trx
      .selectFrom('blade_status_history')
      .select(['action', 'from_value', 'to_value', 'user_id', 'comment'])
      .where('record_id', '=', id)
      .orderBy('id')
      .execute(),
  );

describe('paper archives', () => {
  it('are submitted once per application by the archivist and found by application', async () => {
    const applicationId = await application();
    expect(
      (await h.call(`${C.byApplication.path}?applicationId=${applicationId}`, tokens.engineer)).data,
    ).toEqual({});
    const body = { applicationId, location: 'B区1排', pageCount: 40 };
    expect((await h.call(C.submit.path, tokens.engineer, body)).code).toBe(403);
    expect((await h.call(C.submit.path, tokens.leader, body)).code).toBe(403);
    const first = await h.call(C.submit.path, tokens.archivist, body);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ applicationId, location: 'B区1排', pageCount: 40, onLoan: false });
    expect(first.data.archiveNo).toMatch(/^PA2026/);
    const again = await h.call(C.submit.path, tokens.archivist, body);
    expect(again).toMatchObject({ code: 400, msg: '该申请的纸质档案已提交' });
    const found = await h.call(`${C.byApplication.path}?applicationId=${applicationId}`, tokens.engineer);
    expect(found.data).toMatchObject({ id: first.data.id, applicationId });
  });

  it('refuses an application not yet submitted (no number)', async () => {
    const draft = await application(T, false);
    const res = await h.call(C.submit.path, tokens.archivist, {
      applicationId: draft,
      location: 'C区',
      pageCount: 1,
    });
    expect(res).toMatchObject({ code: 400, msg: '该申请尚未提交，没有档案' });
  });

  it('filters by day with 00:00:00 and 23:59:59 appended (spec 000 §5)', async () => {
    const made = await Promise.all([archive(), archive(), archive(), archive()]);
    const times = [
      '2025-03-09 23:59:59',
      '2025-03-10 00:00:00',
      '2025-03-11 23:59:59',
      '2025-03-12 00:00:00',
    ];
    await withTenant(h.blade.db, T, async (trx) => {
      for (const [i, m] of made.entries())
        await trx
          .updateTable('business_paper_archive')
          .set({ create_time: new Date(times[i].replace(' ', 'T')) })
          .where('id', '=', m.archiveId)
          .execute();
    });
    const res = await h.call(
      `${C.page.path}?createTimeStart=2025-03-10&createTimeEnd=2025-03-11&size=50`,
      tokens.archivist,
    );
    expect(res.code).toBe(200);
    expect(res.data.records.map((r: { id: string }) => r.id).sort()).toEqual(
      [made[1].archiveId, made[2].archiveId].sort(),
    );
    expect(res.data.records.map((r: { createTime: string }) => r.createTime).sort()).toEqual([
      '2025-03-10 00:00:00',
      '2025-03-11 23:59:59',
    ]);
    const bad = await h.call(`${C.page.path}?createTimeStart=2025/03/10`, tokens.archivist);
    expect(bad.code).toBe(400);
    // A day the calendar has not is refused in words, not sent to the database.
    expect(await h.call(`${C.page.path}?createTimeEnd=2025-02-29`, tokens.archivist)).toMatchObject({
      code: 400,
      msg: 'createTimeEnd:请输入正确的结束日期',
    });
  });
});

describe('paper borrowing, the state machine per role', () => {
  it('goes submitted → approved → on_loan → returned, each step by its role only, with its history', async () => {
    const { archiveId } = await archive();
    const saved = await request(archiveId);
    expect(saved.data).toMatchObject({ kind: 'paper', borrowState: 'submitted', archiveId });
    const id = saved.data.id as string;
    // Only the team leader approves; only the archivist lends and takes back.
    expect((await approve(id, tokens.engineer)).code).toBe(403);
    expect((await approve(id, tokens.archivist)).code).toBe(403);
    expect((await lend(id)).msg).toBe('当前状态不允许此操作');
    expect((await lend(id, tokens.leader)).code).toBe(403);
    expect((await request(archiveId, tokens.leader)).code).toBe(403);

    const approved = await approve(id, tokens.leader, true, '同意');
    expect(approved.data).toMatchObject({
      borrowState: 'approved',
      approverName: 'leader',
      approveRemark: '同意',
    });
    expect((await lend(id, tokens.engineer)).code).toBe(403);
    const lent = await lend(id);
    expect(lent.data).toMatchObject({ borrowState: 'on_loan' });
    expect(lent.data.lentAt).not.toBe('');
    const listed = await h.call(`${C.page.path}?applicationId=${saved.data.applicationId}`, tokens.engineer);
    expect(listed.data.records[0]).toMatchObject({ onLoan: true, borrowerName: 'engineer' });
    expect((await giveBack(id, tokens.leader)).code).toBe(403);
    const back = await giveBack(id);
    expect(back.data).toMatchObject({ borrowState: 'returned', returnRemark: '页数齐全，无污损' });
    expect((await giveBack(id)).msg).toBe('当前状态不允许此操作');

    expect((await history(id)).map((r) => [r.action, r.from_value, r.to_value, String(r.user_id)])).toEqual([
      ['paperApprove', 'submitted', 'approved', userIds.leader],
      ['manageBorrow', 'approved', 'on_loan', userIds.archivist],
      ['manageReturn', 'on_loan', 'returned', userIds.archivist],
    ]);
  });

  it('rejects only with a reason, and never approves the approver’s own request', async () => {
    const { archiveId } = await archive();
    const id = (await request(archiveId)).data.id as string;
    expect((await approve(id, tokens.leader, false, '')).msg).toBe('remark:请输入驳回原因');
    const rejected = await approve(id, tokens.leader, false, '与检验任务无关');
    expect(rejected.data).toMatchObject({ borrowState: 'rejected' });
    expect((await history(id)).at(-1)).toMatchObject({ to_value: 'rejected', comment: '与检验任务无关' });
    expect((await lend(id)).msg).toBe('当前状态不允许此操作');

    const own = (await request(archiveId, tokens.allround)).data.id as string;
    expect(await approve(own, tokens.allround)).toMatchObject({ code: 400, msg: '不能审批本人的借阅申请' });
    expect((await approve(own, tokens.leader)).code).toBe(200);
  });

  it('shows the engineer their own requests and the leader and archivist all of them', async () => {
    const { archiveId } = await archive();
    const mine = (await request(archiveId)).data.id;
    const theirs = (await request(archiveId, tokens.engineer2)).data.id;
    const ids = async (token: string) =>
      (await h.call(`${C.paperPage.path}?size=200`, token)).data.records.map((r: { id: string }) => r.id);
    expect(await ids(tokens.engineer)).toContain(mine);
    expect(await ids(tokens.engineer)).not.toContain(theirs);
    for (const token of [tokens.leader, tokens.archivist])
      expect(await ids(token)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await ids(tokens.uall)).not.toContain(mine);
  });

  it('refuses the due date outside today … 30 days and a second open request of the same person', async () => {
    const { archiveId } = await archive();
    const late = await h.call(C.paperSave.path, tokens.engineer, {
      archiveId,
      purpose: '查阅',
      dueDate: day(31),
    });
    expect(late).toMatchObject({ code: 400, msg: '归还日期须在今天至30天内' });
    expect((await request(archiveId)).code).toBe(200);
    expect((await request(archiveId)).msg).toBe('您对该档案已有未完成的借阅申请');
  });
});

describe('a paper file on loan is not lent again', () => {
  it('refuses lending it until it is returned', async () => {
    const { archiveId } = await archive();
    const first = await approvedRequest(archiveId);
    const second = await approvedRequest(archiveId, tokens.engineer2);
    expect((await lend(first)).code).toBe(200);
    expect(await lend(second)).toMatchObject({ code: 400, msg: '该纸质档案已借出，归还前不能再借' });
    // The refusal rolled the state change and its history back.
    expect(await history(second)).toHaveLength(1);
    expect((await giveBack(first)).code).toBe(200);
    expect((await lend(second)).data).toMatchObject({ borrowState: 'on_loan' });
  });

  it('lets exactly one of two concurrent lendings stand', async () => {
    const { archiveId } = await archive();
    const a = await approvedRequest(archiveId);
    const b = await approvedRequest(archiveId, tokens.engineer2);
    const results = await Promise.all([lend(a), lend(b)]);
    expect(results.map((r) => r.code).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.code === 400)!.msg).toBe('该纸质档案已借出，归还前不能再借');
    const out = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('business_archive_borrowing')
        .select('borrow_state')
        .where('archive_id', '=', archiveId)
        .where('lent_at', 'is not', null)
        .execute(),
    );
    expect(out).toEqual([{ borrow_state: 'on_loan' }]);
  });

  it('is held by the database itself, whatever a writer does', async () => {
    const { archiveId } = await archive();
    const a = await approvedRequest(archiveId);
    const b = await approvedRequest(archiveId, tokens.engineer2);
    expect((await lend(a)).code).toBe(200);
    await expect(
      withTenant(h.blade.db, T, (trx) =>
        trx
          .updateTable('business_archive_borrowing')
          .set({ borrow_state: 'on_loan', lent_at: sql`now()` })
          .where('id', '=', b)
          .execute(),
      ),
    ).rejects.toThrow(/business_archive_borrowing_one_loan|duplicate key/);
  });
});

describe('an overdue paper loan', () => {
  it('reads overdue once its due date has passed, is listed by borrowState=overdue apart from on_loan, and is taken back', async () => {
    const late = await approvedRequest((await archive()).archiveId);
    const onTime = await approvedRequest((await archive()).archiveId);
    expect((await lend(late)).code).toBe(200);
    expect((await lend(onTime)).code).toBe(200);
    // Time passing: no call saves a due date before today, so the test moves it back as the calendar would.
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .updateTable('business_archive_borrowing')
        .set({ due_date: sql`current_date - 1` })
        .where('id', '=', late)
        .execute(),
    );
    const ids = async (state: string, path: string = C.paperPage.path) => {
      const res = await h.call(`${path}?size=200&borrowState=${state}`, tokens.archivist);
      expect(res.code).toBe(200);
      return res.data.records as { id: string; borrowState: string }[];
    };
    const overdue = await ids('overdue');
    expect(overdue.map((r) => r.id)).toContain(late);
    expect(overdue.map((r) => r.id)).not.toContain(onTime);
    expect(overdue.every((r) => r.borrowState === 'overdue')).toBe(true);
    const out = await ids('on_loan');
    expect(out.map((r) => r.id)).toContain(onTime);
    expect(out.map((r) => r.id)).not.toContain(late);
    expect(out.every((r) => r.borrowState === 'on_loan')).toBe(true);
    expect(await ids('overdue', C.ePage.path)).toEqual([]);
    // The archivist takes it back as any loan; returned, it is no longer overdue.
    expect((await giveBack(late)).data).toMatchObject({ borrowState: 'returned' });
    expect((await ids('overdue')).map((r) => r.id)).not.toContain(late);
  });
});

describe('electronic borrowing', () => {
  async function electronicLoan() {
    const applicationId = await application();
    const saved = await h.call(C.eSave.path, tokens.engineer, {
      applicationId,
      purpose: '查阅报告',
      viewDays: 3,
    });
    expect(saved.data).toMatchObject({ kind: 'electronic', borrowState: 'submitted', viewDays: 3 });
    return saved.data.id as string;
  }
  const view = (id: string, token = tokens.engineer) => h.call(C.eView.path, token, { id });

  it('grants a view for its days once approved, logs every view, and ends by itself', async () => {
    const id = await electronicLoan();
    expect(await view(id)).toMatchObject({ code: 400, msg: '该借阅尚未批准，不能查阅' });
    expect((await h.call(C.eApprove.path, tokens.archivist, { id, pass: true })).code).toBe(403);
    // A paper call does not move an electronic request.
    expect((await approve(id)).code).toBe(404);
    const approved = await h.call(C.eApprove.path, tokens.leader, { id, pass: true });
    expect(approved.data.borrowState).toBe('approved');
    expect(approved.data.viewUntil).not.toBe('');
    expect((await view(id)).data).toMatchObject({ borrowingId: id, files: [] });
    expect((await view(id)).code).toBe(200);
    // Only the borrower views.
    expect((await view(id, tokens.engineer2)).code).toBe(404);
    expect((await view(id, tokens.leader)).code).toBe(404);
    const listed = await h.call(`${C.ePage.path}?size=200`, tokens.engineer);
    expect(listed.data.records.find((r: { id: string }) => r.id === id)).toMatchObject({ viewCount: 2 });

    // The clock passes its end: no job runs, the next read sees it expired.
    await expireViewing(id);
    expect(await view(id)).toMatchObject({ code: 403, msg: '电子档案借阅已到期，不能再查阅' });
    const after = await h.call(`${C.ePage.path}?borrowState=expired&size=200`, tokens.engineer);
    expect(after.data.records.find((r: { id: string }) => r.id === id)).toMatchObject({
      borrowState: 'expired',
      viewCount: 2,
    });
  });

  it('opens a file of the loaned application to its borrower while the loan runs, each open logged', async () => {
    const id = await electronicLoan();
    const loan = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('business_archive_borrowing')
        .select('application_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    const source = await samplePdf();
    const fileId = await applicationFile(String(loan.application_id), source);
    const other = await applicationFile(await application(), await samplePdf());
    const key = (token = tokens.engineer, file = fileId) =>
      h.call(C.eFileKey.path, token, { id, fileId: file });
    const open = (authKey: string, token = tokens.engineer, file = fileId) =>
      h.authed(`${C.eOpenFile.path}?id=${id}&fileId=${file}&authKey=${encodeURIComponent(authKey)}`, {
        token,
      });
    // Not yet approved: no key.
    expect(await key()).toMatchObject({ code: 400, msg: '该借阅尚未批准，不能查阅' });
    expect((await h.call(C.eApprove.path, tokens.leader, { id, pass: true })).code).toBe(200);

    const granted = await key();
    expect(granted.code).toBe(200);
    const opened = await open(granted.data.authKey);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(sha(Buffer.from(await opened.arrayBuffer()))).toBe(sha(source));
    // Another application's file, another borrower, another tenant: 404; a key of another file: 403.
    expect((await key(tokens.engineer, other)).code).toBe(404);
    expect(await (await open(granted.data.authKey, tokens.engineer, other)).json()).toMatchObject({
      code: 404,
    });
    expect((await key(tokens.engineer2)).code).toBe(404);
    expect((await key(tokens.leader)).code).toBe(404);
    expect((await key(tokens.uall)).code).toBe(404);
    expect(await (await open('')).json()).toMatchObject({ code: 403 });

    const logs = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('business_archive_view_log')
        .select(['user_id', 'file_id'])
        .where('borrowing_id', '=', id)
        .execute(),
    );
    expect(logs.map((l) => [String(l.user_id), l.file_id])).toEqual([[userIds.engineer, fileId]]);

    // Past its end: 403 in words, for the key and the open.
    await expireViewing(id);
    expect(await key()).toMatchObject({ code: 403, msg: '电子档案借阅已到期，不能再查阅' });
    const late = await open(granted.data.authKey);
    expect(await late.json()).toMatchObject({ code: 403, msg: '电子档案借阅已到期，不能再查阅' });
  });

  it('refuses view days outside 1 … 30', async () => {
    const applicationId = await application();
    const res = await h.call(C.eSave.path, tokens.engineer, { applicationId, purpose: '查阅', viewDays: 31 });
    expect(res).toMatchObject({ code: 400, msg: 'viewDays:查阅天数为1至30天' });
  });
});

describe('tenants, buttons and signature printing', () => {
  it('answers 404 for another tenant’s ids', async () => {
    const { applicationId, archiveId } = await archive();
    const paper = (await request(archiveId)).data.id;
    const e = (await h.call(C.eSave.path, tokens.engineer, { applicationId, purpose: '查阅', viewDays: 1 }))
      .data.id;
    expect((await h.call(`${C.byApplication.path}?applicationId=${applicationId}`, tokens.uall)).code).toBe(
      404,
    );
    expect((await request(archiveId, tokens.uall)).code).toBe(404);
    expect(
      (await h.call(C.eSave.path, tokens.uall, { applicationId, purpose: '查阅', viewDays: 1 })).code,
    ).toBe(404);
    expect(
      (await h.call(C.submit.path, tokens.uall, { applicationId, location: 'X', pageCount: 1 })).code,
    ).toBe(404);
    expect((await approve(paper, tokens.uall)).code).toBe(404);
    expect((await h.call(C.eApprove.path, tokens.uall, { id: e, pass: true })).code).toBe(404);
    expect((await lend(paper, tokens.uall)).code).toBe(404);
    expect((await h.call(C.eView.path, tokens.uall, { id: e })).code).toBe(404);
    const theirs = await h.call(`${C.page.path}?applicationId=${applicationId}`, tokens.uall);
    expect(theirs.data.records).toEqual([]);
    const count = await h.call(C.count.path, tokens.uall);
    expect(count.data.total).toBe(0);
  });

  it('counts the archives, loans and waiting requests', async () => {
    const res = await h.call(C.count.path, tokens.archivist);
    expect(res.code).toBe(200);
    expect(res.data.total).toBeGreaterThan(0);
    expect(res.data.inStock + res.data.onLoan).toBe(res.data.total);
    expect(res.data).toHaveProperty('toApprove');
    expect(res.data).toHaveProperty('toLend');
  });

  it('refuses signature printing without its button with 403, whatever the body', async () => {
    expect((await h.call(C.startSignature.path, tokens.engineer, {})).code).toBe(403);
    expect((await h.call(C.startSignature.path, tokens.leader, {})).code).toBe(403);
  });
});

describe('signature printing (签章打印)', () => {
  const print = (body: Record<string, unknown>, token = tokens.archivist) =>
    h.call(C.startSignature.path, token, body);
  const prints = (tenant = T) =>
    withTenant(h.blade.db, tenant, (trx) =>
      trx.selectFrom('business_archive_print_log').selectAll().where('tenant_id', '=', tenant).execute(),
    );

  it('refuses in words while the tenant has no seal, recording nothing', async () => {
    const { archiveId, applicationId } = await archive();
    const fileId = await applicationFile(applicationId, await samplePdf());
    expect(await print({ archiveId, fileId })).toMatchObject({
      code: 400,
      msg: '请先上传本机构的印章（文件配置 → 签章印模），再签章',
    });
    expect(await prints()).toEqual([]);
  });

  it('stamps a file of the application with the seal, logs the print and opens the stamped PDF', async () => {
    const seal = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#d40000' } })
      .png()
      .toBuffer();
    const sealed = await h.authed('/blade-resource/file/uploadSeal', {
      method: 'POST',
      body: form({}, { name: 'seal.png', bytes: seal }),
      token: tokens.tAdmin,
    });
    expect(((await sealed.json()) as { code: number }).code).toBe(200);

    const { archiveId, applicationId } = await archive();
    const source = await samplePdf();
    const fileId = await applicationFile(applicationId, source);
    const res = await print({ archiveId, fileId });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ archiveId, fileId, originalFilename: '型式试验报告(签章).pdf' });
    // The application names the archive as well.
    expect((await print({ applicationId, fileId })).code).toBe(200);

    const opened = await h.authed(
      `${C.printOpen.path}?id=${res.data.printId}&authKey=${encodeURIComponent(res.data.authKey)}`,
      { token: tokens.archivist },
    );
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    const stamped = Buffer.from(await opened.arrayBuffer());
    expect(stamped.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha(stamped)).not.toBe(sha(source));
    // The seal is an image on the page: the stamped copy embeds one, the source none.
    const xObjects = async (pdf: Buffer) =>
      (await PDFDocument.load(pdf))
        .getPage(0)
        .node.Resources()
        ?.lookupMaybe(PDFName.of('XObject'), PDFDict)
        ?.keys().length ?? 0;
    expect(await xObjects(stamped)).toBe(1);
    expect(await xObjects(source)).toBe(0);
    // Without the print's key it is not opened, nor with a key of another print.
    const keyless = await h.authed(`${C.printOpen.path}?id=${res.data.printId}`, { token: tokens.archivist });
    expect(keyless.status).toBe(403);
    const second = await print({ archiveId, fileId });
    const crossed = await h.authed(
      `${C.printOpen.path}?id=${res.data.printId}&authKey=${encodeURIComponent(second.data.authKey)}`,
      { token: tokens.archivist },
    );
    expect(crossed.status).toBe(403);

    const logged = (await prints()).filter((p) => String(p.archive_id) === archiveId);
    expect(logged).toHaveLength(3);
    const first = logged.find((p) => String(p.id) === res.data.printId)!;
    expect([
      String(first.application_id),
      first.file_id,
      first.stamped_file_id,
      String(first.user_id),
    ]).toEqual([applicationId, fileId, res.data.stampedFileId, userIds.archivist]);
    // The file itself is not marked signed: the print is a copy for paper, not the signing flow's stamp.
    const original = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_file')
        .select(['is_stamped', 'stamped_file_id'])
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow(),
    );
    expect(original).toEqual({ is_stamped: 0, stamped_file_id: null });
  });

  it('answers 404 for a file of another application and for another tenant, 403 without the button', async () => {
    const { archiveId } = await archive();
    const other = await archive();
    const otherFile = await applicationFile(other.applicationId, await samplePdf());
    const before = (await prints()).length;
    expect(await print({ archiveId, fileId: otherFile })).toMatchObject({ code: 404, msg: '文件不存在' });
    expect((await print({ archiveId: other.archiveId, fileId: otherFile }, tokens.uall)).code).toBe(404);
    expect((await print({ applicationId: other.applicationId, fileId: otherFile }, tokens.uall)).code).toBe(
      404,
    );
    // Their own archive, this tenant's file: still 404.
    const theirs = await archive(tokens.uall, U);
    expect((await print({ archiveId: theirs.archiveId, fileId: otherFile }, tokens.uall)).code).toBe(404);
    expect((await print({ archiveId: other.archiveId, fileId: otherFile }, tokens.engineer)).code).toBe(403);
    expect((await prints()).length).toBe(before);
  });
});

// Last: it removes and re-adds the pages' menu rows (the users above lose their grants).
describe('menus of an existing database (migration 20261128T100100)', () => {
  it('adds the two pages and their buttons under 档案管理, granted to the administrators, once', async () => {
    const codes = Object.values(CODES);
    await replayMenuMigration(h.blade.db, { codes, tenants: [PLATFORM, T, U], migrate: addArchiveMenus });
    const places = await menuPlaces(h.blade.db, [CODES.page, CODES.borrowPage]);
    expect([places[CODES.page].parent, places[CODES.borrowPage].parent]).toEqual([
      'archive_manage',
      'archive_manage',
    ]);
  });
});
