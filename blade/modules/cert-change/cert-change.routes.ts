import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Translate } from '../../../lib/contracts/application/application';
import {
  CERT_CHANGE_ACTION,
  CERT_CHANGE_CODES,
  CERT_CHANGE_FUNCTIONS,
  CHANGE_STEP_NAMES,
  EDITABLE_CHANGE_STATES,
  classifyChange,
  classifyInput,
  saveChangeInput,
  type ChangeScheme,
  type ChangeState,
  type ChangeType,
  type UnifiedCertificateVO,
} from '../../../lib/contracts/cert-change/cert-change';
import { actionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { zhText } from '../../core/refusal-keys';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
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
import { callerCompanies, callerCompanyRow } from '../../core/company';

const zh: Translate = (key, values) => zhText(key, values);

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
      const row = await callerCompanyRow(trx, caller.auth, 'business_cert_change', dataId);
      return (
        row !== undefined &&
        CERT_CHANGE_FUNCTIONS[row.scheme as ChangeScheme] === functionCode &&
        EDITABLE_CHANGE_STATES.includes(row.change_state as ChangeState)
      );
    },
  });

export function certChangeRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  const A = CERT_CHANGE_ACTION;

  serve(A.canApply, ({ trx, auth, input, company }) => canApply(trx, auth, company, input.certificateId));
  serve(A.classify, async ({ input }) => {
    const { changeTypes, scheme } = classifyInput(zh).parse(input);
    return classifyChange(changeTypes, scheme ?? 'ccc');
  });

  for (const [action, scheme] of [
    [A.cccFiles, 'ccc'],
    [A.cqstFiles, 'cqst'],
    [A.files, null],
  ] as const)
    serve(action, async ({ trx, auth, input, company }) => {
      const change = input.id ? await findChange(trx, auth, company, input.id) : undefined;
      const own = scheme ?? (change?.scheme as ChangeScheme | undefined);
      // The generic call answers a change's own tree: without one there is no scheme to answer.
      if (!own) return [];
      if (change && change.scheme !== own) return [];
      const types = classifyChange((input.changeTypes ?? []) as ChangeType[], own).changeTypes;
      return changeFiles(trx, auth, own, change, types);
    });

  for (const [action, scheme] of [
    [A.saveCcc, 'ccc'],
    [A.saveCqst, 'cqst'],
  ] as const)
    serve(action, ({ trx, auth, input, company }) =>
      saveChange(trx, auth, company, scheme, saveChangeInput(zh).parse(input)),
    );

  for (const [action, scheme] of [
    [A.submitCcc, 'ccc'],
    [A.submitCqst, 'cqst'],
  ] as const)
    serve(action, ({ trx, auth, input, company }) => submitChange(trx, auth, company, scheme, input.id));

  for (const [action, scheme] of [
    [A.page, null],
    [A.cccPage, 'ccc'],
    [A.expProofPage, 'cqst'],
  ] as const)
    serve(action, async ({ trx, auth, input: q, company }) => {
      const page = pageRequest(q);
      let base = visibleChanges(trx, auth, company);
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

  serve(A.detail, ({ trx, auth, input, company }) => changeDetail(trx, auth, company, input.id));

  for (const name of CHANGE_STEP_NAMES)
    serve(A[name], ({ trx, auth, input }) => stepChange(trx, auth, name, input.id, input.reason));

  /**
   * Unified certificates (README): the current valid certificates grouped by company, holder and factory; a group's
   * validity is its earliest last day. A customer sees its company's groups, staff with the certificate page code.
   */
  serve(A.unifiedPage, async ({ trx, auth, input: q, company }) => {
    const page = pageRequest(q);
    const where = [
      sql`c.tenant_id = ${auth.tenantId}`,
      sql`c.is_deleted = 0`,
      sql`c.superseded_by is null`,
      sql`c.cert_status = 'valid'`,
      sql`c.valid_to >= current_date`,
      sql`c.company_id is not null`,
    ];
    if (company !== null) where.push(sql`c.company_id = ${company}`);
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

  return router;
}
