import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { isPlatformAdmin } from './roles';
import type { Database } from '../db/schema';
import type { Trx } from '../db/tenant';
import type { AuthUser, Deps } from './context';
import { dataScopeCondition, resolveDataScope, type DataScopeColumns } from './data-scope';
import { ForbiddenError, NotFoundError } from './errors';
import { heldCodes } from './permission';

/**
 * Files follow the business record they belong to (SECURITY 28). A record is named by a function code (`contract`,
 * `project`, …) and its id (`dataId`); the module that owns the function registers a RecordOwner for it, and every
 * call that reaches a record's files or catalogue asks the owner through a RecordGate:
 *
 * 1. the caller holds one of the owner's read codes — else 403 (whatever the id: nothing is revealed);
 * 2. the record is one the caller may see (the owner's table, data scope, company) — else 404, the answer for an id
 *    of another tenant;
 * 3. for a change (upload, edit, delete): the caller holds one of that change's codes and the owner's further rule
 *    allows it — else 403.
 *
 * Codes compare exactly, as everywhere (core/permission.ts): the platform administrator holds every code, a tenant's
 * administrator holds what its roles were granted (provisioning grants the tenant's whole menu set).
 */

/** What a call does with a record's files: see them, or one of the three changes the archive screens' buttons name. */
export type RecordAction = 'read' | 'upload' | 'edit' | 'delete';
export type RecordChange = Exclude<RecordAction, 'read'>;

/** Menu or button codes per action; holding any one of an action's codes is enough. */
export type RecordCodes = Readonly<Record<RecordAction, readonly string[]>>;

/** The record a file or catalogue call names. */
export interface RecordKey {
  functionCode: string;
  dataId: string;
}

/** The caller as an owner sees it: the verified identity and the codes its roles hold. */
export interface RecordCaller {
  auth: AuthUser;
  holds(codes: readonly string[]): boolean;
}

export interface RecordOwner {
  codes: RecordCodes;
  /** Whether the record exists for this caller (tenant, data scope, company). Omitted: every id is a record. */
  visible?(caller: RecordCaller, trx: Trx, dataId: string): Promise<boolean>;
  /** A rule beyond the codes for changing a visible record (e.g. an archived contract's files are frozen). */
  changeable?(caller: RecordCaller, trx: Trx, dataId: string, action: RecordChange): Promise<boolean>;
}

const owners = new Map<string, RecordOwner>();

/**
 * Declares who owns the records of one or more function codes. Called once per function when its module loads;
 * returns the removal (for tests). A second owner for a code is a programming error.
 */
export function registerRecordOwner(
  functionCodes: string | readonly string[],
  owner: RecordOwner,
): () => void {
  const codes = typeof functionCodes === 'string' ? [functionCodes] : [...functionCodes];
  for (const code of codes)
    if (owners.has(code)) throw new Error(`[blade] function ${code} already has a record owner`);
  for (const code of codes) owners.set(code, owner);
  return () => {
    for (const code of codes) if (owners.get(code) === owner) owners.delete(code);
  };
}

/** Which companies' records a caller sees: all (staff) or the listed ones (a customer's own; none at all when empty). */
export type CompanyScope = { all: true } | { all: false; companies: string[] };

export interface TableOwnerSpec {
  /** The business table, from code only. It has `tenant_id`, and `is_deleted` unless `softDelete` is false. */
  table: string;
  /** The column `dataId` is compared with (default `id`), and which values it can hold (default a bigint id). */
  idColumn?: string;
  isId?: (dataId: string) => boolean;
  softDelete?: boolean;
  codes: RecordCodes;
  /** Rows outside the caller's data scope over `resource` (core/data-scope.ts) are not seen. */
  dataScope?: { resource: string; columns: DataScopeColumns };
  /** Rows of other companies are not seen by a customer: `of` says which companies the caller sees. */
  company?: { column: string; of(caller: RecordCaller, trx: Trx): Promise<CompanyScope> };
  changeable?: RecordOwner['changeable'];
}

const BIGINT_MAX = 2n ** 63n - 1n;
const isBigintId = (value: string) => /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= BIGINT_MAX;

/** An owner over a business table: the row must exist in the caller's tenant, data scope and company. */
export function tableRecordOwner(spec: TableOwnerSpec): RecordOwner {
  const isId = spec.isId ?? isBigintId;
  return {
    codes: spec.codes,
    changeable: spec.changeable,
    async visible(caller, trx, dataId) {
      // A value the id column cannot hold is no record (and must not become a cast error).
      if (!isId(dataId)) return false;
      const where: Expression<SqlBool>[] = [
        sql<SqlBool>`${sql.ref('tenant_id')} = ${caller.auth.tenantId}`,
        sql<SqlBool>`${sql.ref(spec.idColumn ?? 'id')} = ${dataId}`,
      ];
      if (spec.softDelete !== false) where.push(sql<SqlBool>`${sql.ref('is_deleted')} = 0`);
      if (spec.dataScope) {
        const scope = await resolveDataScope(trx, caller.auth, spec.dataScope.resource);
        where.push(dataScopeCondition(expressionBuilder<Database>(), scope, spec.dataScope.columns));
      }
      if (spec.company) {
        const seen = await spec.company.of(caller, trx);
        if (!seen.all) {
          if (seen.companies.length === 0) return false;
          where.push(
            sql<SqlBool>`${sql.ref(spec.company.column)} in (${sql.join(seen.companies.map((c) => sql`${c}`))})`,
          );
        }
      }
      const found =
        await sql`select 1 from ${sql.table(spec.table)} where ${sql.join(where, sql` and `)} limit 1`.execute(
          trx,
        );
      return found.rows.length > 0;
    },
  };
}

/** What a caller may do to one record's files: each action it may take, as the answers' flags show them. */
export type RecordRights = Readonly<Record<RecordAction, boolean>>;

const NO_RIGHTS: RecordRights = { read: false, upload: false, edit: false, delete: false };
const CHANGES: readonly RecordChange[] = ['upload', 'edit', 'delete'];

/** One caller's checks against records, for one request (decisions on a record are remembered for it). */
export class RecordGate {
  readonly #seen = new Map<string, boolean>();

  constructor(
    readonly caller: RecordCaller,
    private readonly fallback: RecordOwner,
  ) {}

  /**
   * Throws unless the caller may do `action` to the record's files: 403 without the codes or the owner's consent,
   * 404 (`notFound`) when the record is not one the caller sees. Functions nobody registered use the fallback.
   */
  async demand(trx: Trx, record: RecordKey, action: RecordAction, notFound = '数据不存在'): Promise<void> {
    const owner = this.#ownerOf(record);
    if (!this.caller.holds(owner.codes.read)) throw new ForbiddenError();
    if (!(await this.#visible(trx, owner, record))) throw new NotFoundError(notFound);
    if (action === 'read') return;
    if (!(await this.#changeable(trx, owner, record, action))) throw new ForbiddenError();
  }

  /**
   * Everything the caller may do to the record's files, by the same rules as `demand`, without throwing: what an
   * answer's flags show (a button the server would refuse is not offered). Every right is false for a record the
   * caller may not read.
   */
  async rights(trx: Trx, record: RecordKey): Promise<RecordRights> {
    const owner = this.#ownerOf(record);
    if (!this.caller.holds(owner.codes.read) || !(await this.#visible(trx, owner, record))) return NO_RIGHTS;
    const rights = { read: true, upload: false, edit: false, delete: false };
    // One after another: the owner's rule may query, and a transaction is one connection.
    for (const change of CHANGES) rights[change] = await this.#changeable(trx, owner, record, change);
    return rights;
  }

  #ownerOf(record: RecordKey): RecordOwner {
    return owners.get(record.functionCode) ?? this.fallback;
  }

  async #visible(trx: Trx, owner: RecordOwner, record: RecordKey): Promise<boolean> {
    if (!owner.visible) return true;
    const key = `${record.functionCode}\u0000${record.dataId}`;
    let seen = this.#seen.get(key);
    if (seen === undefined) {
      seen = await owner.visible(this.caller, trx, record.dataId);
      this.#seen.set(key, seen);
    }
    return seen;
  }

  async #changeable(trx: Trx, owner: RecordOwner, record: RecordKey, change: RecordChange): Promise<boolean> {
    if (!this.caller.holds(owner.codes[change])) return false;
    return !owner.changeable || owner.changeable(this.caller, trx, record.dataId, change);
  }
}

/**
 * The gate for one request. Reads the caller's codes first: outside any transaction, or inside the call's own `trx`
 * (PGlite has one connection, so it must not open a second one while the caller's withTenant is open).
 */
export async function recordGate(
  deps: Deps,
  auth: AuthUser,
  fallback: RecordOwner,
  trx?: Trx,
): Promise<RecordGate> {
  const held = await heldCodes(deps, auth, trx);
  const platform = isPlatformAdmin(auth);
  return new RecordGate(
    { auth, holds: (codes) => platform || codes.some((code) => held.has(code)) },
    fallback,
  );
}
