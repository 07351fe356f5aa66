import { defineResource, menuAccess, snakeCase, standardCalls, type RowOf } from '@/lib/contracts/resource';

const calls = standardCalls('/blade-demo/notice');
const access = menuAccess('notice');

describe('defineResource defaults', () => {
  const notice = defineResource({
    key: 'demo.notice',
    table: 'demo_notice',
    ownership: 'tenant',
    fields: {
      noticeTitle: { kind: 'text', max: 64, required: 'demo.notice.titleRequired' },
      remark: { kind: 'textarea', label: 'system.common.remark', max: 255 },
      size: { column: 'attach_size', kind: 'int', label: 'demo.notice.bytes' },
    },
    calls,
    access,
  });

  it("defaults a field's column to its name in snake case and its label to <key>.<name>", () => {
    expect(notice.fields.noticeTitle).toStrictEqual({
      column: 'notice_title',
      kind: 'text',
      label: 'demo.notice.noticeTitle',
      max: 64,
      required: 'demo.notice.titleRequired',
    });
    expect(notice.fields.remark.column).toBe('remark');
  });

  it('keeps a column and a label the definition gives', () => {
    expect(notice.fields.remark.label).toBe('system.common.remark');
    expect(notice.fields.size).toMatchObject({ column: 'attach_size', label: 'demo.notice.bytes' });
  });

  it('copies fields shared by several definitions, each with its own key', () => {
    const shared = { title: { kind: 'text', max: 20 } } as const;
    const first = defineResource({
      key: 'demo.a',
      table: 'a',
      ownership: 'global',
      fields: shared,
      calls,
      access,
    });
    const second = defineResource({
      key: 'demo.b',
      table: 'b',
      ownership: 'global',
      fields: shared,
      calls,
      access,
    });
    expect([first.fields.title.label, second.fields.title.label]).toStrictEqual([
      'demo.a.title',
      'demo.b.title',
    ]);
    expect(shared.title).toStrictEqual({ kind: 'text', max: 20 });
  });

  it('keeps its checks', () => {
    expect(() =>
      defineResource({
        key: 'demo.bad',
        table: 'bad',
        ownership: 'global',
        fields: { name: { kind: 'text' } },
        calls,
        access,
      }),
    ).toThrow("demo.bad.name: a text field needs its column's max length");
  });

  it('infers the row type from the short fields', () => {
    const row: RowOf<typeof notice> = {
      ...({} as RowOf<typeof notice>),
      noticeTitle: 'text',
      size: 1,
    };
    // @ts-expect-error -- an int field is a number
    row.size = 'one';
    expect(row.noticeTitle).toBe('text');
  });
});

describe('snakeCase', () => {
  it('maps camel case as MyBatis does', () => {
    expect(['paramName', 'remark', 'isOpen', 'authorizedGrantTypes'].map(snakeCase)).toStrictEqual([
      'param_name',
      'remark',
      'is_open',
      'authorized_grant_types',
    ]);
  });
});

describe('standardCalls', () => {
  it('answers GET list and detail, POST submit and remove below the base path', () => {
    expect(calls).toStrictEqual({
      list: { method: 'GET', path: '/blade-demo/notice/list' },
      detail: { method: 'GET', path: '/blade-demo/notice/detail' },
      submit: { method: 'POST', path: '/blade-demo/notice/submit' },
      remove: { method: 'POST', path: '/blade-demo/notice/remove' },
    });
  });

  it('renames verbs, adds add and update only when named, and changes methods', () => {
    expect(
      standardCalls('/blade-user/externalUser', {
        list: 'page',
        submit: 'save',
        add: 'save',
        update: 'update',
      }),
    ).toStrictEqual({
      list: { method: 'GET', path: '/blade-user/externalUser/page' },
      detail: { method: 'GET', path: '/blade-user/externalUser/detail' },
      submit: { method: 'POST', path: '/blade-user/externalUser/save' },
      add: { method: 'POST', path: '/blade-user/externalUser/save' },
      update: { method: 'POST', path: '/blade-user/externalUser/update' },
      remove: { method: 'POST', path: '/blade-user/externalUser/remove' },
    });
    expect(
      standardCalls(
        '/blade-business/order',
        { submit: 'add', remove: 'delete' },
        { list: 'POST', detail: 'POST' },
      ),
    ).toStrictEqual({
      list: { method: 'POST', path: '/blade-business/order/list' },
      detail: { method: 'POST', path: '/blade-business/order/detail' },
      submit: { method: 'POST', path: '/blade-business/order/add' },
      remove: { method: 'POST', path: '/blade-business/order/delete' },
    });
  });
});

describe('menuAccess', () => {
  it("requires the page's code to read and its button codes to write", () => {
    expect(access).toStrictEqual({
      read: { codes: ['notice'] },
      add: { codes: ['notice_add'] },
      edit: { codes: ['notice_edit'] },
      remove: { codes: ['notice_delete'] },
    });
  });

  it('adds the role to every verb, and a list rule for other pages when asked', () => {
    expect(menuAccess('param', { role: 'platform' })).toStrictEqual({
      read: { role: 'platform', codes: ['param'] },
      add: { role: 'platform', codes: ['param_add'] },
      edit: { role: 'platform', codes: ['param_edit'] },
      remove: { role: 'platform', codes: ['param_delete'] },
    });
    expect(menuAccess('post', { listAlso: ['user'] })).toStrictEqual({
      read: { codes: ['post'] },
      list: { codes: ['post', 'user'] },
      add: { codes: ['post_add'] },
      edit: { codes: ['post_edit'] },
      remove: { codes: ['post_delete'] },
    });
  });
});
