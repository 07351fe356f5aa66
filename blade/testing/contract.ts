import { sortableColumns, type CallDef, type ResourceDef } from '../../lib/contracts/resource';
import type { BladeOptions } from '../app';
import { zhText } from '../core/crud';
import type { Db } from '../db/tenant';
import { addRole, addTenant, addUser, deptIds, grantMenus } from './fixtures';
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
    const list = (token: string, params: Record<string, unknown> = {}) => send(def.calls.list, token, params);
    /** The rows a list answer carries: a page's records, or every node of a tree. */
    const listed = (answer: CallResult): Record<string, unknown>[] =>
      def.tree ? flattenTree(answer.data ?? []) : answer.data.records;
    const submit = (token: string, body: Record<string, unknown>) => send(def.calls.submit, token, body);
    const remove = (token: string, ids: string[]) => send(def.calls.remove, token, { ids: ids.join(',') });
    const detail = (token: string, id: string) => send(def.calls.detail, token, { id });
    const writeOnly = Object.keys(def.fields).filter((name) => def.fields[name].writeOnly);
    /** What the answers carry of a body: write-only fields are never answered. */
    const answered = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).filter(([name]) => !writeOnly.includes(name)));

    /** Adds a row as `token` and finds its id through the list's first search field (or the newest row). */
    async function add(token: string, body = next()): Promise<string> {
      expect(await submit(token, body)).toMatchObject({ code: 200, success: true });
      const page = await list(token, { size: 500, descs: 'id' });
      const match = listed(page).find((r: Record<string, unknown>) =>
        Object.entries(answered(body)).every(([k, v]) => String(r[k]) === String(v)),
      );
      expect(match).toBeDefined();
      return match?.id as string;
    }

    it('adds, reads, edits and removes a row', async () => {
      const body = next();
      const id = await add(admin, body);
      expect((await detail(admin, id)).data).toMatchObject({ id, ...answered(body), isDeleted: 0 });
      const edited = next();
      expect(await submit(admin, { ...edited, id })).toMatchObject({ code: 200 });
      expect((await detail(admin, id)).data).toMatchObject({ id, ...answered(edited) });
      expect(await remove(admin, [id])).toMatchObject({ code: 200 });
      expect((await detail(admin, id)).status).toBe(404);
    });

    it('answers the exact required texts, in declaration order', async () => {
      const body = next();
      const required = Object.entries(def.fields).filter(([, f]) => f.required && f.form !== false);
      for (const [name, field] of required) {
        const without = { ...body, [name]: '' };
        // Fields declared before this one are given, so this one's text is the first refusal.
        expect(await submit(admin, without)).toMatchObject({ status: 400, msg: zhText(field.required!) });
      }
    });

    it('refuses texts over the column length or under the minimum', async () => {
      for (const [name, field] of Object.entries(def.fields)) {
        if (!field.max || field.form === false) continue;
        const result = await submit(admin, { ...next(), [name]: 'x'.repeat(field.max + 1) });
        expect(result).toMatchObject({
          status: 400,
          msg: `${name}:${zhText('common.validation.maxLength', { max: field.max })}`,
        });
        if (!field.min || field.min < 2) continue;
        expect(await submit(admin, { ...next(), [name]: 'x'.repeat(field.min - 1) })).toMatchObject({
          status: 400,
          msg: `${name}:${zhText('common.validation.minLength', { min: field.min })}`,
        });
      }
    });

    if (writeOnly.length) {
      it('never answers a write-only field, and keeps it on an edit that leaves it blank', async () => {
        const body = next();
        const id = await add(admin, body);
        const answers = JSON.stringify([
          (await detail(admin, id)).data,
          (await list(admin, { size: 500 })).data,
        ]);
        for (const name of writeOnly) expect(answers).not.toContain(String(body[name]));
        const blank = Object.fromEntries(writeOnly.map((name) => [name, '']));
        expect(await submit(admin, { ...next(), ...blank, id })).toMatchObject({ code: 200 });
      });
    }

    it('keeps unique keys unique', async () => {
      for (const key of def.unique ?? []) {
        const body = next();
        await add(admin, body);
        const clash = { ...next(), ...Object.fromEntries(key.fields.map((f) => [f, body[f]])) };
        expect(await submit(admin, clash)).toMatchObject({ status: 400, msg: zhText(key.message) });
      }
    });

    it('refuses every verb without its right', async () => {
      const id = await add(admin);
      const outsider = await userWithCodes(h, []);
      const attempts = (token: string) =>
        ({
          read: [() => detail(token, id), ...(def.access.list ? [] : [() => list(token)])],
          list: [() => list(token)],
          add: [() => submit(token, next())],
          edit: [() => submit(token, { ...next(), id })],
          remove: [() => remove(token, [id])],
        }) as const;
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
        );
        for (const call of attempts(partial)[verb]) expect(await call()).toMatchObject({ status: 403 });
      }
      expect((await detail(admin, id)).status).toBe(200);
    });

    if (def.ownership === 'tenant') {
      it("answers 404 for another tenant's ids on detail, edit and remove", async () => {
        const id = await add(admin);
        expect((await detail(otherAdmin, id)).status).toBe(404);
        expect((await submit(otherAdmin, { ...next(), id })).status).toBe(404);
        expect((await remove(otherAdmin, [id])).status).toBe(404);
        expect(listed(await list(otherAdmin, { size: 500 })).map((r) => r.id)).not.toContain(id);
      });
    }

    it('sorts only by allowlisted columns and clamps the page size', async () => {
      for (const column of sortableColumns(def)) {
        expect((await list(admin, { descs: column })).code).toBe(200);
      }
      const unsortable = Object.values(def.fields).find((f) => !f.sort)?.column ?? 'password';
      expect(await list(admin, { descs: unsortable })).toMatchObject({ status: 400 });
      expect(await list(admin, { ascs: 'id;drop table x' })).toMatchObject({ status: 400 });
      // A tree is answered whole: it has no page size.
      if (!def.tree) expect((await list(admin, { size: 9999 })).data.size).toBe(500);
    });

    const tree = def.tree;
    if (tree) {
      it('answers the list as a tree: a child under its parent, named by it', async () => {
        const parentBody = next();
        const parent = await add(admin, parentBody);
        const child = await add(admin, { ...next(), parentId: parent });
        const node = listed(await list(admin)).find((r) => r.id === parent) as { children?: unknown[] };
        expect(node.children).toEqual([
          expect.objectContaining({ id: child, parentId: parent, parentName: parentBody[tree.name] }),
        ]);
        expect((await detail(admin, child)).data).toMatchObject({ parentName: parentBody[tree.name] });
      });
    }

    it('removes all or nothing', async () => {
      const id = await add(admin);
      expect((await remove(admin, [id, '123'])).status).toBe(404);
      expect((await detail(admin, id)).status).toBe(200);
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

/** A user of the platform tenant whose one role holds exactly `codes` (menu and button codes). */
async function userWithCodes(h: Harness, codes: readonly string[]): Promise<string> {
  const account = `contract_${++accounts}`;
  const roleId = await addRole(h.blade.db, PLATFORM, { name: `契约测试 ${accounts}`, alias: account });
  await grantMenus(h.blade.db, PLATFORM, roleId, codes);
  await addUser(h.blade.db, PLATFORM, {
    account,
    password: 'contract-pass-1',
    roleIds: [roleId],
    deptIds: (await deptIds(h.blade.db, PLATFORM)).slice(0, 1),
  });
  return (await h.login(account, 'contract-pass-1', PLATFORM)).access_token;
}
