import { Hono, type Context } from 'hono';
import { sql, type Insertable, type SqlBool } from 'kysely';
import {
  MAX_PAPER_LOAN_DAYS,
  eOpenFileQuery,
  PAPER_ARCHIVE_ACTIONS,
  PAPER_ARCHIVE_CALLS,
  PAPER_ARCHIVE_CODES,
  printOpenQuery,
  type SignaturePrintVO,
  type BorrowingVO,
  type BorrowKind,
  type BorrowState,
  type ArchiveFileVO,
  type ElectronicViewVO,
  type PaperArchiveVO,
  type ShownBorrowState,
} from '../../../lib/contracts/paper-archive/paper-archive';
import { localDay } from '../../../lib/contracts/equipment/status';
import { actionRouter } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { type CrudContext } from '../../core/crud';
import { KeyedError, ForbiddenError, NotFoundError, ServiceError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { readParams } from '../../core/input';
import { ok } from '../../core/envelope';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { fetchPage, pageRequest, toPage } from '../../core/page';
import { heldCodes, permit } from '../../core/permission';
import type { ArchiveBorrowingTable } from '../../db/schema';
import { withTenant, type Trx } from '../../db/tenant';
import { StorageNotFound } from '../../storage';
import { MSG_FILE_NOT_FOUND } from '../files/access';
import { signAuthKey, verifyAuthKey } from '../files/auth-key';
import type { FileRow } from '../files/file.repository';
import { isContinuation, sendFile, type RangeRequest } from '../files/send';
import { BuiltinSigner, type Signer } from '../files/signer';
import { stampFile } from '../files/stamping';
import { storeOfKind } from '../files/stores';
import { userDisplayName, usersById } from '../business/rows';
import { callerCompany } from '../../core/company';

/**
 * Paper archives and archive borrowing (README.md beside this file). Who may call what is the actions' button codes;
 * what each caller sees is decided here (the engineer their own requests, the team leader and the archivist all of the
 * tenant's). A paper file is lent to one borrower at a time: the partial unique index
 * business_archive_borrowing_one_loan, whose violation answers 400 in words. An electronic loan reads as expired once
 * its `view_until` has passed, on every read; every view is written to business_archive_view_log.
 */

const [
  countAction,
  pageAction,
  byApplicationAction,
  submitAction,
  paperPageAction,
  paperSaveAction,
  paperApproveAction,
  manageBorrowAction,
  manageReturnAction,
  ePageAction,
  eSaveAction,
  eApproveAction,
  eViewAction,
  startSignatureAction,
  printFilesAction,
  eFileKeyAction,
] = PAPER_ARCHIVE_ACTIONS;

const UNIQUE_VIOLATION = '23505';
const violates = (err: unknown, index: string) =>
  (err as { code?: unknown } | null)?.code === UNIQUE_VIOLATION ||
  new RegExp(index).test(String((err as Error | null)?.message ?? ''));

/** Archives are the certification body's own records: a customer user is refused whatever codes they hold. */
async function assertStaff(trx: Trx, auth: AuthUser) {
  if ((await callerCompany(trx, auth)) !== null) throw new ForbiddenError();
}

/**
 * `yyyy-MM-dd` filters as spec 000 §5 has them: ' 00:00:00' and ' 23:59:59' appended, read in the server's time zone
 * (the zone the answers' times are written in). The end includes its whole last second.
 */
export function dayRange(start?: string, end?: string) {
  const from = start ? new Date(`${start} 00:00:00`.replace(' ', 'T')) : undefined;
  const to = end ? new Date(new Date(`${end} 23:59:59`.replace(' ', 'T')).getTime() + 1000) : undefined;
  return { from, to };
}

// ---- Paper archives ----

type ArchiveRow = {
  id: string;
  application_id: string;
  archive_no: string;
  location: string;
  page_count: number;
  remark: string;
  create_user: string | null;
  create_time: Date;
  application_no: string | null;
  product_name: string | null;
  applicant_name: string | null;
};

function archives(trx: Trx, auth: AuthUser) {
  return trx
    .selectFrom('business_paper_archive as p')
    .leftJoin('business_application as a', (j) =>
      j.onRef('a.id', '=', 'p.application_id').on('a.tenant_id', '=', auth.tenantId),
    )
    .where('p.tenant_id', '=', auth.tenantId)
    .where('p.is_deleted', '=', 0);
}

const archiveColumns = [
  'p.id',
  'p.application_id',
  'p.archive_no',
  'p.location',
  'p.page_count',
  'p.remark',
  'p.create_user',
  'p.create_time',
  'a.application_no',
  'a.product_name',
  'a.applicant_name',
] as const;

async function presentArchives(trx: Trx, auth: AuthUser, rows: ArchiveRow[]): Promise<PaperArchiveVO[]> {
  const ids = rows.map((r) => String(r.id));
  const loans = ids.length
    ? await trx
        .selectFrom('business_archive_borrowing')
        .select(['archive_id', 'borrower_id'])
        .where('tenant_id', '=', auth.tenantId)
        .where('archive_id', 'in', ids)
        .where('kind', '=', 'paper')
        .where('lent_at', 'is not', null)
        .where('returned_at', 'is', null)
        .where('is_deleted', '=', 0)
        .execute()
    : [];
  const borrowerOf = new Map(loans.map((l) => [String(l.archive_id), String(l.borrower_id)]));
  const users = await usersById(trx, [
    ...borrowerOf.values(),
    ...rows.map((r) => String(r.create_user ?? '')),
  ]);
  return rows.map((r) => ({
    id: String(r.id),
    applicationId: String(r.application_id),
    applicationNo: r.application_no ?? '',
    productName: r.product_name ?? '',
    applicantName: r.applicant_name ?? '',
    archiveNo: r.archive_no,
    location: r.location,
    pageCount: Number(r.page_count),
    remark: r.remark,
    onLoan: borrowerOf.has(String(r.id)),
    borrowerName: userDisplayName(users.get(borrowerOf.get(String(r.id)) ?? '')),
    createUserName: userDisplayName(users.get(String(r.create_user ?? ''))),
    createTime: formatDateTime(r.create_time),
  }));
}

async function archiveById(trx: Trx, auth: AuthUser, id: string) {
  const row = await archives(trx, auth).select(archiveColumns).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return (await presentArchives(trx, auth, [row as unknown as ArchiveRow]))[0];
}

/** A live application of the caller's tenant by its id or number, or 404. */
async function applicationOf(
  trx: Trx,
  auth: AuthUser,
  ref: { applicationId?: string; applicationNo?: string },
) {
  let q = trx
    .selectFrom('business_application')
    .select(['id', 'application_no'])
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0);
  q = ref.applicationId
    ? q.where('id', '=', ref.applicationId)
    : q.where('application_no', '=', ref.applicationNo!);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError();
  return { id: String(row.id), applicationNo: row.application_no };
}

// ---- Borrowings ----

type BorrowRow = {
  id: string;
  kind: string;
  application_id: string;
  archive_id: string | null;
  borrower_id: string;
  purpose: string;
  due_date: string | null;
  view_days: number | null;
  borrow_state: string;
  approver_id: string | null;
  approved_at: Date | null;
  approve_remark: string;
  view_until: Date | null;
  lent_at: Date | null;
  returned_at: Date | null;
  return_remark: string;
  create_time: Date;
  archive_no: string | null;
  application_no: string | null;
  product_name: string | null;
  overdue: boolean;
};

/** The caller's view of the borrowings: the team leader's and the archivist's are the tenant's, else their own. */
async function seesAll(deps: Deps, trx: Trx, auth: AuthUser) {
  const codes = await heldCodes(deps, auth, trx);
  return codes.has(PAPER_ARCHIVE_CODES.approve) || codes.has(PAPER_ARCHIVE_CODES.manage);
}

function borrowings(trx: Trx, auth: AuthUser, kind: BorrowKind) {
  return trx
    .selectFrom('business_archive_borrowing as b')
    .leftJoin('business_paper_archive as p', (j) =>
      j.onRef('p.id', '=', 'b.archive_id').on('p.tenant_id', '=', auth.tenantId),
    )
    .leftJoin('business_application as a', (j) =>
      j.onRef('a.id', '=', 'b.application_id').on('a.tenant_id', '=', auth.tenantId),
    )
    .where('b.tenant_id', '=', auth.tenantId)
    .where('b.kind', '=', kind)
    .where('b.is_deleted', '=', 0);
}

/** A paper file out after its due date, by the database's calendar day (the list's `overdue` filter reads the same). */
const OVERDUE = sql<SqlBool>`b.kind = 'paper' and b.borrow_state = 'on_loan' and b.due_date < current_date`;

const borrowColumns = (qb: ReturnType<typeof borrowings>) =>
  qb.selectAll('b').select(['p.archive_no', 'a.application_no', 'a.product_name', OVERDUE.as('overdue')]);

/**
 * An approved electronic loan past its end reads `expired`, a paper file out past its due date `overdue`: decided on
 * every read, nothing runs to flip them.
 */
function shownState(
  r: Pick<BorrowRow, 'kind' | 'borrow_state' | 'view_until'> & { overdue?: boolean },
  now: Date,
): ShownBorrowState {
  if (r.kind === 'electronic' && r.borrow_state === 'approved' && r.view_until && r.view_until <= now)
    return 'expired';
  if (r.overdue) return 'overdue';
  return r.borrow_state as BorrowState;
}

async function presentBorrowings(trx: Trx, auth: AuthUser, rows: BorrowRow[]): Promise<BorrowingVO[]> {
  const users = await usersById(
    trx,
    rows.flatMap((r) => [String(r.borrower_id), String(r.approver_id ?? '')]),
  );
  const electronic = rows.filter((r) => r.kind === 'electronic').map((r) => String(r.id));
  const views = new Map<string, number>();
  if (electronic.length)
    for (const v of await trx
      .selectFrom('business_archive_view_log')
      .select(['borrowing_id', sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', auth.tenantId)
      .where('borrowing_id', 'in', electronic)
      .groupBy('borrowing_id')
      .execute())
      views.set(String(v.borrowing_id), Number(v.n));
  const now = new Date();
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as BorrowKind,
    applicationId: String(r.application_id),
    applicationNo: r.application_no ?? '',
    productName: r.product_name ?? '',
    archiveId: r.archive_id ? String(r.archive_id) : '',
    archiveNo: r.archive_no ?? '',
    borrowerId: String(r.borrower_id),
    borrowerName: userDisplayName(users.get(String(r.borrower_id))),
    purpose: r.purpose,
    dueDate: r.due_date ? String(r.due_date) : '',
    viewDays: r.view_days,
    borrowState: shownState(r, now),
    approverName: userDisplayName(users.get(String(r.approver_id ?? ''))),
    approvedAt: formatDateTime(r.approved_at),
    approveRemark: r.approve_remark,
    viewUntil: formatDateTime(r.view_until),
    lentAt: formatDateTime(r.lent_at),
    returnedAt: formatDateTime(r.returned_at),
    returnRemark: r.return_remark,
    createTime: formatDateTime(r.create_time),
    viewCount: views.get(String(r.id)) ?? 0,
  }));
}

async function borrowingById(trx: Trx, auth: AuthUser, kind: BorrowKind, id: string) {
  const row = await borrowColumns(borrowings(trx, auth, kind))
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return (await presentBorrowings(trx, auth, [row as unknown as BorrowRow]))[0];
}

/** A new request of the caller's (borrower and creator), answered as its list shows it. */
async function requestBorrowing(
  trx: Trx,
  auth: AuthUser,
  kind: BorrowKind,
  request: Pick<
    Insertable<ArchiveBorrowingTable>,
    'application_id' | 'archive_id' | 'purpose' | 'due_date' | 'view_days'
  >,
) {
  const id = nextId();
  await trx
    .insertInto('business_archive_borrowing')
    .values({
      id,
      tenant_id: auth.tenantId,
      kind,
      ...request,
      borrower_id: auth.userId,
      create_user: auth.userId,
      create_dept: auth.deptIds[0] ?? null,
      update_user: auth.userId,
    })
    .execute();
  return borrowingById(trx, auth, kind, id);
}

/** The transition's record is the kind the call serves (a paper id at the electronic call is 404), not the caller's. */
function assertKind(record: Record<string, unknown> | undefined, kind: BorrowKind) {
  if (!record || record.kind !== kind) throw new NotFoundError();
}

async function approve(
  trx: Trx,
  auth: AuthUser,
  kind: BorrowKind,
  record: Record<string, unknown> | undefined,
  input: { id: string; pass: boolean; remark: string },
) {
  assertKind(record, kind);
  await assertStaff(trx, auth);
  // The team leader approves another's need, never their own request.
  if (String(record!.borrower_id) === auth.userId) throw new KeyedError('paperArchive.error.self_approve');
  const viewUntil =
    kind === 'electronic' && input.pass
      ? new Date(Date.now() + Number(record!.view_days) * 86_400_000)
      : null;
  await trx
    .updateTable('business_archive_borrowing')
    .set({
      approver_id: auth.userId,
      approved_at: sql`now()`,
      approve_remark: input.remark,
      view_until: viewUntil,
    })
    .where('id', '=', input.id)
    .execute();
  return borrowingById(trx, auth, kind, input.id);
}

function borrowPage(deps: Deps, kind: BorrowKind) {
  return async ({ trx, auth, input }: CrudContext & { input: BorrowPageInput }) => {
    await assertStaff(trx, auth);
    const page = pageRequest(input);
    let base = borrowings(trx, auth, kind);
    const mine = input.mine === '1' || input.mine === 'true';
    if (mine || !(await seesAll(deps, trx, auth))) base = base.where('b.borrower_id', '=', auth.userId);
    if (input.applicationId) base = base.where('b.application_id', '=', input.applicationId);
    // Each filter is the state the rows show: `on_loan` leaves out the overdue files, `approved` the expired views.
    if (input.borrowState === 'expired')
      base = base.where('b.borrow_state', '=', 'approved').where('b.view_until', '<=', new Date());
    else if (input.borrowState === 'overdue') base = base.where(OVERDUE);
    else if (input.borrowState) {
      base = base.where('b.borrow_state', '=', input.borrowState);
      if (input.borrowState === 'approved' && kind === 'electronic')
        base = base.where((eb) =>
          eb.or([eb('b.view_until', 'is', null), eb('b.view_until', '>', new Date())]),
        );
      if (input.borrowState === 'on_loan') base = base.where(sql<SqlBool>`not (${OVERDUE})`);
    }
    const { rows, total } = await fetchPage(
      base,
      borrowColumns,
      page,
      [],
      [
        { column: 'b.create_time', direction: 'desc' },
        { column: 'b.id', direction: 'desc' },
      ],
    );
    return toPage(await presentBorrowings(trx, auth, rows as unknown as BorrowRow[]), total, page);
  };
}

type BorrowPageInput = {
  current?: number | null;
  size?: number | null;
  borrowState?: ShownBorrowState;
  applicationId?: string;
  mine?: string;
};

/**
 * The electronic loan `id` as it stands for its borrower: another's (or none) 404, not approved 400, past its
 * `view_until` 403 in words. Every view and every open goes through it.
 */
async function runningLoan(trx: Trx, auth: AuthUser, id: string) {
  const loan = await trx
    .selectFrom('business_archive_borrowing')
    .select(['id', 'application_id', 'borrower_id', 'borrow_state', 'view_until', 'kind'])
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('kind', '=', 'electronic')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!loan || String(loan.borrower_id) !== auth.userId) throw new NotFoundError();
  if (loan.borrow_state !== 'approved' || !loan.view_until)
    throw new KeyedError('paperArchive.error.view_not_granted');
  // Refused as forbidden (envelope code 403) with its reason, so the portal says why rather than "not found".
  if (shownState(loan, new Date()) === 'expired') throw new ServiceError(zhText(EXPIRED), 403, EXPIRED);
  return loan;
}

/** A file of the application's electronic archive (the files stored with its record), or 404. */
async function applicationFile(
  trx: Trx,
  auth: AuthUser,
  applicationId: string,
  fileId: string,
): Promise<FileRow> {
  const file = await trx
    .selectFrom('blade_file')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', fileId)
    .where('data_id', '=', applicationId)
    .where('kind', '=', 'file')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!file) throw new NotFoundError(MSG_FILE_NOT_FOUND);
  return file;
}

/** The application's electronic archive: its live stored files (not derived copies), with their catalogue node. */
async function filesOfApplication(trx: Trx, auth: AuthUser, applicationId: string): Promise<ArchiveFileVO[]> {
  const files = await trx
    .selectFrom('blade_file as f')
    .leftJoin('blade_file_catalog as c', (j) =>
      j.onRef('c.id', '=', 'f.file_catalog_id').on('c.tenant_id', '=', auth.tenantId),
    )
    .select(['f.id', 'f.original_filename', 'c.catalog_name'])
    .where('f.tenant_id', '=', auth.tenantId)
    .where('f.data_id', '=', applicationId)
    .where('f.kind', '=', 'file')
    .where('f.is_deleted', '=', 0)
    .orderBy('f.id')
    .execute();
  return files.map((f) => ({
    id: String(f.id),
    originalFilename: f.original_filename,
    catalogName: f.catalog_name ?? '',
  }));
}

/** What a key of this module opens: bound to the purpose (a print, a loan's file), the caller and the tenant. */
const printClaim = (printId: string) => `paper-archive-print:${printId}`;
const loanFileClaim = (loanId: string, fileId: string) => `paper-archive-loan:${loanId}:${fileId}`;

const rangeOf = (c: Context<BladeEnv>): RangeRequest => ({
  range: c.req.header('range'),
  ifRange: c.req.header('if-range'),
});

async function streamFile(deps: Deps, file: FileRow, c: Context<BladeEnv>) {
  try {
    return await sendFile(
      await storeOfKind(deps, deps.db, file.tenant_id, file.storage),
      file,
      false,
      file.original_filename,
      rangeOf(c),
    );
  } catch (err) {
    if (err instanceof StorageNotFound) throw new NotFoundError(MSG_FILE_NOT_FOUND);
    throw err;
  }
}

export function paperArchiveRoutes(deps: Deps, signer: Signer = new BuiltinSigner()): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(countAction, async ({ trx, auth }) => {
    await assertStaff(trx, auth);
    const total = await trx
      .selectFrom('business_paper_archive')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const onLoan = await trx
      .selectFrom('business_archive_borrowing')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', auth.tenantId)
      .where('kind', '=', 'paper')
      .where('lent_at', 'is not', null)
      .where('returned_at', 'is', null)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const waiting = await trx
      .selectFrom('business_archive_borrowing')
      .select(['kind', 'borrow_state', sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', auth.tenantId)
      .where('borrow_state', 'in', ['submitted', 'approved'])
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or([eb('kind', '=', 'paper'), eb('borrow_state', '=', 'submitted')]))
      .groupBy(['kind', 'borrow_state'])
      .execute();
    const n = (kind: string, state: string) =>
      Number(waiting.find((w) => w.kind === kind && w.borrow_state === state)?.n ?? 0);
    return {
      total: Number(total.n),
      onLoan: Number(onLoan.n),
      inStock: Number(total.n) - Number(onLoan.n),
      /** Waiting for a team leader (paper and electronic). */
      toApprove: n('paper', 'submitted') + n('electronic', 'submitted'),
      /** Approved paper requests waiting for the archivist. */
      toLend: n('paper', 'approved'),
    };
  });

  serve(pageAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    const page = pageRequest(input);
    let base = archives(trx, auth);
    if (input.applicationId) base = base.where('p.application_id', '=', input.applicationId);
    if (input.archiveNo) base = base.where('p.archive_no', 'like', `%${input.archiveNo}%`);
    if (input.productName) base = base.where('a.product_name', 'like', `%${input.productName}%`);
    const { from, to } = dayRange(input.createTimeStart, input.createTimeEnd);
    if (from) base = base.where('p.create_time', '>=', from);
    if (to) base = base.where('p.create_time', '<', to);
    const { rows, total } = await fetchPage(
      base,
      (qb) => qb.select(archiveColumns),
      page,
      [],
      [
        { column: 'p.create_time', direction: 'desc' },
        { column: 'p.id', direction: 'desc' },
      ],
    );
    return toPage(await presentArchives(trx, auth, rows as unknown as ArchiveRow[]), total, page);
  });

  serve(byApplicationAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    await applicationOf(trx, auth, input);
    const row = await archives(trx, auth)
      .select(archiveColumns)
      .where('p.application_id', '=', input.applicationId)
      .executeTakeFirst();
    // None yet: Blade's empty answer (the caller offers 提交档案).
    return row ? (await presentArchives(trx, auth, [row as unknown as ArchiveRow]))[0] : {};
  });

  serve(submitAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    const application = await applicationOf(trx, auth, input);
    if (!application.applicationNo) throw new KeyedError('paperArchive.error.application_not_submitted');
    const id = nextId();
    await sql`savepoint paper_archive_submit`.execute(trx);
    try {
      await trx
        .insertInto('business_paper_archive')
        .values({
          id,
          tenant_id: auth.tenantId,
          application_id: application.id,
          archive_no: input.archiveNo ?? application.applicationNo,
          location: input.location,
          page_count: input.pageCount,
          remark: input.remark,
          create_user: auth.userId,
          create_dept: auth.deptIds[0] ?? null,
          update_user: auth.userId,
        })
        .execute();
    } catch (err) {
      if (!violates(err, 'business_paper_archive_')) throw err;
      await sql`rollback to savepoint paper_archive_submit`.execute(trx);
      const byApplication = await archives(trx, auth)
        .select('p.id')
        .where('p.application_id', '=', application.id)
        .executeTakeFirst();
      throw new KeyedError(
        byApplication ? 'paperArchive.error.already_submitted' : 'paperArchive.error.archive_no_taken',
      );
    }
    await sql`release savepoint paper_archive_submit`.execute(trx);
    return archiveById(trx, auth, id);
  });

  serve(paperPageAction, borrowPage(deps, 'paper'));
  serve(ePageAction, borrowPage(deps, 'electronic'));

  serve(paperSaveAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    const archive = await trx
      .selectFrom('business_paper_archive')
      .select(['id', 'application_id'])
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.archiveId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!archive) throw new NotFoundError();
    const today = localDay(new Date());
    const last = localDay(new Date(Date.now() + MAX_PAPER_LOAN_DAYS * 86_400_000));
    if (input.dueDate < today || input.dueDate > last)
      throw new KeyedError('paperArchive.error.due_date_range', { days: MAX_PAPER_LOAN_DAYS });
    const open = await trx
      .selectFrom('business_archive_borrowing')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('archive_id', '=', input.archiveId)
      .where('borrower_id', '=', auth.userId)
      .where('borrow_state', 'in', ['submitted', 'approved', 'on_loan'])
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (open) throw new KeyedError('paperArchive.error.request_open');
    return requestBorrowing(trx, auth, 'paper', {
      application_id: String(archive.application_id),
      archive_id: input.archiveId,
      purpose: input.purpose,
      due_date: input.dueDate,
    });
  });

  serve(eSaveAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    const application = await applicationOf(trx, auth, input);
    if (!application.applicationNo) throw new KeyedError('paperArchive.error.application_not_submitted');
    return requestBorrowing(trx, auth, 'electronic', {
      application_id: application.id,
      purpose: input.purpose,
      view_days: input.viewDays,
    });
  });

  serve(paperApproveAction, async ({ trx, auth, input, record }) =>
    approve(trx, auth, 'paper', record, input),
  );
  serve(eApproveAction, async ({ trx, auth, input, record }) =>
    approve(trx, auth, 'electronic', record, input),
  );

  serve(manageBorrowAction, async ({ trx, auth, input, record }) => {
    assertKind(record, 'paper');
    await assertStaff(trx, auth);
    const archiveId = String(record!.archive_id);
    const out = await trx
      .selectFrom('business_archive_borrowing')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('archive_id', '=', archiveId)
      .where('kind', '=', 'paper')
      .where('lent_at', 'is not', null)
      .where('returned_at', 'is', null)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (out) throw new KeyedError('paperArchive.error.already_on_loan');
    // Two lendings of one file racing past the check meet at the partial unique index; the loser's whole
    // transaction (its state change and history row too) is rolled back by the refusal.
    await sql`savepoint paper_archive_lend`.execute(trx);
    try {
      await trx
        .updateTable('business_archive_borrowing')
        .set({ lent_by: auth.userId, lent_at: sql`now()` })
        .where('id', '=', input.id)
        .execute();
    } catch (err) {
      if (!violates(err, 'business_archive_borrowing_one_loan')) throw err;
      await sql`rollback to savepoint paper_archive_lend`.execute(trx);
      throw new KeyedError('paperArchive.error.already_on_loan');
    }
    await sql`release savepoint paper_archive_lend`.execute(trx);
    return borrowingById(trx, auth, 'paper', input.id);
  });

  serve(manageReturnAction, async ({ trx, auth, input, record }) => {
    assertKind(record, 'paper');
    await assertStaff(trx, auth);
    await trx
      .updateTable('business_archive_borrowing')
      .set({ returned_by: auth.userId, returned_at: sql`now()`, return_remark: input.remark })
      .where('id', '=', input.id)
      .execute();
    return borrowingById(trx, auth, 'paper', input.id);
  });

  // The view an electronic loan grants: the borrower only, while it runs; every view is logged.
  serve(eViewAction, async ({ trx, auth, input }): Promise<ElectronicViewVO> => {
    await assertStaff(trx, auth);
    const loan = await runningLoan(trx, auth, input.id);
    await trx
      .insertInto('business_archive_view_log')
      .values({ id: nextId(), tenant_id: auth.tenantId, borrowing_id: input.id, user_id: auth.userId })
      .execute();
    const files = await filesOfApplication(trx, auth, String(loan.application_id));
    return {
      borrowingId: String(loan.id),
      applicationId: String(loan.application_id),
      viewUntil: formatDateTime(loan.view_until),
      files,
    };
  });

  // A key to open one file of a running loan in a new window (the open itself checks the loan again and logs it).
  serve(eFileKeyAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    const loan = await runningLoan(trx, auth, input.id);
    await applicationFile(trx, auth, String(loan.application_id), input.fileId);
    const claims = {
      tenantId: auth.tenantId,
      userId: auth.userId,
      fileId: loanFileClaim(input.id, input.fileId),
    };
    return { authKey: signAuthKey(deps.settings.jwtSigningKey, claims) };
  });

  // One file of a running electronic loan, to its borrower, through the files module's sending (ranges, inline for
  // PDF and images). Each open is logged with the file; a viewer's follow-up range reads are the same open.
  router.get(PAPER_ARCHIVE_CALLS.eOpenFile.path, permit(deps, eFileKeyAction.access), async (c) => {
    const auth = c.get('auth');
    const input = eOpenFileQuery.parse(c.req.query());
    const file = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaff(trx, auth);
      const loan = await runningLoan(trx, auth, input.id);
      const row = await applicationFile(trx, auth, String(loan.application_id), input.fileId);
      const claims = {
        tenantId: auth.tenantId,
        userId: auth.userId,
        fileId: loanFileClaim(input.id, input.fileId),
      };
      if (!verifyAuthKey(deps.settings.jwtSigningKey, input.authKey, claims))
        throw new ForbiddenError('下载授权无效或已过期');
      if (!isContinuation(rangeOf(c)))
        await trx
          .insertInto('business_archive_view_log')
          .values({
            id: nextId(),
            tenant_id: auth.tenantId,
            borrowing_id: input.id,
            user_id: auth.userId,
            file_id: input.fileId,
          })
          .execute();
      return row;
    });
    return streamFile(deps, file, c);
  });

  // Signature printing (签章打印): one file of the paper archive's application stamped with the tenant's seal exactly
  // as file/signatureDocument stamps (files/stamping.ts stampFile), the copy kept as a file of kind 'print' (the
  // signing flow's own stamped copy of the file is not touched) and the print logged in business_archive_print_log.
  // Served by hand: the conversion and storage work runs outside any transaction.
  router.on(
    startSignatureAction.call.method,
    startSignatureAction.call.path,
    permit(deps, startSignatureAction.access),
    async (c) => {
      const auth = c.get('auth');
      const input = startSignatureAction.input.parse(await readParams(c));
      const { archive, file } = await withTenant(deps.db, auth.tenantId, async (trx) => {
        await assertStaff(trx, auth);
        const archiveId = input.archiveId ?? input.id;
        let q = trx
          .selectFrom('business_paper_archive')
          .select(['id', 'application_id'])
          .where('tenant_id', '=', auth.tenantId)
          .where('is_deleted', '=', 0);
        q = archiveId ? q.where('id', '=', archiveId) : q.where('application_id', '=', input.applicationId!);
        const found = await q.executeTakeFirst();
        if (!found) throw new NotFoundError();
        return {
          archive: found,
          file: await applicationFile(trx, auth, String(found.application_id), input.fileId),
        };
      });
      const answer = await stampFile(deps, auth, file, signer, 'print', async (trx, copy) => {
        const printId = nextId();
        const printed = await trx
          .insertInto('business_archive_print_log')
          .values({
            id: printId,
            tenant_id: auth.tenantId,
            archive_id: String(archive.id),
            application_id: String(archive.application_id),
            file_id: file.id,
            stamped_file_id: copy.id,
            user_id: auth.userId,
          })
          .returning('printed_at')
          .executeTakeFirstOrThrow();
        const claims = { tenantId: auth.tenantId, userId: auth.userId, fileId: printClaim(printId) };
        return {
          printId,
          archiveId: String(archive.id),
          fileId: String(file.id),
          stampedFileId: String(copy.id),
          originalFilename: copy.original_filename,
          printedAt: formatDateTime(printed.printed_at),
          authKey: signAuthKey(deps.settings.jwtSigningKey, claims),
        } satisfies SignaturePrintVO;
      });
      return c.json(ok(answer));
    },
  );

  // The files the print dialog offers: the archive's application's electronic archive.
  serve(printFilesAction, async ({ trx, auth, input }) => {
    await assertStaff(trx, auth);
    const archive = await trx
      .selectFrom('business_paper_archive')
      .select('application_id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.archiveId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!archive) throw new NotFoundError();
    return filesOfApplication(trx, auth, String(archive.application_id));
  });

  // The stamped copy of a print, inline, to open for printing: the print button's holders, with the print's key.
  router.get(PAPER_ARCHIVE_CALLS.printOpen.path, permit(deps, startSignatureAction.access), async (c) => {
    const auth = c.get('auth');
    const input = printOpenQuery.parse(c.req.query());
    const claims = { tenantId: auth.tenantId, userId: auth.userId, fileId: printClaim(input.id) };
    if (!verifyAuthKey(deps.settings.jwtSigningKey, input.authKey, claims))
      throw new ForbiddenError('下载授权无效或已过期');
    const copy = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertStaff(trx, auth);
      const row = await trx
        .selectFrom('business_archive_print_log as l')
        .innerJoin('blade_file as f', (j) =>
          j.onRef('f.id', '=', 'l.stamped_file_id').on('f.tenant_id', '=', auth.tenantId),
        )
        .selectAll('f')
        .where('l.tenant_id', '=', auth.tenantId)
        .where('l.id', '=', input.id)
        .where('f.is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(MSG_FILE_NOT_FOUND);
      return row as FileRow;
    });
    return streamFile(deps, copy, c);
  });

  return router;
}

const EXPIRED = 'paperArchive.error.view_expired';
