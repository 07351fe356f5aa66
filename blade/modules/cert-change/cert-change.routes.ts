import { Hono, type Context } from 'hono';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Translate } from '../../../lib/contracts/application/application';
import {
  CERT_CHANGE_CALLS,
  CERT_CHANGE_CODES,
  CERT_CHANGE_FUNCTIONS,
  CHANGE_STATES,
  CHANGE_STEP_NAMES,
  CHANGE_STEPS,
  EDITABLE_CHANGE_STATES,
  changeIdInput,
  classifyChange,
  classifyInput,
  filesInput,
  saveChangeInput,
  stepInput,
  type ChangeScheme,
  type ChangeState,
  type ChangeStep,
  type ChangeType,
  type UnifiedCertificateVO,
} from '../../../lib/contracts/cert-change/cert-change';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { zhText } from '../../core/crud';
import { ok } from '../../core/envelope';
import { ForbiddenError } from '../../core/errors';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import { parseJson, parseQuery } from '../../core/validation';
import { withTenant, type Db } from '../../db/tenant';
import { callerCodes } from '../application/flow';
import {
  canApply,
  changeDetail,
  changeFiles,
  findChange,
  presentChange,
  saveChange,
  selectChange,
  stepChange,
  submitChange,
  visibleChanges,
  type ChangeListRow,
} from './cert-change.service';
import type { Database } from '../../db/schema';
import { callerCompanies, callerCompany, customerCompany, readerCompany } from '../../core/company';

const zh: Translate = (key, values) => zhText(key, values);
/** An empty query parameter is an absent one (screens send every filter). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const int = blank(z.coerce.number().int().min(1).max(1_000_000).optional());
const fragment = blank(z.string().trim().max(32).optional());
const pageQuery = z.object({
  current: int,
  size: int,
  changeState: blank(z.enum(CHANGE_STATES).optional()),
  certNumber: fragment,
  changeNo: fragment,
});
const idQuery = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/, '必须是有效的ID') });
const certificateQuery = z.object({
  certificateId: z.string().regex(/^[1-9]\d{0,18}$/, '必须是有效的ID'),
});
const unifiedQuery = z.object({
  current: int,
  size: int,
  holderName: blank(z.string().trim().max(100).optional()),
});
const filesBody = filesInput.extend({
  changeTypes: z.array(z.string()).max(20).optional(),
});

type Trx = Transaction<Database>;

/**
 * The caller's side: a customer (a user with a company) reads with 我的证书 (`my_certificate`), staff with the staff
 * page code (`pageCode`); anyone else is 403. Codes are read before the transaction (callerCodes).
 */
const reader = (
  trx: Db,
  auth: AuthUser,
  holds: (code: string) => boolean,
  pageCode: string = CERT_CHANGE_CODES.staffPage,
) => readerCompany(trx, auth, holds, { customer: CERT_CHANGE_CODES.customerRead, staff: pageCode });

/** A customer's write: a user of a company holding `application_apply`; staff are 403. */
const customerWriter = (trx: Db, auth: AuthUser, holds: (code: string) => boolean) =>
  customerCompany(trx, auth, holds, CERT_CHANGE_CODES.customerWrite);

/**
 * A change's files: read by its company's customers and the staff page; uploaded, edited and deleted by the
 * company's users holding `application_apply` while the change is a draft or returned (frozen once submitted).
 */
for (const functionCode of Object.values(CERT_CHANGE_FUNCTIONS))
  registerRecordOwner(functionCode, {
    ...tableRecordOwner({
      table: 'business_cert_change',
      codes: {
        read: [CERT_CHANGE_CODES.customerRead, CERT_CHANGE_CODES.staffPage],
        upload: [CERT_CHANGE_CODES.customerWrite],
        edit: [CERT_CHANGE_CODES.customerWrite],
        delete: [CERT_CHANGE_CODES.customerWrite],
      },
      company: { column: 'company_id', of: callerCompanies },
    }),
    async changeable(caller, trx, dataId) {
      const company = await callerCompany(trx as Trx, caller.auth);
      if (company === null) return false;
      const row = await (trx as Trx)
        .selectFrom('business_cert_change')
        .select(['change_state', 'scheme'])
        .where('tenant_id', '=', caller.auth.tenantId)
        .where('id', '=', dataId)
        .where('company_id', '=', company)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return (
        row !== undefined &&
        CERT_CHANGE_FUNCTIONS[row.scheme as ChangeScheme] === functionCode &&
        EDITABLE_CHANGE_STATES.includes(row.change_state as ChangeState)
      );
    },
  });

export function certChangeRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();

  router.get(CERT_CHANGE_CALLS.canApply.path, async (c) => {
    const auth = c.get('auth');
    const { certificateId } = parseQuery(c, certificateQuery);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, holds);
      // Staff apply for nothing: the question is the customer's.
      if (companyId === null) throw new ForbiddenError();
      return canApply(trx, auth, companyId, certificateId);
    });
    return c.json(ok(data));
  });

  router.post(CERT_CHANGE_CALLS.classify.path, async (c) => {
    const input = await parseJson(c, classifyInput(zh));
    return c.json(ok(classifyChange(input.changeTypes, input.scheme ?? 'ccc')));
  });

  const files = (scheme: ChangeScheme | null) => async (c: Context<BladeEnv>) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = await parseJson(c, filesBody);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, holds);
      const change = input.id ? await findChange(trx, auth, companyId, input.id) : undefined;
      const own = scheme ?? (change?.scheme as ChangeScheme | undefined);
      // The generic call answers a change's own tree: without one there is no scheme to answer.
      if (!own) return [];
      if (change && change.scheme !== own) return [];
      const types = classifyChange((input.changeTypes ?? []) as ChangeType[], own).changeTypes;
      return changeFiles(trx as Trx, auth, own, change, types);
    });
    return c.json(ok(data));
  };
  router.post(CERT_CHANGE_CALLS.cccFiles.path, files('ccc'));
  router.post(CERT_CHANGE_CALLS.cqstFiles.path, files('cqst'));
  router.post(CERT_CHANGE_CALLS.files.path, files(null));

  for (const [call, scheme] of [
    [CERT_CHANGE_CALLS.saveCcc, 'ccc'],
    [CERT_CHANGE_CALLS.saveCqst, 'cqst'],
  ] as const)
    router.post(call.path, async (c) => {
      const auth = c.get('auth');
      const holds = await callerCodes(deps, auth);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        const companyId = await customerWriter(trx, auth, holds);
        const input = await parseJson(c, saveChangeInput(zh));
        return saveChange(trx as Trx, auth, companyId, scheme, input);
      });
      return c.json(ok(data));
    });

  for (const [call, scheme] of [
    [CERT_CHANGE_CALLS.submitCcc, 'ccc'],
    [CERT_CHANGE_CALLS.submitCqst, 'cqst'],
  ] as const)
    router.post(call.path, async (c) => {
      const auth = c.get('auth');
      const holds = await callerCodes(deps, auth);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        const companyId = await customerWriter(trx, auth, holds);
        const { id } = await parseJson(c, changeIdInput);
        return submitChange(trx as Trx, auth, companyId, scheme, id);
      });
      return c.json(ok(data));
    });

  for (const [call, scheme] of [
    [CERT_CHANGE_CALLS.page, null],
    [CERT_CHANGE_CALLS.cccPage, 'ccc'],
    [CERT_CHANGE_CALLS.expProofPage, 'cqst'],
  ] as const)
    router.get(call.path, async (c) => {
      const auth = c.get('auth');
      const q = parseQuery(c, pageQuery);
      const page = pageRequest(q);
      const holds = await callerCodes(deps, auth);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        const companyId = await reader(trx, auth, holds);
        let base = visibleChanges(trx as Trx, auth, companyId);
        if (scheme) base = base.where('g.scheme', '=', scheme);
        if (q.changeState) base = base.where('g.change_state', '=', q.changeState);
        if (q.certNumber) base = base.where('g.cert_number', 'like', contains(q.certNumber));
        if (q.changeNo) base = base.where('g.change_no', 'like', contains(q.changeNo));
        const { rows, total } = await fetchPage(
          base,
          selectChange,
          page,
          [],
          [{ column: 'g.id', direction: 'desc' }],
        );
        return toPage((rows as ChangeListRow[]).map(presentChange), total, page);
      });
      return c.json(ok(data));
    });

  router.get(CERT_CHANGE_CALLS.detail.path, async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, idQuery);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) =>
      changeDetail(trx as Trx, auth, await reader(trx, auth, holds), id),
    );
    return c.json(ok(data));
  });

  for (const name of CHANGE_STEP_NAMES)
    router.post(CERT_CHANGE_CALLS[name as ChangeStep].path, async (c) => {
      const auth = c.get('auth');
      const holds = await callerCodes(deps, auth);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        if ((await callerCompany(trx as Trx, auth)) !== null || !holds(CHANGE_STEPS[name].code))
          throw new ForbiddenError();
        const input = await parseJson(c, stepInput);
        return stepChange(trx as Trx, auth, name, input.id, input.reason);
      });
      return c.json(ok(data));
    });

  /**
   * Unified certificates (README): the current valid certificates grouped by company, holder and factory; a group's
   * validity is its earliest last day. A customer sees its company's groups, staff with the certificate page code.
   */
  router.get(CERT_CHANGE_CALLS.unifiedPage.path, async (c) => {
    const auth = c.get('auth');
    const q = parseQuery(c, unifiedQuery);
    const page = pageRequest(q);
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, holds, CERT_CHANGE_CODES.certificatePage);
      const where = [
        sql`c.tenant_id = ${auth.tenantId}`,
        sql`c.is_deleted = 0`,
        sql`c.superseded_by is null`,
        sql`c.cert_status = 'valid'`,
        sql`c.valid_to >= current_date`,
        sql`c.company_id is not null`,
      ];
      if (companyId !== null) where.push(sql`c.company_id = ${companyId}`);
      if (q.holderName) where.push(sql`c.holder_name like ${contains(q.holderName)}`);
      const condition = sql.join(where, sql` and `);
      const total = await sql<{ total: string }>`select count(*) as total from (
          select 1 from business_certificate c where ${condition}
          group by c.company_id, c.holder_name, c.factory_name) g`.execute(trx);
      const groups = await sql<{
        company_id: string;
        holder_name: string;
        factory_name: string;
        company_name: string | null;
        cert_count: string;
        valid_to: string;
        certificates: UnifiedCertificateVO['certificates'];
      }>`select c.company_id, c.holder_name, c.factory_name, max(co.company_name) as company_name,
            count(*) as cert_count, to_char(min(c.valid_to), 'YYYY-MM-DD') as valid_to,
            jsonb_agg(jsonb_build_object('id', c.id::text, 'certNumber', c.cert_number, 'version', c.version,
              'scheme', c.scheme, 'productName', c.product_name,
              'validTo', to_char(c.valid_to, 'YYYY-MM-DD')) order by c.valid_to, c.cert_number) as certificates
          from business_certificate c
          left join blade_customer_company co on co.id = c.company_id
          where ${condition}
          group by c.company_id, c.holder_name, c.factory_name
          order by c.holder_name, c.factory_name, c.company_id
          limit ${page.size} offset ${page.offset}`.execute(trx);
      const records: UnifiedCertificateVO[] = groups.rows.map((g) => {
        const certificates = typeof g.certificates === 'string' ? JSON.parse(g.certificates) : g.certificates;
        return {
          key: `${g.company_id}:${g.holder_name}:${g.factory_name}`,
          companyId: String(g.company_id),
          companyName: g.company_name ?? '',
          holderName: g.holder_name,
          factoryName: g.factory_name,
          certCount: Number(g.cert_count),
          validTo: g.valid_to,
          certificates,
        };
      });
      return toPage(records, Number(total.rows[0]?.total ?? 0), page);
    });
    return c.json(ok(data));
  });

  return router;
}
