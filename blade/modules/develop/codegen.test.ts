import {
  lstatSync,
  mkdirSync,
  readdirSync,
  rmdirSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import ts from 'typescript';
import type { ResourceDef } from '../../../lib/contracts/resource';
import { crudRoutes, type CrudHooks } from '../../core/crud';
import { nextId } from '../../core/ids';
import { ensureResourceMenus } from '../../db/resource-menus';
import { describeResource, type ContractOptions } from '../../testing/contract';
import { withTenant, type Db } from '../../db/tenant';
import { generateModule, type GenField, type GenSpec } from './codegen';
import { unzipFiles, zipFiles } from './zip';

/**
 * The generator's output compiles and works: two generated modules (a tenant-owned one with every field kind, a
 * platform-wide one) are unpacked at their project paths under a temporary directory inside the project, typechecked
 * with the project's compiler options, and the tenant-owned one runs: its migration on a fresh database, its
 * definition and hooks served by crudRoutes, its page and buttons made from its `menu` as blade does at start, and the
 * contract suite driven by its own contract test's sample.
 */

const ROOT = path.resolve(__dirname, '../../..');
// A dot directory: outside tsconfig's `**/*.ts` and jest's `<rootDir>/blade/**` globs while it exists.
const WORK = path.join(ROOT, `.codegen-test-${process.pid}-${Date.now()}`);

const field = (column: string, kind: GenField['kind'], extra: Partial<GenField> = {}): GenField => ({
  column,
  property: column.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()),
  kind,
  length: 255,
  label: column,
  required: false,
  inForm: true,
  inList: true,
  inQuery: false,
  queryType: 'equal',
  dictCode: '',
  ...extra,
});

const tenantSpec: GenSpec = {
  service: 'probe',
  module: 'field-notice',
  title: '现场公告',
  table: 'probe_field_notice',
  tenant: true,
  stamp: '20990101T000000',
  fields: [
    field('title', 'string', { length: 60, label: '标题', required: true, inQuery: true, queryType: 'like' }),
    field('body', 'text', { label: '正文', inList: false }),
    field('views', 'integer', { label: '阅读数', required: true, inQuery: true }),
    field('pinned', 'boolean', { label: '置顶', dictCode: 'yes_no', inQuery: true }),
    field('amount', 'decimal', { label: '金额' }),
    field('ref_no', 'bigint', { label: '编号' }),
    field('publish_time', 'datetime', { label: '发布时间' }),
    // A quote in a label (labels come from table comments) must not break the generated code.
    field('note', 'string', { length: 20, label: "备注'说明\\", inForm: false }),
  ],
};

const globalSpec: GenSpec = {
  service: 'probe',
  module: 'site-code',
  title: '站点编码',
  table: 'probe_site_code',
  tenant: false,
  stamp: '20990101T000100',
  fields: [
    field('code', 'string', { length: 32, label: '编码', required: true, inQuery: true, queryType: 'like' }),
    field('level', 'integer', { label: '级别' }),
  ],
};

/** The generated files, through the zip the download answers. */
const unpack = (spec: GenSpec) =>
  new Map(
    [...unzipFiles(zipFiles(generateModule(spec)))].map(([name, data]) => [name, data.toString('utf8')]),
  );
const tenantFiles = unpack(tenantSpec);
const globalFiles = unpack(globalSpec);
const generated = new Map([...tenantFiles, ...globalFiles]);

/**
 * Writes the files under WORK at their project paths. Every other entry of the directories on the way is a link to
 * the project's own, so the generated relative and `@/` imports resolve to the real project.
 */
function mirror(files: Map<string, string>) {
  const names = new Set(files.keys());
  const dirs = new Set<string>(['.']);
  for (const name of names) for (let d = path.dirname(name); d !== '.'; d = path.dirname(d)) dirs.add(d);
  for (const dir of dirs) {
    mkdirSync(path.join(WORK, dir), { recursive: true });
    let entries: string[] = [];
    try {
      entries = readdirSync(path.join(ROOT, dir));
    } catch {
      continue; // a new folder (the generated service's)
    }
    for (const entry of entries) {
      const rel = path.join(dir, entry);
      if (dirs.has(rel) || names.has(rel) || entry.startsWith('.codegen-test-')) continue;
      symlinkSync(path.join(ROOT, rel), path.join(WORK, rel));
    }
  }
  for (const [name, content] of files) writeFileSync(path.join(WORK, name), content);
}

/** Removes WORK: links are unlinked, never followed. */
function removeTree(dir: string) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stat = lstatSync(full);
    if (stat.isDirectory() && !stat.isSymbolicLink()) removeTree(full);
    else unlinkSync(full);
  }
  rmdirSync(dir);
}

mirror(generated);

// The generated modules are loaded from WORK as the project will load them once unpacked.
/* eslint-disable @typescript-eslint/no-require-imports -- loading the files the test has just written */
const load = (name: string) => require(path.join(WORK, name)) as Record<string, unknown>;
const definition = load('lib/contracts/probe/field-notice.ts').fieldNoticeResource as ResourceDef;
const globalDefinition = load('lib/contracts/probe/site-code.ts').siteCodeResource as ResourceDef;
const hooks = load('blade/modules/probe/field-notice/field-notice.resource.ts').fieldNoticeHooks as CrudHooks;
type Migration = { up(db: Kysely<unknown>): Promise<void>; down(db: Kysely<unknown>): Promise<void> };
const migration = load('blade/db/migrations/20990101T000000-field-notice.ts') as unknown as Migration;
const globalMigration = load('blade/db/migrations/20990101T000100-site-code.ts') as unknown as Migration;

// The generated contract test, with describeResource caught: its options drive the real suite below, on a blade/
// that serves the generated definition (the registry line the README asks for) over the migrated table.
let generatedOptions: ContractOptions | undefined;
jest.doMock('../../testing/contract', () => ({
  describeResource: (_def: ResourceDef, options: ContractOptions) => {
    generatedOptions = options;
    return {};
  },
}));
load('blade/modules/probe/field-notice/field-notice.contract.test.ts');
jest.dontMock('../../testing/contract');
/* eslint-enable @typescript-eslint/no-require-imports */
if (!generatedOptions) throw new Error('the generated contract test does not call describeResource');

/** A top-level menu, as a service's is. */
async function addMenu(db: Db, code: string) {
  await db
    .insertInto('blade_menu')
    .values({
      id: nextId(),
      parent_id: '0',
      code,
      name: code,
      alias: 'menu',
      path: `/${code}`,
      source: '',
      sort: 99,
      category: 1,
      action: 0,
      remark: '',
    })
    .execute();
}

/** What blade's start-up made of the definition's menu: before its parent menu existed, and after. */
const menusMade: { withoutParent?: string[]; withParent?: string[] } = {};

const suite = describeResource(definition, {
  ...generatedOptions,
  harness: { extraRoutes: (deps) => crudRoutes(deps, definition, hooks) },
  fixtures: async (db) => {
    await db.transaction().execute((trx) => migration.up(trx as unknown as Kysely<unknown>));
    // What blade runs at every start, over the registry the README has the definition added to.
    menusMade.withoutParent = await ensureResourceMenus(db, [definition]);
    await addMenu(db, 'probe');
    menusMade.withParent = await ensureResourceMenus(db, [definition]);
    return {};
  },
});

afterAll(() => removeTree(WORK));

describe('generated modules', () => {
  it('typecheck with the project compiler options', () => {
    const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file));
    // Based at WORK: `@/` resolves to the generated files first, then through the links to the project.
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, WORK);
    const roots = [...generated.keys()].filter((n) => /\.tsx?$/.test(n)).map((n) => path.join(WORK, n));
    const program = ts.createProgram(roots, {
      ...parsed.options,
      noEmit: true,
      incremental: false,
      skipLibCheck: true,
    });
    const problems = roots.flatMap((file) => {
      const source = program.getSourceFile(file);
      if (!source) return [`${file}: not part of the program`];
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (d) =>
          `${path.relative(WORK, file)}:${d.start === undefined ? '' : source.getLineAndCharacterOfPosition(d.start).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    });
    expect(problems).toEqual([]);
    expect(roots).toHaveLength(11);
  }, 240_000);

  it('declares the page, from which blade makes it and the button codes the screen and the calls check', async () => {
    expect(definition.menu).toEqual({
      code: 'field_notice',
      name: '现场公告',
      path: '/probe/field-notice',
      icon: 'list',
      parent: 'probe',
      sort: 99,
    });
    // A platform-wide table's writes are the platform administrator's buttons.
    expect(globalDefinition.menu).toMatchObject({ code: 'site_code', parent: 'probe', platform: true });
    for (const [name, content] of generated)
      if (name.startsWith('blade/db/migrations/')) expect(content).not.toContain('blade_menu');

    // The page goes under its parent only: without a `probe` menu, nothing is made.
    expect(menusMade.withoutParent).toEqual([]);
    expect(menusMade.withParent).toEqual([
      'field_notice',
      'field_notice_add',
      'field_notice_edit',
      'field_notice_delete',
      'field_notice_view',
    ]);
    const db = suite.harness.blade.db;
    const [page, parent] = await db
      .selectFrom('blade_menu')
      .select(['id', 'code', 'category', 'parent_id'])
      .where('code', 'in', ['probe', 'field_notice'])
      .where('is_deleted', '=', 0)
      .orderBy('code')
      .execute();
    expect(page).toMatchObject({ code: 'field_notice', category: 1, parent_id: parent.id });
    const codes = await db
      .selectFrom('blade_menu')
      .select(['code', 'category'])
      .where('parent_id', '=', page.id)
      .where('is_deleted', '=', 0)
      .orderBy('code')
      .execute();
    expect(codes).toEqual([
      { code: 'field_notice_add', category: 2 },
      { code: 'field_notice_delete', category: 2 },
      { code: 'field_notice_edit', category: 2 },
      { code: 'field_notice_view', category: 2 },
    ]);
    expect(tenantFiles.get('components/probe/field-notice-screen.tsx')).toContain(
      'viewCode="field_notice_view"',
    );
  });

  it('stores blank numbers and dates as NULL and answers dates as entered', async () => {
    const { harness: h, admin } = suite;
    const body = { title: '空值', views: 3, amount: '', refNo: '', publishTime: '' };
    expect(await h.call('/blade-probe/field-notice/submit', admin, body)).toMatchObject({ code: 200 });
    // Row-level security binds the owner too: read under the tenant.
    const stored = await withTenant(h.blade.db, '000000', async (trx) => {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from probe_field_notice where title = ${'空值'}`.execute(trx);
      return rows[0];
    });
    expect(stored).toMatchObject({ amount: null, ref_no: null, publish_time: null, tenant_id: '000000' });
    const id = String(stored.id);
    const edit = { id, title: '空值', views: 3, publishTime: '2026-03-04 05:06:07', refNo: '12' };
    expect(await h.call('/blade-probe/field-notice/submit', admin, edit)).toMatchObject({ code: 200 });
    const { data } = await h.call(`/blade-probe/field-notice/detail?id=${id}`, admin);
    expect(data).toMatchObject({ publishTime: '2026-03-04 05:06:07', refNo: '12', amount: '' });
    expect(
      await h.call('/blade-probe/field-notice/submit', admin, { ...edit, publishTime: '明天' }),
    ).toMatchObject({
      status: 400,
      msg: 'publishTime:probe.fieldNotice.rules.datetime',
    });
  });

  it('migrates a platform-wide table without tenant column, and both migrations go back down', async () => {
    const db = suite.harness.blade.db as unknown as Kysely<unknown>;
    await db.transaction().execute((trx) => globalMigration.up(trx));
    const columns = async (table: string) =>
      (
        await sql<{ column_name: string }>`select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      ).rows.map((r) => r.column_name);
    expect(await columns('probe_site_code')).toEqual(expect.arrayContaining(['code', 'level', 'is_deleted']));
    expect(await columns('probe_site_code')).not.toContain('tenant_id');
    await db.transaction().execute((trx) => globalMigration.down(trx));
    await db.transaction().execute((trx) => migration.down(trx));
    expect(await columns('probe_site_code')).toEqual([]);
    expect(await columns('probe_field_notice')).toEqual([]);
  });
});
