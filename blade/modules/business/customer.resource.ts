import { Hono } from 'hono';
import { customerImport, customerListForSelect } from '../../../lib/contracts/business/customer';
import { actionRouter } from '../../core/action';
import { PayloadTooLargeError } from '../../core/body-limit';
import type { BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { ok } from '../../core/envelope';
import { contains } from '../../core/page';
import { nextId } from '../../core/ids';
import { permit } from '../../core/permission';
import { withTenant, type Trx } from '../../db/tenant';
import {
  checkRows,
  importBytes,
  readSheet,
  sortProblems,
  type CustomerDraft,
  type ImportProblem,
} from './customer-import';

/** A live customer of the tenant, other than `id`, with this credit code. */
async function creditCodeTaken(trx: Trx, tenantId: string, code: string, id: string | null) {
  let q = trx
    .selectFrom('business_customer')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('credit_code', '=', code);
  if (id) q = q.where('id', '<>', id);
  return !!(await q.executeTakeFirst());
}

export const customerHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    // The name is the definition's `unique`; a credit code only when there is one (many customers have none).
    const code = values.credit_code;
    if (typeof code === 'string' && code && (await creditCodeTaken(trx, auth.tenantId, code, id)))
      throw new KeyedError('business.customer.creditCodeTaken');
  },
};

/**
 * PostgreSQL's unique violation (a concurrent writer stored the same name or credit code first) as the refusal of the
 * field whose index it hit; anything else as it is.
 */
function uniqueRefusal(err: unknown): unknown {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return err;
  return new KeyedError(
    String(constraint ?? '').includes('credit_code')
      ? 'business.customer.creditCodeTaken'
      : 'business.customer.nameTaken',
  );
}

/** The drafts whose name or credit code a live customer of the tenant already has. */
async function takenByStored(trx: Trx, tenantId: string, drafts: CustomerDraft[]): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const live = () =>
    trx.selectFrom('business_customer').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  const names = new Set(
    (
      await live()
        .select('customer_name')
        .where(
          'customer_name',
          'in',
          drafts.map((d) => d.values.customer_name),
        )
        .execute()
    ).map((r) => r.customer_name),
  );
  const codes = drafts.map((d) => d.values.credit_code).filter(Boolean);
  const takenCodes = new Set(
    codes.length
      ? (await live().select('credit_code').where('credit_code', 'in', codes).execute()).map(
          (r) => r.credit_code,
        )
      : [],
  );
  for (const { row, values } of drafts) {
    if (names.has(values.customer_name))
      problems.push({ row, field: 'customerName', message: zhText('business.customer.nameTaken') });
    if (values.credit_code && takenCodes.has(values.credit_code))
      problems.push({ row, field: 'creditCode', message: zhText('business.customer.creditCodeTaken') });
  }
  return problems;
}

/** Rows per insert statement: 8 columns of parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 500;

export function customerActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  serve(customerListForSelect, async ({ trx, auth, input }) => {
    let q = trx
      .selectFrom('business_customer')
      .select(['id', 'customer_name'])
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0);
    if (input.customerName) q = q.where('customer_name', 'ilike', contains(input.customerName));
    const rows = await q.orderBy('customer_name').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, customerName: r.customer_name }));
  });

  // The file is read here, not by readParams: a body that is no form, or a form without a file, is refused with the
  // import's own text; the body limit (core/body-limit.ts IMPORT_PATHS) stops a body past 5 MB while it streams.
  router.post(customerImport.call.path, permit(deps, customerImport.access), async (c) => {
    const auth = c.get('auth');
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? ''))
      throw new KeyedError('business.customer.import.fileRequired');
    const form = await c.req.parseBody().catch((err: unknown) => {
      if (err instanceof PayloadTooLargeError) throw err;
      throw new KeyedError('business.customer.import.fileRequired');
    });
    const file = form.file;
    if (!(file instanceof File)) throw new KeyedError('business.customer.import.fileRequired');
    const sheet = await readSheet(await importBytes(file));

    type Outcome = { problems: ImportProblem[] } | { imported: number };
    const outcome = await withTenant(deps.db, auth.tenantId, async (trx): Promise<Outcome> => {
      const types = (
        await trx
          .selectFrom('blade_dict')
          .select(['dict_key', 'dict_value'])
          .where('code', '=', 'customer_type')
          .where('parent_id', '<>', '0')
          .where('is_deleted', '=', 0)
          .execute()
      ).map((t) => ({ key: t.dict_key, label: t.dict_value }));
      const { drafts, problems } = checkRows(sheet, types);
      if (drafts.length) problems.push(...(await takenByStored(trx, auth.tenantId, drafts)));
      if (problems.length) return { problems: sortProblems(problems) };
      for (let i = 0; i < drafts.length; i += INSERT_CHUNK)
        await trx
          .insertInto('business_customer')
          .values(
            drafts.slice(i, i + INSERT_CHUNK).map((d) => ({
              id: nextId(),
              tenant_id: auth.tenantId,
              customer_name: d.values.customer_name,
              credit_code: d.values.credit_code,
              contact_name: d.values.contact_name,
              contact_phone: d.values.contact_phone,
              address: d.values.address,
              customer_type: d.values.customer_type,
              remark: d.values.remark,
              create_user: auth.userId,
              create_dept: auth.deptIds[0] ?? null,
              update_user: auth.userId,
            })),
          )
          .execute()
          .catch((err: unknown) => {
            throw uniqueRefusal(err);
          });
      return { imported: drafts.length };
    });

    if ('problems' in outcome) {
      const [first] = outcome.problems;
      const values = { row: first.row, message: first.message, count: outcome.problems.length };
      const key =
        outcome.problems.length === 1
          ? 'business.customer.import.rowError'
          : 'business.customer.import.rowErrors';
      return c.json(
        { code: 400, success: false, data: outcome.problems, msg: zhText(key, values), errorCode: key },
        400,
      );
    }
    return c.json(ok(outcome, zhText('business.customer.import.done', { count: outcome.imported })));
  });
  return router;
}
