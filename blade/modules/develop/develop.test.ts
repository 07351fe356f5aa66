import { sql } from 'kysely';
import type { Harness } from '../../testing/harness';
import { setUpTenantB } from '../tenant-b.test-helpers';
import { unzipFiles, zipFiles } from './zip';

let h: Harness;
let admin: string;
let tenantAdmin: string;

setUpTenantB(
  {
    // An existing table to define a model from, with a comment on one column.
    prepare: async (harness) => {
      await sql`create table demo_notice_board (
        id bigint primary key, tenant_id varchar(12) not null, title varchar(80) not null, content text,
        views integer not null default 0, publish_time timestamptz, is_deleted integer not null default 0)`.execute(
        harness.blade.db,
      );
      await sql`comment on column demo_notice_board.title is '标题'`.execute(harness.blade.db);
    },
  },
  (setup) => ({ h, admin, tenantAdmin } = setup),
);

const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const first = async (path: string) => (await call(path, admin)).data.records[0];

describe('zip writer', () => {
  it('round-trips UTF-8 names and contents', () => {
    const zip = zipFiles([
      { name: 'a.txt', content: 'hello' },
      { name: 'dir/说明.md', content: '中文内容\n'.repeat(100) },
    ]);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const files = unzipFiles(zip);
    expect([...files.keys()]).toEqual(['a.txt', 'dir/说明.md']);
    expect(files.get('dir/说明.md')!.toString()).toBe('中文内容\n'.repeat(100));
    expect(() => zipFiles([{ name: '../evil', content: '' }])).toThrow();
  });
});

describe('datasources', () => {
  it('adds, lists and removes without ever returning the password', async () => {
    expect(
      await call('/blade-develop/datasource/submit', admin, { url: 'jdbc:postgresql://db/x' }),
    ).toMatchObject({
      status: 400,
      msg: '请输入数据源名称',
    });
    const body = {
      name: '主库',
      url: 'jdbc:postgresql://db:5432/blade',
      username: 'blade',
      password: 'db-secret-9',
    };
    expect((await call('/blade-develop/datasource/submit', admin, body)).code).toBe(200);
    const list = await call('/blade-develop/datasource/list?name=%E4%B8%BB', admin);
    expect(list.data.total).toBe(1);
    expect(JSON.stringify(list)).not.toContain('db-secret-9');
    const row = list.data.records[0];
    expect(row).toMatchObject({
      name: '主库',
      password: '',
      passwordSet: true,
      driverClass: 'org.postgresql.Driver',
    });
    await call('/blade-develop/datasource/submit', admin, {
      ...body,
      id: row.id,
      password: '',
      remark: '改',
    });
    const stored = await h.blade.db
      .selectFrom('blade_datasource')
      .select(['password', 'remark'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ password: 'db-secret-9', remark: '改' });
    expect((await call(`/blade-develop/datasource/remove?ids=${row.id}`, admin, {})).code).toBe(200);
    expect((await call(`/blade-develop/datasource/detail?id=${row.id}`, admin)).status).toBe(404);
  });
});

describe('data models and code generation', () => {
  it('lists the tables of the database', async () => {
    const { data } = await call('/blade-develop/model/table-list', admin);
    const tables = data.map((t: { tableName: string }) => t.tableName);
    expect(tables).toEqual(expect.arrayContaining(['blade_param', 'demo_notice_board']));
  });

  it('defines a model from an existing table, reading its columns', async () => {
    const model = { modelName: '公告板', modelCode: 'notice_board', modelTable: 'demo_notice_board' };
    expect(
      await call('/blade-develop/model/submit', admin, { ...model, modelTable: 'no_such_table' }),
    ).toMatchObject({
      status: 400,
      msg: '物理表不存在',
    });
    expect(
      await call('/blade-develop/model/submit', admin, { ...model, modelTable: 'x; drop' }),
    ).toMatchObject({
      msg: '物理表名只能包含小写字母、数字和下划线',
    });
    expect(await call('/blade-develop/model/submit', admin, { ...model, modelName: '' })).toMatchObject({
      msg: '请输入模型名称',
    });
    expect((await call('/blade-develop/model/submit', admin, model)).code).toBe(200);
    expect((await call('/blade-develop/model/submit', admin, model)).msg).toBe('当前模型编号已存在!');
    const row = await first('/blade-develop/model/list?modelCode=notice');
    expect(row).toMatchObject({ modelName: '公告板', modelTable: 'demo_notice_board', datasourceId: '' });

    const fields = (await call(`/blade-develop/model-prototype/list?modelId=${row.id}&size=100`, admin)).data;
    expect(fields.total).toBe(7);
    const byName = Object.fromEntries(fields.records.map((f: { jdbcName: string }) => [f.jdbcName, f]));
    expect(byName.title).toMatchObject({
      comment: '标题',
      jdbcType: 'character varying(80)',
      propertyName: 'title',
      propertyType: 'string',
      isForm: 1,
      isList: 1,
      isQuery: 1,
      queryType: 'like',
      isRequired: 1,
      componentType: 'input',
    });
    expect(byName.publish_time).toMatchObject({
      propertyName: 'publishTime',
      componentType: 'datetime',
      isRequired: 0,
    });
    expect(byName.views).toMatchObject({ propertyType: 'number', isRequired: 0, isQuery: 0 });
    expect(byName.tenant_id).toMatchObject({ isForm: 0, isList: 0 });

    // The field grid saves several rows at once.
    const edited = await call('/blade-develop/model-prototype/submit', admin, [
      { id: byName.content.id, comment: '内容', isList: 0 },
      { id: byName.views.id, comment: '阅读数' },
    ]);
    expect(edited.code).toBe(200);
    expect(
      (await call(`/blade-develop/model-prototype/detail?id=${byName.content.id}`, admin)).data,
    ).toMatchObject({
      comment: '内容',
      isList: 0,
      componentType: 'textarea',
    });
    expect(
      (await call('/blade-develop/model-prototype/submit', admin, { id: byName.views.id, jdbcName: 'a;b' }))
        .msg,
    ).toBe('字段名只能包含小写字母、数字和下划线');
    expect((await call('/blade-develop/model-prototype/list?ascs=comment', admin)).status).toBe(400);
  });

  it("generates a module skeleton as a zip in this project's conventions", async () => {
    const model = await first('/blade-develop/model/list?modelCode=notice_board');
    const config = {
      modelId: model.id,
      serviceName: 'blade-demo',
      codeName: '公告板',
      packageName: 'notice-board',
    };
    expect(
      await call('/blade-develop/code/submit', admin, { ...config, packageName: 'Notice Board' }),
    ).toMatchObject({
      msg: '模块标识只能包含小写字母、数字和 -',
    });
    expect(await call('/blade-develop/code/submit', admin, { ...config, modelId: undefined })).toMatchObject({
      msg: '请选择数据模型',
    });
    expect((await call('/blade-develop/code/submit', admin, config)).code).toBe(200);
    const code = await first('/blade-develop/code/list?codeName=%E5%85%AC');
    expect(code).toMatchObject({
      serviceName: 'demo',
      packageName: 'notice-board',
      tableName: 'demo_notice_board',
      isTenant: 1,
    });

    const res = await h.authed(`/blade-develop/code/gen-code?id=${code.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''notice-board.zip");
    const files = unzipFiles(Buffer.from(await res.arrayBuffer()));
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'README.md',
        'lib/contracts/demo/notice-board.ts',
        'blade/modules/demo/notice-board/notice-board.resource.ts',
        'blade/modules/demo/notice-board/notice-board.contract.test.ts',
        'components/demo/notice-board-screen.tsx',
        'app/(portal)/demo/notice-board/page.tsx',
        'messages/notice-board.zh.json',
        'messages/notice-board.en.json',
      ]),
    );
    expect(names.find((n) => /^blade\/db\/migrations\/\d{8}T\d{6}-notice-board\.ts$/.test(n))).toBeDefined();
    const text = (name: string) => files.get(name)!.toString('utf8');
    const migration = text(names.find((n) => n.startsWith('blade/db/migrations/'))!);
    expect(migration).toContain(".addColumn('title', 'varchar(80)', (c) => c.notNull().defaultTo(''))");
    expect(migration).toContain('enableTenantRls(db, TABLE)');
    // The page and its buttons come from the definition's menu, not from the migration.
    expect(migration).not.toContain('blade_menu');
    const definition = text('lib/contracts/demo/notice-board.ts');
    // The standard verbs below the module's path, and the page's button codes for access.
    expect(definition).toContain("calls: standardCalls('/blade-demo/notice-board')");
    expect(definition).toContain("required: 'demo.noticeBoard.required.title'");
    expect(definition).toContain("ownership: 'tenant'");
    expect(definition).toContain("access: menuAccess('notice_board')");
    expect(definition).toContain(
      "code: 'notice_board',\n    name: '公告板',\n    path: '/demo/notice-board',",
    );
    expect(definition).toContain("parent: 'demo',");
    expect(text('blade/modules/demo/notice-board/notice-board.contract.test.ts')).toContain(
      'describeResource(noticeBoardResource, { sample });',
    );
    expect(JSON.parse(text('messages/notice-board.zh.json'))).toMatchObject({
      demo: {
        noticeBoard: {
          title: '公告板',
          labels: { title: '标题', views: '阅读数' },
          required: { title: '请输入标题' },
        },
      },
    });
    expect(text('app/(portal)/demo/notice-board/page.tsx')).toContain('requirePageSession');
    expect(text('components/demo/notice-board-screen.tsx')).toContain(
      '<ResourceScreen def={noticeBoardResource}',
    );
    expect(text('README.md')).toContain('[noticeBoardResource, { hooks: noticeBoardHooks }],');
    expect(text('README.md')).toContain("import { noticeBoardResource } from './demo/notice-board';");
    expect(text('README.md')).toContain('"notice_board": "公告板",');

    expect((await call('/blade-develop/code/gen-code?id=123', admin)).status).toBe(404);
    expect(await call(`/blade-develop/model/remove?ids=${model.id}`, admin, {})).toMatchObject({
      msg: '请先删除使用该模型的代码生成配置',
    });
  });

  it('belongs to the platform administrator alone', async () => {
    for (const path of [
      '/blade-develop/model/list',
      '/blade-develop/code/list',
      '/blade-develop/datasource/list',
      '/blade-develop/model-prototype/list',
      '/blade-develop/model/table-list',
    ]) {
      expect(await call(path, tenantAdmin)).toMatchObject({ status: 403, code: 403 });
    }
    expect((await call('/blade-develop/code/submit', tenantAdmin, { modelId: '1' })).status).toBe(403);
    const code = await first('/blade-develop/code/list');
    expect(
      (await h.authed(`/blade-develop/code/gen-code?id=${code.id}`, { token: tenantAdmin })).status,
    ).toBe(403);
  });
});
