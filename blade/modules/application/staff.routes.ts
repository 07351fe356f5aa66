import { Hono } from 'hono';
import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { APPLICATION_STATES } from '../../../lib/contracts/application/machine';
import {
  acceptedBusinessPage,
  cccBusinessPage,
  CNEX_TYPE_LISTS,
  cnexBusinessPage,
  cqstBusinessPage,
  draftBusinessPage,
  retreatBusinessPage,
} from '../../../lib/contracts/application/staff';
import type { ResourceDef } from '../../../lib/contracts/resource';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { ForbiddenError } from '../../core/errors';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { permit } from '../../core/permission';
import { parseQuery } from '../../core/validation';
import { withTenant } from '../../db/tenant';
import { certificateRoutes } from './certificate.routes';
import { factoryCheckRoutes } from './factory-check.routes';
import { flowRoutes } from './flow.routes';
import { applicationVOs, visibleApplications } from './apply.repository';
import { type ApplicationRow } from './transition';
import { callerCompany } from '../../core/company';

/** An empty query parameter is an absent one (screens send every filter). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const int = blank(z.coerce.number().int().min(1).max(1_000_000).optional());
const fragment = z.string().trim().max(100).optional();

const pageQuery = z.object({
  current: int,
  size: int,
  productName: fragment,
  applicationNo: fragment,
  companyName: fragment,
  isFinished: blank(z.enum(['0', '1']).optional()),
  flowState: blank(z.enum(APPLICATION_STATES).optional()),
});
type PageQuery = z.output<typeof pageQuery>;

/**
 * States before acceptance and after a customer's withdrawal: not the accepted page's. Written as literals, the same
 * as the predicate of the page's partial index (migration 20261126T150300), so the planner can prove it applies.
 */
const NOT_ACCEPTED = sql.raw(`'draft', 'submitted', 'returned', 'withdrawn'`);

interface PageSlice {
  def: ResourceDef;
  path: string;
  /** The slice of applications the page shows, over `business_application as a`. */
  where: (q: PageQuery) => Expression<SqlBool>[];
}

const scheme = (s: string) => sql<SqlBool>`a.scheme = ${s}`;
const state = (s: string) => sql<SqlBool>`a.flow_state = ${s}`;
const notDraft = sql<SqlBool>`a.flow_state <> 'draft'`;
const optionalState = (q: PageQuery) => (q.flowState ? [state(q.flowState)] : []);

const SLICES: PageSlice[] = [
  {
    def: cccBusinessPage,
    path: cccBusinessPage.calls.list.path,
    where: () => [scheme('ccc'), state('submitted')],
  },
  {
    def: acceptedBusinessPage,
    path: acceptedBusinessPage.calls.list.path,
    where: (q) => [
      scheme('ccc'),
      sql<SqlBool>`a.flow_state not in (${NOT_ACCEPTED})`,
      ...(q.isFinished ? [sql<SqlBool>`a.is_finished = ${Number(q.isFinished)}`] : []),
      ...optionalState(q),
    ],
  },
  {
    def: retreatBusinessPage,
    path: retreatBusinessPage.calls.list.path,
    where: () => [scheme('ccc'), state('returned')],
  },
  {
    def: cqstBusinessPage,
    path: cqstBusinessPage.calls.list.path,
    where: (q) => [scheme('cqst'), notDraft, ...optionalState(q)],
  },
  {
    def: draftBusinessPage,
    path: draftBusinessPage.calls.list.path,
    where: () => [scheme('cqst'), state('draft')],
  },
  {
    def: cnexBusinessPage,
    path: cnexBusinessPage.calls.list.path,
    where: (q) => [scheme('cnex'), notDraft, ...optionalState(q)],
  },
  // The CNEx page's tabs: the same page code, one record type each.
  ...Object.entries(CNEX_TYPE_LISTS).map(([verb, type]) => ({
    def: cnexBusinessPage,
    path: `/blade-customer/paymentNote/${verb}`,
    where: (q: PageQuery) => [
      scheme('cnex'),
      sql<SqlBool>`a.cnex_type = ${type}`,
      notDraft,
      ...optionalState(q),
    ],
  })),
];

/**
 * The business-management pages (业务管理): one slice of applications each, newest first, searched by product name,
 * application number or company name (fragments, wildcards literal), under the staff data scope. Staff pages: a
 * customer user is refused even if a role gave it the code. The transition, samples, factory checks, timeline and
 * certificates are mounted here too, so the module has one entry in modules/resources.ts.
 */
export function applicationStaffRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  for (const slice of SLICES) {
    router.get(slice.path, permit(deps, slice.def.access.read), async (c) => {
      const auth = c.get('auth');
      const q = parseQuery(c, pageQuery);
      const page = pageRequest(q);
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        if ((await callerCompany(trx, auth)) !== null) throw new ForbiddenError();
        let base = await visibleApplications(trx, auth, null);
        for (const condition of slice.where(q)) base = base.where(condition);
        if (q.productName) base = base.where('a.product_name', 'like', contains(q.productName));
        if (q.applicationNo) base = base.where('a.application_no', 'like', contains(q.applicationNo));
        if (q.companyName) {
          const name = contains(q.companyName);
          base = base.where(({ exists, selectFrom }) =>
            exists(
              selectFrom('blade_customer_company as cc')
                .select('cc.id')
                .whereRef('cc.id', '=', 'a.company_id')
                .where('cc.tenant_id', '=', auth.tenantId)
                .where('cc.company_name', 'like', name),
            ),
          );
        }
        const { rows, total } = await fetchPage(
          base,
          (qb) => qb.selectAll('a'),
          page,
          [],
          [{ column: 'a.id', direction: 'desc' }],
        );
        const records = await applicationVOs(trx, auth.tenantId, rows as ApplicationRow[]);
        return toPage(records, total, page);
      });
      return c.json(ok(data));
    });
  }
  router.route('/', flowRoutes(deps));
  router.route('/', factoryCheckRoutes(deps));
  router.route('/', certificateRoutes(deps));
  return router;
}
