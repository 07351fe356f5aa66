import type { Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Db, Trx } from '../db/tenant';
import type { Sides } from '../../lib/contracts/action';
import type { AuthUser, Deps } from './context';
import { ForbiddenError } from './errors';
import { heldCodes } from './permission';
import { isPlatformAdmin } from './roles';
import type { AnyDb } from './crud';
import type { CompanyTable } from './lock';
import type { CompanyScope, RecordCaller } from './record-access';

/**
 * The two sides of the portal (DOMAIN §0): a customer is a user whose account names a customer company and who sees
 * only that company's records; staff are users without one. Every call that both sides make decides the side here,
 * in the call's transaction (one read of the caller's row): actions by their declared `sides`, definitions by their
 * `company` (core/crud.ts ownCompany), file owners by `callerCompanies`.
 */

export type Holds = (code: string) => boolean;

/** The caller's customer company, or null for staff (a user without one). */
export async function callerCompany(trx: Db, auth: AuthUser): Promise<string | null> {
  const row = await trx
    .selectFrom('blade_user')
    .select('company_id')
    .where('id', '=', auth.userId)
    .where('tenant_id', '=', auth.tenantId)
    .executeTakeFirst();
  return row?.company_id ?? null;
}

/**
 * The side an action declares (`sides`): a customer needs (one of) `sides.customer`, staff `sides.staff` (absent:
 * that side is 403). Answers the caller's company (null for staff) and what its roles hold (read in `trx`; a step may
 * need more codes than the side's, e.g. an issue that also accepts).
 */
export async function sideOf(
  deps: Deps,
  trx: Trx,
  auth: AuthUser,
  sides: Sides,
): Promise<{ company: string | null; holds: Holds }> {
  const held = await heldCodes(deps, auth, trx);
  const holds: Holds = (code) => isPlatformAdmin(auth) || held.has(code);
  const company = await callerCompany(trx, auth);
  const codes = company === null ? sides.staff : sides.customer;
  if (codes !== true && (codes === undefined || ![codes].flat().some(holds))) throw new ForbiddenError();
  return { company, holds };
}

/**
 * The companies a record caller sees: all for staff, their own for a customer. The `company.of` of every record owner
 * whose rows carry a company (applications, payment notes, invoices, changes, mark orders).
 */
export async function callerCompanies(caller: RecordCaller, trx: Db): Promise<CompanyScope> {
  const company = await callerCompany(trx, caller.auth);
  return company === null ? { all: true } : { all: false, companies: [company] };
}

/**
 * A customer's own live row of a company table, as a record owner's `changeable` reads a record's state (a draft's
 * files may change, a submitted one's not): undefined for staff, who have no company, and for any row not theirs.
 */
export async function callerCompanyRow<T extends CompanyTable>(
  trx: Trx,
  auth: AuthUser,
  table: T,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const company = await callerCompany(trx, auth);
  if (company === null) return undefined;
  // Kysely cannot check the columns of a table given as a parameter: the query is untyped.
  const untyped: AnyDb = trx;
  return (await untyped
    .selectFrom(table)
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('company_id', '=', company)
    .where('is_deleted', '=', 0)
    .executeTakeFirst()) as Selectable<Database[T]> | undefined;
}
