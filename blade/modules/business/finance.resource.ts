import { Hono } from 'hono';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { contractAcceptance, contractEnd, contractResource } from '../../../lib/contracts/business/contract';
import {
  batchAbnormalHandling,
  batchBankTransactionNumber,
  contractBatchResource,
} from '../../../lib/contracts/business/contract-batch';
import {
  projectAcceptance,
  projectResource,
  projectUpdateState,
} from '../../../lib/contracts/business/project';
import { invoiceResource, invoiceUpload } from '../../../lib/contracts/business/invoice';
import { realIncomeResource } from '../../../lib/contracts/business/real-income';
import { Readable } from 'node:stream';
import { actionRouter } from '../../core/action';
import type { ResourceDef } from '../../../lib/contracts/resource';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { blank, calendarDay, idSchema } from '../../../lib/contracts/inputs';
import { liveRows, type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { readParams } from '../../core/input';
import { ok } from '../../core/envelope';
import { permit } from '../../core/permission';
import { withTenant, type Trx } from '../../db/tenant';
import { PARSED_UPLOAD_BYTES } from '../../core/body-limit';
import { storeStream } from '../files/file.service';
import { lockContracts, lockProjects, recomputeFromContract, recomputeProject } from './amounts';

import { namesOf, reach, refuseIfReferred } from './rows';
// Registers who owns the files of projects, contracts and invoices (the archive trees, the scans).
import { INVOICE_SCAN_FUNCTION } from './archives';

/** Projects and contracts may change while they run: 立项 or 执行中, 执行中. */
const OPEN_PROJECT = ['1', '2'];
const notAllowed = () => new KeyedError('common.transition.notAllowed');

export const projectHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    if (!id) {
      // A project belongs to its creator's department: the `project` data scope reads it on everything below.
      values.dept_id = auth.deptIds[0] ?? null;
      return;
    }
    await lockProjects(trx, auth.tenantId, [id]);
    const row = await reach(trx, projectResource, auth, id);
    if (!OPEN_PROJECT.includes(String(row.project_status))) throw notAllowed();
  },
  async beforeRemove({ trx, auth }, ids) {
    await lockProjects(trx, auth.tenantId, ids);
    await refuseIfReferred(trx, 'business_contract', 'project_id', ids, 'business.project.hasContracts');
    await refuseIfReferred(trx, 'business_real_cost', 'project_id', ids, 'business.project.hasCosts');
    // Its field work and its event log are its history: a project that has any is not deleted (terminate it).
    for (const table of ['business_field_task', 'business_event_record', 'business_devops_record'] as const)
      await refuseIfReferred(trx, table, 'project_id', ids, 'business.project.hasRecords');
  },
  async afterRemove({ trx, auth }, ids) {
    // Its budget lines have no meaning without the project.
    await trx
      .updateTable('business_cost_plan')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('project_id', 'in', ids)
      .execute();
  },
};

export const contractHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    const projectId = String(values.project_id);
    if (!id) {
      await lockProjects(trx, auth.tenantId, [projectId]);
      const project = await reach(trx, projectResource, auth, projectId);
      if (!OPEN_PROJECT.includes(String(project.project_status)))
        throw new KeyedError('business.contract.projectClosed');
      values.dept_id = project.dept_id;
      return;
    }
    await lockContracts(trx, auth.tenantId, [id]);
    const row = await reach(trx, contractResource, auth, id);
    if (String(row.contract_status) !== '1') throw notAllowed();
    if (String(row.project_id) !== projectId) throw new KeyedError('business.contract.projectFixed');
    if (values.contract_amount !== row.contract_amount) {
      const { room, fits } = await invoiceRoom(trx, id, '0.00', null, String(values.contract_amount));
      if (!fits) throw new KeyedError('business.contract.belowInvoiced', { room });
      await refuseIfReferred(
        trx,
        'business_contract_batch',
        'contract_id',
        [id],
        'business.contract.amountFixed',
      );
    }
  },
  async afterWrite({ trx }, _values, id) {
    await recomputeFromContract(trx, id);
  },
  async beforeRemove({ trx, auth }, ids) {
    await lockContracts(trx, auth.tenantId, ids);
    await refuseIfReferred(trx, 'business_real_income', 'contract_id', ids, 'business.contract.hasIncome');
    await refuseIfReferred(trx, 'business_invoice', 'contract_id', ids, 'business.contract.hasInvoices');
  },
  async afterRemove({ trx, auth }, ids) {
    // The batches go with their contract (none has money against it: see beforeRemove).
    await trx
      .updateTable('business_contract_batch')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('contract_id', 'in', ids)
      .execute();
    const projects = await trx
      .selectFrom('business_contract')
      .select('project_id')
      .distinct()
      .where('id', 'in', ids)
      .execute();
    for (const { project_id } of projects) await recomputeProject(trx, project_id);
  },
  async presentAll({ trx }, rows) {
    const projects = await namesOf(trx, 'business_project', rows, 'project_id');
    return rows.map((r) => ({
      contractId: r.id,
      projectName: projects.get(String(r.project_id))?.project_name ?? '',
    }));
  },
};

/** Percent and amount texts compared as numeric by the database, never as floats. */
async function percentRoom(trx: Trx, contractId: string, percent: string, id: string | null) {
  const room = await sql<{ room: string; fits: boolean }>`
    select 100 - coalesce(sum(percent), 0) as room, coalesce(sum(percent), 0) + ${percent}::numeric <= 100 as fits
      from business_contract_batch
     where contract_id = ${contractId} and is_deleted = 0 and id <> ${id ?? '0'}`.execute(trx);
  return room.rows[0];
}

/**
 * `unpaid=1`: batches that have received less than their amount (received_amount < batch_amount, i.e. unpaid_amount >
 * 0), abnormal or not; `unpaid=0`: the others (received at least the amount). Blank: every batch.
 */
const unpaidFilter = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : String(v)),
  z.enum(['0', '1'], { error: zhText('business.batch.unpaidInvalid') }).optional(),
);

export const contractBatchHooks: CrudHooks = {
  async listCondition(_ctx, params) {
    const unpaid = unpaidFilter.parse(params.unpaid);
    if (unpaid === undefined) return undefined;
    return unpaid === '1'
      ? sql<boolean>`business_contract_batch.received_amount < business_contract_batch.batch_amount`
      : sql<boolean>`business_contract_batch.received_amount >= business_contract_batch.batch_amount`;
  },
  async beforeWrite({ trx, auth }, values, id) {
    const contractId = String(values.contract_id);
    await lockContracts(trx, auth.tenantId, [contractId]);
    const contract = await reach(trx, contractResource, auth, contractId);
    if (String(contract.contract_status) !== '1') throw new KeyedError('business.batch.contractClosed');
    if (id) {
      const row = await reach(trx, contractBatchResource, auth, id);
      if (String(row.contract_id) !== contractId) throw new KeyedError('business.batch.contractFixed');
    }
    const percent = String(values.percent);
    if (/^0+\.00$/.test(percent)) throw new KeyedError('business.batch.percentPositive');
    const { room, fits } = await percentRoom(trx, contractId, percent, id);
    if (!fits) throw new KeyedError('business.batch.percentOver', { room: String(room) });
    values.dept_id = contract.dept_id;
  },
  async afterWrite({ trx }, values) {
    const contractId = String(values.contract_id);
    await recomputeFromContract(trx, contractId);
    // A smaller share may not leave a batch owing less than it has received (unless handled as abnormal).
    const short = await trx
      .selectFrom('business_contract_batch')
      .select('batch_name')
      .where('contract_id', '=', contractId)
      .where('is_deleted', '=', 0)
      .where('abnormal', '=', 0)
      .where(sql<boolean>`batch_amount < received_amount`)
      .executeTakeFirst();
    if (short) throw new KeyedError('business.batch.belowReceived', { name: short.batch_name });
  },
  async beforeRemove({ trx, auth }, ids) {
    const contracts = await contractsOf(trx, 'business_contract_batch', ids);
    await lockContracts(trx, auth.tenantId, contracts);
    const open = await trx
      .selectFrom('business_contract')
      .select('id')
      .where('id', 'in', contracts.length ? contracts : ['0'])
      .where('contract_status', '<>', '1')
      .executeTakeFirst();
    if (open) throw new KeyedError('business.batch.contractClosed');
    await refuseIfReferred(trx, 'business_real_income', 'batch_id', ids, 'business.batch.hasIncome');
  },
  async afterRemove({ trx }, ids) {
    for (const contractId of await contractsOf(trx, 'business_contract_batch', ids))
      await recomputeFromContract(trx, contractId);
  },
  async presentAll({ trx }, rows) {
    const contracts = await namesOf(trx, 'business_contract', rows, 'contract_id');
    return rows.map((r) => ({
      paymentBatchId: r.id,
      contractCode: contracts.get(String(r.contract_id))?.contract_code ?? '',
    }));
  },
};

/** The contracts the rows (batches or receipts) belong to, removed or not. */
async function contractsOf(
  trx: Trx,
  table: 'business_contract_batch' | 'business_real_income',
  ids: string[],
) {
  const rows = await trx.selectFrom(table).select('contract_id').distinct().where('id', 'in', ids).execute();
  return rows.map((r) => r.contract_id);
}

/** A calendar day `yyyy-MM-dd` that exists (2026-02-30 does not); blank = no bound. */
const dayBound = blank(calendarDay(zhText('business.income.dateInvalid')));

/**
 * `receivedFrom` / `receivedTo`: receipts whose received day is on or after / on or before the day (both inclusive;
 * received_date is a calendar day, no time zone). A start after the end is refused.
 */
export function receivedRange(params: Readonly<Record<string, unknown>>) {
  const from = dayBound.parse(params.receivedFrom);
  const to = dayBound.parse(params.receivedTo);
  if (from && to && from > to) throw new KeyedError('business.income.rangeReversed');
  return { from, to };
}

export const realIncomeHooks: CrudHooks = {
  // The project's receipts (its detail page: those of its contracts) and the received-day range (the dashboard's
  // month), both optional.
  async listCondition(_ctx, params) {
    const conditions: Expression<SqlBool>[] = [];
    if (params.projectId !== undefined && params.projectId !== '') {
      const projectId = idSchema.parse(params.projectId);
      conditions.push(
        sql<boolean>`business_real_income.contract_id in (select id from business_contract where project_id = ${projectId})`,
      );
    }
    const { from, to } = receivedRange(params);
    if (from) conditions.push(sql<boolean>`business_real_income.received_date >= ${from}::date`);
    if (to) conditions.push(sql<boolean>`business_real_income.received_date <= ${to}::date`);
    return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` and `)})` : undefined;
  },
  async beforeWrite({ trx, auth }, values, id) {
    const batchId = String(values.batch_id);
    const batch = await trx
      .selectFrom('business_contract_batch')
      .select('contract_id')
      .where('id', '=', batchId)
      .where('tenant_id', '=', auth.tenantId)
      .executeTakeFirst();
    if (!batch) throw new NotFoundError();
    await lockContracts(trx, auth.tenantId, [batch.contract_id]);
    const locked = await reach(trx, contractBatchResource, auth, batchId);
    let previous = '0';
    if (id) {
      const row = await reach(trx, realIncomeResource, auth, id);
      if (String(row.batch_id) !== batchId) throw new KeyedError('business.income.batchFixed');
      previous = String(row.received_amount);
    }
    const amount = String(values.received_amount);
    if (/^0+\.00$/.test(amount)) throw new KeyedError('business.income.amountPositive');
    if (Number(locked.abnormal) !== 1) {
      // The batch's amounts are current: every write of its receipts recomputes them under the same locks.
      const check = await sql<{ unpaid: string; fits: boolean }>`
        select batch_amount - received_amount + ${previous}::numeric as unpaid,
               ${amount}::numeric <= batch_amount - received_amount + ${previous}::numeric as fits
          from business_contract_batch where id = ${batchId}`.execute(trx);
      const { unpaid, fits } = check.rows[0];
      if (!fits) throw new KeyedError('business.income.overUnpaid', { unpaid });
    }
    values.contract_id = batch.contract_id;
    values.dept_id = locked.dept_id;
  },
  async afterWrite({ trx }, values) {
    await recomputeFromContract(trx, String(values.contract_id));
  },
  async beforeRemove({ trx, auth }, ids) {
    await lockContracts(trx, auth.tenantId, await contractsOf(trx, 'business_real_income', ids));
  },
  async afterRemove({ trx }, ids) {
    for (const contractId of await contractsOf(trx, 'business_real_income', ids))
      await recomputeFromContract(trx, contractId);
  },
  async presentAll({ trx }, rows) {
    const contracts = await namesOf(trx, 'business_contract', rows, 'contract_id');
    const batches = await namesOf(trx, 'business_contract_batch', rows, 'batch_id');
    return rows.map((r) => ({
      contractCode: contracts.get(String(r.contract_id))?.contract_code ?? '',
      contractName: contracts.get(String(r.contract_id))?.contract_name ?? '',
      batchName: batches.get(String(r.batch_id))?.batch_name ?? '',
    }));
  },
};

/** Invoices that stand (situation 1) count against the contract's amount; red-flushed and voided ones do not. */
const STANDING = '1';

/**
 * What the contract's standing invoices, other than `id`, leave of `limit` (the contract's amount unless given), and
 * whether `amount` fits in it: numeric arithmetic in the database.
 */
async function invoiceRoom(trx: Trx, contractId: string, amount: string, id: string | null, limit?: string) {
  const result = await sql<{ room: string; fits: boolean }>`
    select x.limit_amount - x.invoiced as room, x.invoiced + ${amount}::numeric <= x.limit_amount as fits
      from (select coalesce(${limit ?? null}::numeric, c.contract_amount) as limit_amount,
                   coalesce((select sum(i.invoice_amount) from business_invoice i
                              where i.contract_id = c.id and i.is_deleted = 0 and i.invoice_situation = ${STANDING}
                                and i.id <> ${id ?? '0'}), 0) as invoiced
              from business_contract c where c.id = ${contractId}) x`.execute(trx);
  return result.rows[0];
}

/**
 * The scan an invoice names: one the caller uploaded that belongs to no record yet (the form uploads before the
 * invoice exists), or the invoice's own. Anything else — another user's loose upload, a file of another record, an id
 * that is not the tenant's (row-level security hides those) — is refused as not there.
 */
async function checkScan(trx: Trx, auth: AuthUser, fileId: string, invoiceId: string | null) {
  const file = await trx
    .selectFrom('blade_file')
    .select(['function_code', 'data_id', 'create_user'])
    .where('id', '=', fileId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const loose = file?.function_code == null && file?.create_user === auth.userId;
  const own = !!invoiceId && file?.function_code === INVOICE_SCAN_FUNCTION && file.data_id === invoiceId;
  if (!file || !(loose || own)) throw new KeyedError('business.invoice.fileInvalid');
}

/** From its save on, the scan is the invoice's record and is read as the invoice is (archives.ts). */
async function bindScan(trx: Trx, fileId: string, invoiceId: string) {
  await trx
    .updateTable('blade_file')
    .set({ function_code: INVOICE_SCAN_FUNCTION, data_id: invoiceId })
    .where('id', '=', fileId)
    .where('function_code', 'is', null)
    .execute();
}

export const invoiceHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    const contractId = String(values.contract_id);
    await lockContracts(trx, auth.tenantId, [contractId]);
    const contract = await reach(trx, contractResource, auth, contractId);
    if (id) {
      const row = await reach(trx, invoiceResource, auth, id);
      if (String(row.contract_id) !== contractId) throw new KeyedError('business.invoice.contractFixed');
    }
    const amount = String(values.invoice_amount);
    if (values.taxes_amount != null) {
      const taxes = await sql<{
        over: boolean;
      }>`select ${String(values.taxes_amount)}::numeric > ${amount}::numeric as over`.execute(trx);
      if (taxes.rows[0].over) throw new KeyedError('business.invoice.taxesOver');
    }
    if ((values.invoice_situation ?? STANDING) === STANDING) {
      const { room, fits } = await invoiceRoom(trx, contractId, amount, id);
      if (!fits) throw new KeyedError('business.invoice.overContract', { room });
    }
    if (values.file_id) await checkScan(trx, auth, String(values.file_id), id);
    values.project_id = contract.project_id;
    values.dept_id = contract.dept_id;
  },
  async afterWrite({ trx }, values, id) {
    if (values.file_id) await bindScan(trx, String(values.file_id), id);
  },
  async presentAll({ trx }, rows) {
    const contracts = await namesOf(trx, 'business_contract', rows, 'contract_id');
    return rows.map((r) => ({
      contractCode: contracts.get(String(r.contract_id))?.contract_code ?? '',
      contractName: contracts.get(String(r.contract_id))?.contract_name ?? '',
    }));
  },
};

/** The finish's day, the warranty in months and its end, computed by the database. */
type AcceptanceInput = { id: string; acceptanceDate: string; warrantyPeriod: number };
const acceptanceValues = (input: AcceptanceInput) => ({
  acceptance_date: input.acceptanceDate,
  warranty_period: input.warrantyPeriod,
  warranty_expire: sql<string>`(${input.acceptanceDate}::date + make_interval(months => ${input.warrantyPeriod}))::date`,
});

export function projectActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  serve(projectUpdateState, async ({ trx, auth, input }) => {
    await reach(trx, projectResource, auth, input.id);
    return null;
  });
  serve(projectAcceptance, async ({ trx, auth, input }) => {
    await reach(trx, projectResource, auth, input.id);
    const open = await trx
      .selectFrom('business_contract')
      .select('contract_code')
      .where('project_id', '=', input.id)
      .where('is_deleted', '=', 0)
      .where('contract_status', '=', '1')
      .executeTakeFirst();
    if (open) throw new KeyedError('business.project.contractsOpen', { code: open.contract_code });
    await trx
      .updateTable('business_project')
      .set(acceptanceValues(input))
      .where('id', '=', input.id)
      .execute();
    return null;
  });
  return router;
}

/** An action's handler that sets columns of the record it names, once the caller's tenant and data scope reach it. */
const setOnReached =
  <I extends { id: string }>(
    def: ResourceDef,
    values: (input: I, auth: AuthUser) => Record<string, unknown>,
  ) =>
  async ({ trx, auth, input }: { trx: Trx; auth: AuthUser; input: I }) => {
    await reach(trx, def, auth, input.id);
    await trx
      .updateTable(def.table as 'business_contract')
      .set(values(input, auth))
      .where('id', '=', input.id)
      .execute();
    return null;
  };

export function contractActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  serve(contractAcceptance, setOnReached<AcceptanceInput>(contractResource, acceptanceValues));
  serve(
    contractEnd,
    setOnReached(contractResource, (input) => ({ remark: input.remark })),
  );
  return router;
}

export function contractBatchActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  serve(
    batchBankTransactionNumber,
    setOnReached(contractBatchResource, (input, auth) => ({
      bank_transaction_number: input.bankTransactionNumber,
      update_user: auth.userId,
      update_time: sql`now()`,
    })),
  );
  serve(
    batchAbnormalHandling,
    setOnReached(contractBatchResource, (input) => ({ abnormal_reason: input.abnormalReason })),
  );
  return router;
}

/**
 * The invoice's scan. Stored outside any transaction of ours (the files module commits its own, and on PGlite's one
 * connection a store inside a held transaction would wait for itself): the invoice is checked before the file is
 * stored, and again, locked, when the file id is set.
 */
export function invoiceActions(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  const { method, path } = invoiceUpload.call;
  router.on(method, path, permit(deps, invoiceUpload.access), async (c) => {
    const auth = c.get('auth');
    const input = invoiceUpload.input.parse(await readParams(c));
    const setScan = async (fileId?: string) =>
      withTenant(deps.db, auth.tenantId, async (trx) => {
        if (!input.id) return;
        const invoice = await trx
          .selectFrom('business_invoice')
          .select('contract_id')
          .where('id', '=', input.id)
          .where('tenant_id', '=', auth.tenantId)
          .executeTakeFirst();
        if (!invoice) throw new NotFoundError();
        await lockContracts(trx, auth.tenantId, [invoice.contract_id]);
        await reach(trx, invoiceResource, auth, input.id);
        if (!fileId) return;
        await trx
          .updateTable('business_invoice')
          .set({ file_id: fileId, update_user: auth.userId, update_time: sql`now()` })
          .where('id', '=', input.id)
          .execute();
        await bindScan(trx, fileId, input.id);
      });
    await setScan();
    const fileId = await storeStream(deps, auth, {
      stream: Readable.fromWeb(input.file.stream() as never),
      originalName: input.file.name,
      maxMb: PARSED_UPLOAD_BYTES / 1024 / 1024,
      extensions: ['png', 'jpg', 'jpeg'],
    });
    await setScan(fileId);
    return c.json(ok({ fileId }));
  });
  return router;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first and last day of a `yyyy-MM` month. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * GET /business-service/realIncome/monthSummary?month=yyyy-MM (beyond the catalogue; the dashboard's receipts tile):
 * the month's receipts the caller reaches — their number, which is the receipt list's total for receivedFrom/To of
 * the month, and their sum — and the planned sum: the amounts of the batches (reached alike) whose planned day is in
 * the month. Sums by the database, answered as decimal text.
 */
export function realIncomeActions(deps: Deps): Hono<BladeEnv> {
  return new Hono<BladeEnv>().get(
    '/business-service/realIncome/monthSummary',
    permit(deps, realIncomeResource.access.read),
    async (c) => {
      const auth = c.get('auth');
      const month = (c.req.query('month') ?? '').trim();
      if (!MONTH.test(month)) throw new KeyedError('business.income.monthInvalid');
      const { from, to } = monthDays(month);
      const figures = await withTenant(deps.db, auth.tenantId, async (trx) => {
        const receipts = await (
          await liveRows(trx, realIncomeResource, auth)
        )
          .where(sql<boolean>`business_real_income.received_date between ${from}::date and ${to}::date`)
          .select([
            sql<string>`count(*)::text`.as('count'),
            sql<string>`coalesce(sum(business_real_income.received_amount), 0)::numeric(18,2)::text`.as(
              'sum',
            ),
          ])
          .executeTakeFirstOrThrow();
        const plan = await (
          await liveRows(trx, contractBatchResource, auth)
        )
          .where(sql<boolean>`business_contract_batch.planned_date between ${from}::date and ${to}::date`)
          .select(
            sql<string>`coalesce(sum(business_contract_batch.batch_amount), 0)::numeric(18,2)::text`.as(
              'sum',
            ),
          )
          .executeTakeFirstOrThrow();
        return { month, receiptCount: Number(receipts.count), received: receipts.sum, planned: plan.sum };
      });
      return c.json(ok(figures));
    },
  );
}
