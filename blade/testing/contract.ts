import { sortableColumns, type CallDef, type ResourceDef } from '../../lib/contracts/resource';
import type { BladeOptions } from '../app';
import { zhText } from '../core/refusal-keys';
import { nextId } from '../core/ids';
import type { Db } from '../db/tenant';
import { addCompany, addCustomerUser } from '../modules/application/apply.test-helpers';
import { addRole, addTenant, grantMenus, userWithCodes as staffWithCodes } from './fixtures';
import {
  ADMIN_PASSWORD,
  createHarness,
  PLATFORM,
  SETUP_TIMEOUT,
  type CallResult,
  type Harness,
} from './harness';

/**
 * The contract suite every resource definition gets: round trip, the exact required texts, the unique keys, 403
 * without each right, 404 for another tenant's ids, the sort allowlist, the size clamp and all-or-nothing removal.
 * A resource's own test file calls `describeResource(def, { sample })`; hand-written tests cover business rules only.
 */
export interface ContractOptions<F extends Record<string, string> = Record<string, string>> {
  /** Rows the samples refer to (e.g. ids of seeded menus), read once before the suite. */
  fixtures?(db: Db): Promise<F>;
  /** A valid add body; `n` makes the unique fields differ between calls. */
  sample(n: number, fixtures: F): Record<string, string | number>;
  /** Options of the suite's blade/ (e.g. the outbound rule a resource's endpoints must pass); default none. */
  harness?: Partial<BladeOptions>;
  /**
   * For a resource whose rows arrive another way (read-only logs; files that arrive through uploads): writes a row of
   * the platform tenant holding `sample`'s values straight into the database and answers its id. The suite then adds
   * through this instead of the resource's calls, and checks edits (required texts, lengths) on such a row.
   */
  row?(db: Db, sample: Record<string, string | number>, fixtures: F): Promise<string>;
  /** Parameters every list call of the suite carries: a list that requires a filter (a team's members by teamId). */
  listParams?(fixtures: F): Record<string, string>;
}

/** A row of the platform tenant with `sample`'s fields in their columns (the default `row` of a read-only resource). */
export async function insertRow(
  db: Db,
  def: ResourceDef,
  sample: Record<string, string | number>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const id = typeof extra.id === 'string' ? extra.id : nextId();
  const columns = Object.fromEntries(Object.entries(sample).map(([name, v]) => [def.fields[name].column, v]));
  await db
    .insertInto(def.table as 'blade_log_usual')
    .values({
      ...(def.ownership === 'tenant' && { tenant_id: PLATFORM }),
      ...def.fixed,
      ...columns,
      ...extra,
      id,
    } as never)
    .execute();
  return id;
}

const OTHER_TENANT = '390001';
const OTHER_ADMIN_PASSWORD = 'contract-other-admin';

/** The suite's database and administrator, for a file's hand-written rule tests (one database per file). */
export interface ContractSuite {
  readonly harness: Harness;
  readonly admin: string;
}

export function describeResource<F extends Record<string, string>>(
  def: ResourceDef,
  options: ContractOptions<F>,
): ContractSuite {
  // The database lives for the whole file (hooks outside the describe), so the file's own rule tests share it.
  let h: Harness;
  let admin: string;
  let otherAdmin: string;
  /**
   * Who the suite calls as: the administrator, or where the rows belong to companies a customer of one (holding
   * every code of the resource), its company's rows the ones it adds and reads.
   */
  let actor: string;
  /** A customer of another company of the same tenant, holding the same codes (company resources only). */
  let otherCompany: string;
  let companyA = '';
  let fixtures: F;
  beforeAll(async () => {
    h = await createHarness(options.harness);
    fixtures = ((await options.fixtures?.(h.blade.db)) ?? {}) as F;
    admin = (await h.login('admin', ADMIN_PASSWORD, PLATFORM)).access_token;
    const other = await addTenant(h.blade.db, {
      tenantId: OTHER_TENANT,
      tenantName: '契约测试',
      adminPassword: OTHER_ADMIN_PASSWORD,
    });
    // Every right of the resource: what tenant B lacks is only tenant A's rows.
    await grantMenus(h.blade.db, OTHER_TENANT, other.roleId, resourceCodes(def));
    otherAdmin = (await h.login('admin', OTHER_ADMIN_PASSWORD, OTHER_TENANT)).access_token;
    actor = admin;
    if (def.company) {
      companyA = await addContractCompany(h, PLATFORM);
      actor = await customerWithCodes(h, PLATFORM, companyA, resourceCodes(def));
      otherCompany = await customerWithCodes(
        h,
        PLATFORM,
        await addContractCompany(h, PLATFORM),
        resourceCodes(def),
      );
      // Another tenant's side is a customer too: its administrator is staff, whom a customers' resource refuses.
      otherAdmin = await customerWithCodes(
        h,
        OTHER_TENANT,
        await addContractCompany(h, OTHER_TENANT),
        resourceCodes(def),
      );
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await h?.close();
  }, SETUP_TIMEOUT);

  describe(`${def.key} (contract)`, () => {
    let serial = 0;
    const next = () => options.sample(++serial, fixtures);

    const send = (call: CallDef, token: string, params: Record<string, unknown>): Promise<CallResult> => {
      if (call.method === 'GET') {
        const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
        return h.call(`${call.path}?${query}`, token);
      }
      return h.call(call.path, token, params);
    };
    const list = (token: string, params: Record<string, unknown> = {}) =>
      send(def.calls.list, token, { ...options.listParams?.(fixtures), ...params });
    /** The rows a list answer carries: a page's records, or every node of a tree. */
    const listed = (answer: CallResult): Record<string, unknown>[] =>
      def.tree ? flattenTree(answer.data ?? []) : answer.data.records;
    // Separate add and edit calls where the definition has them (`add` replaces submit, `update` edits only).
    const addCall = def.calls.add ?? def.calls.submit;
    const editCall = def.calls.update ?? def.calls.submit;
    const submit = (token: string, body: Record<string, unknown>) =>
      send('id' in body ? editCall : addCall, token, body);
    const rowMaker =
      options.row ??
      (def.readOnly
        ? (db: Db, sample: Record<string, string | number>) => insertRow(db, def, sample)
        : undefined);
    const byCalls = !rowMaker;
    const writes = !def.readOnly;
    const remove = (token: string, ids: string[]) => send(def.calls.remove, token, { ids: ids.join(',') });
    /**
     * The row as `token` reads it: the detail call, or where the catalogue has none the row among the list's (404
     * when the list does not show it, as the detail call would answer).
     */
    const detail = async (token: string, id: string): Promise<CallResult> => {
      if (def.calls.detail) return send(def.calls.detail, token, { id });
      // The list's id filter answers that row alone, or none.
      const answer = await list(token, { id });
      if (answer.status !== 200) return answer;
      expect(listed(answer).length).toBeLessThanOrEqual(1);
      const row = listed(answer).find((r) => r.id === id);
      return row
        ? { ...answer, data: row }
        : { status: 404, code: 404, success: false, data: {}, msg: 'not in the list' };
    };
    const writeOnly = Object.keys(def.fields).filter((name) => def.fields[name].writeOnly);
    /** What the answers carry of a body: its fields (not the inputs a hook reads), but never a write-only one. */
    const answered = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).filter(([name]) => name in def.fields && !writeOnly.includes(name)),
      );

    /** Adds a row as `token` and finds its id among the newest rows by the values it was given. */
    async function add(token: string, body = next()): Promise<string> {
      if (rowMaker) return rowMaker(h.blade.db, body, fixtures);
      expect(await submit(token, body)).toMatchObject({ code: 200, success: true });
      const page = await list(token, { size: 500, descs: 'id' });
      const match = listed(page).find((r: Record<string, unknown>) =>
        Object.entries(answered(body)).every(([k, v]) => String(r[k]) === String(v)),
      );
      expect(match).toBeDefined();
      return match?.id as string;
    }

    it(
      writes ? 'adds, reads, edits and removes a row' : 'reads a row by its id and in the list',
      async () => {
        const body = next();
        const id = await add(actor, body);
        expect((await detail(actor, id)).data).toMatchObject({
          id,
          ...answered(body),
          ...(def.audit !== false && { isDeleted: 0 }),
        });
        if (!writes) {
          expect(listed(await list(actor, { size: 500 })).map((r) => r.id)).toContain(id);
          return;
        }
        const edited = next();
        expect(await submit(actor, { ...edited, id })).toMatchObject({ code: 200 });
        expect((await detail(actor, id)).data).toMatchObject({ id, ...answered(edited) });
        expect(await remove(actor, [id])).toMatchObject({ code: 200 });
        expect((await detail(actor, id)).status).toBe(404);
      },
    );

    /** A body to refuse: a new row's (adds by calls), else an edit of an existing row. */
    const refusable = async () => (byCalls ? next() : { ...next(), id: await add(actor) });

    if (writes)
      it('answers the exact required texts, in declaration order', async () => {
        const body = await refusable();
        const required = Object.entries(def.fields).filter(
          ([, f]) => f.required && f.form !== false && !(f.writeOnly && 'id' in body),
        );
        for (const [name, field] of required) {
          const without = { ...body, [name]: '' };
          // Fields declared before this one are given, so this one's text is the first refusal.
          expect(await submit(actor, without)).toMatchObject({ status: 400, msg: zhText(field.required!) });
        }
      });

    if (writes)
      it('refuses texts over the column length or under the minimum', async () => {
        const body = await refusable();
        for (const [name, field] of Object.entries(def.fields)) {
          if (!field.max || field.form === false) continue;
          const result = await submit(actor, { ...body, [name]: 'x'.repeat(field.max + 1) });
          expect(result).toMatchObject({
            status: 400,
            msg: `${name}:${zhText('common.validation.maxLength', { max: field.max })}`,
          });
          if (!field.min || field.min < 2) continue;
          expect(await submit(actor, { ...body, [name]: 'x'.repeat(field.min - 1) })).toMatchObject({
            status: 400,
            msg: `${name}:${zhText('common.validation.minLength', { min: field.min })}`,
          });
        }
      });

    if (writeOnly.length && byCalls) {
      it('never answers a write-only field, and keeps it on an edit that leaves it blank', async () => {
        const body = next();
        const id = await add(actor, body);
        const answers = JSON.stringify([
          (await detail(actor, id)).data,
          (await list(actor, { size: 500 })).data,
        ]);
        for (const name of writeOnly) expect(answers).not.toContain(String(body[name]));
        const blank = Object.fromEntries(writeOnly.map((name) => [name, '']));
        expect(await submit(actor, { ...next(), ...blank, id })).toMatchObject({ code: 200 });
      });
    }

    if (byCalls && def.unique?.length)
      it('keeps unique keys unique', async () => {
        for (const key of def.unique ?? []) {
          const body = next();
          await add(actor, body);
          const clash = { ...next(), ...Object.fromEntries(key.fields.map((f) => [f, body[f]])) };
          expect(await submit(actor, clash)).toMatchObject({ status: 400, msg: zhText(key.message) });
        }
      });

    it('refuses every verb without its right', async () => {
      const id = await add(actor);
      const outsider = await userWithCodes(h, [], companyA);
      // The verbs the resource serves: no add where rows arrive another way, no writes where it is read-only.
      const attempts = (
        token: string,
      ): Record<keyof ResourceDef['access'], (() => Promise<CallResult>)[]> => ({
        // Without a detail call a row is read from the list, which a `list` rule governs when there is one.
        read: [
          ...(def.calls.detail || !def.access.list ? [() => detail(token, id)] : []),
          ...(def.access.list ? [] : [() => list(token)]),
        ],
        list: [() => list(token)],
        add: byCalls && writes ? [() => submit(token, next())] : [],
        edit: writes ? [() => submit(token, { ...next(), id })] : [],
        remove: writes ? [() => remove(token, [id])] : [],
      });
      for (const [verb, calls] of Object.entries(attempts(outsider))) {
        // A verb open to every user of the tenant (neither role nor codes) answers the outsider instead.
        const rule = def.access[verb as keyof ResourceDef['access']] ?? def.access.read;
        const open = !rule.role && !rule.codes?.length;
        for (const call of calls)
          if (open) expect((await call()).status).toBe(200);
          else expect(await call()).toMatchObject({ status: 403, code: 403 });
      }
      // Each code on its own: a role holding every other verb's codes is still refused this verb.
      const allCodes = resourceCodes(def);
      for (const [verb, rule] of Object.entries(def.access) as [
        keyof ResourceDef['access'],
        { codes?: readonly string[] },
      ][]) {
        if (!rule.codes?.length) continue;
        const partial = await userWithCodes(
          h,
          allCodes.filter((code) => !rule.codes!.includes(code)),
          companyA,
        );
        for (const call of attempts(partial)[verb]) expect(await call()).toMatchObject({ status: 403 });
      }
      expect((await detail(actor, id)).status).toBe(200);
    });

    if (def.ownership === 'tenant') {
      const where = writes ? 'on detail, edit and remove' : 'on detail and leaves them out of the list';
      it(`answers 404 for another tenant's ids ${where}`, async () => {
        const id = await add(actor);
        expect((await detail(otherAdmin, id)).status).toBe(404);
        if (writes) {
          expect((await submit(otherAdmin, { ...next(), id })).status).toBe(404);
          expect((await remove(otherAdmin, [id])).status).toBe(404);
        }
        expect(listed(await list(otherAdmin, { size: 500 })).map((r) => r.id)).not.toContain(id);
      });
    }

    if (def.company) {
      it("answers 404 for another company's ids on detail, edit and remove, and leaves them out of its list", async () => {
        const id = await add(actor);
        expect((await detail(otherCompany, id)).status).toBe(404);
        if (writes) {
          expect((await submit(otherCompany, { ...next(), id })).status).toBe(404);
          expect((await remove(otherCompany, [id])).status).toBe(404);
        }
        expect(listed(await list(otherCompany, { size: 500 })).map((r) => r.id)).not.toContain(id);
        expect((await detail(actor, id)).status).toBe(200);
      });
    }

    if (def.company?.customersOnly) {
      it('refuses staff every verb, even holding every code: the rows are the customers’ own', async () => {
        const id = await add(actor);
        const staff = await userWithCodes(h, resourceCodes(def));
        for (const token of [staff, admin]) {
          expect((await list(token)).status).toBe(403);
          if (def.calls.detail) expect((await send(def.calls.detail, token, { id })).status).toBe(403);
          if (writes) {
            expect((await submit(token, next())).status).toBe(403);
            expect((await submit(token, { ...next(), id })).status).toBe(403);
            expect((await remove(token, [id])).status).toBe(403);
          }
        }
      });
    }

    const patterned = Object.entries(def.fields).filter(([, f]) => f.search === 'eq' && f.pattern);
    if (patterned.length)
      it('refuses a whole-value filter its field’s pattern refuses, in the field’s words', async () => {
        for (const [name, field] of patterned)
          expect(await list(actor, { [name]: '!' })).toMatchObject({
            status: 400,
            msg: `${name}:${zhText(field.pattern!.message)}`,
          });
      });

    it('sorts only by allowlisted columns and clamps the page size', async () => {
      for (const column of sortableColumns(def)) {
        expect((await list(actor, { descs: column })).code).toBe(200);
      }
      const unsortable = Object.values(def.fields).find((f) => !f.sort)?.column ?? 'password';
      expect(await list(actor, { descs: unsortable })).toMatchObject({ status: 400 });
      expect(await list(actor, { ascs: 'id;drop table x' })).toMatchObject({ status: 400 });
      // A tree is answered whole: it has no page size.
      if (!def.tree) expect((await list(actor, { size: 9999 })).data.size).toBe(500);
    });

    const tree = def.tree;
    if (tree) {
      it('answers the list as a tree: a child under its parent, named by it', async () => {
        const parentBody = next();
        const parent = await add(actor, parentBody);
        const child = await add(actor, { ...next(), parentId: parent });
        const node = listed(await list(actor)).find((r) => r.id === parent) as { children?: unknown[] };
        expect(node.children).toEqual([
          expect.objectContaining({ id: child, parentId: parent, parentName: parentBody[tree.name] }),
        ]);
        expect((await detail(actor, child)).data).toMatchObject({ parentName: parentBody[tree.name] });
      });
    }

    if (writes)
      it('removes all or nothing', async () => {
        const id = await add(actor);
        // An id of the right form that no row has (a snowflake, or 32 hex digits for file ids).
        expect((await remove(actor, [id, def.idPattern ? '0'.repeat(32) : '123'])).status).toBe(404);
        expect((await detail(actor, id)).status).toBe(200);
      });
  });

  return {
    get harness() {
      return h;
    },
    get admin() {
      return admin;
    },
  };
}

type Node = Record<string, unknown> & { children?: Node[] };
const flattenTree = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);

/** Every menu and button code the resource's calls name, once each. */
const resourceCodes = (def: ResourceDef) => [
  ...new Set(Object.values(def.access).flatMap((rule) => rule?.codes ?? [])),
];

let accounts = 0;
let companies = 0;

/** A customer company of `tenant` (names and credit codes unique per suite run). */
const addContractCompany = (h: Harness, tenant: string) => {
  const n = ++companies;
  return addCompany(h, tenant, `契约企业 ${n}`, `91${String(n).padStart(16, '0')}`);
};

/** A user of company `companyId` of `tenant` whose one role holds exactly `codes`. */
async function customerWithCodes(
  h: Harness,
  tenant: string,
  companyId: string,
  codes: readonly string[],
): Promise<string> {
  const account = `cc_${++accounts}`;
  const roleId = await addRole(h.blade.db, tenant, { name: `契约客户 ${accounts}`, alias: account });
  await grantMenus(h.blade.db, tenant, roleId, codes);
  return (await addCustomerUser(h, tenant, account, companyId, roleId)).token;
}

/**
 * A user of the platform tenant whose one role holds exactly `codes` (menu and button codes): staff, or a customer of
 * `companyId` when one is given.
 */
async function userWithCodes(h: Harness, codes: readonly string[], companyId?: string): Promise<string> {
  if (companyId) return customerWithCodes(h, PLATFORM, companyId, codes);
  // Short: the fixtures copy it into role_alias and real_name, varchar(10) columns.
  return (await staffWithCodes(h, PLATFORM, `ct_${++accounts}`, codes)).token;
}
