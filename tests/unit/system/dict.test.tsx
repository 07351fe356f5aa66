import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DictScreen } from '@/components/system/dict-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, fillIn } from './fixtures';

const buttons = buttonsWith(['dict_add', 'dict_edit', 'dict_delete', 'dict_view']);
const sex = {
  id: '5',
  parentId: '0',
  code: 'sex',
  dictKey: '-1',
  dictValue: '性别',
  sort: 1,
  isSealed: 0,
  remark: '',
};

function routes() {
  return fakeBlade({
    '/api/blade-system/menu/buttons': buttons,
    '/api/blade-system/dict/parent-list': page([sex]),
    '/api/blade-system/dict/child-list': page([
      {
        id: '6',
        parentId: '5',
        code: 'sex',
        dictKey: '1',
        dictValue: '男',
        sort: 1,
        isSealed: 0,
        remark: '',
      },
    ]),
    'POST /api/blade-system/dict/submit': {},
  });
}

describe.each(['horizontal', 'vertical'] as const)('DictScreen %s', (layout) => {
  it('lists parents, shows the children of the clicked parent, and checks the parent form (spec §5)', async () => {
    const blade = routes();
    renderScreen(<DictScreen layout={layout} />);
    expect(screen.getByTestId(`dict-${layout}`)).toBeInTheDocument();
    const parents = screen.getByRole('region', { name: '字典列表' });
    fireEvent.click(await within(parents).findByText('性别'));
    const children = screen.getByRole('region', { name: '字典配置' });
    expect(await within(children).findByText('男')).toBeInTheDocument();
    expect(blade.to('/api/blade-system/dict/child-list')[0].query.get('parentId')).toBe('5');

    fireEvent.click(within(parents).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入字典编号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入字典名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入字典排序')).toBeInTheDocument();
    expect(blade.to('/api/blade-system/dict/submit')).toHaveLength(0);
  });

  it('adds a child under the chosen parent: code and parent fixed, key and sort required', async () => {
    const blade = routes();
    renderScreen(<DictScreen layout={layout} />);
    fireEvent.click(await within(screen.getByRole('region', { name: '字典列表' })).findByText('性别'));
    const children = screen.getByRole('region', { name: '字典配置' });
    await within(children).findByText('男');
    fireEvent.click(within(children).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('字典编号')).toHaveValue('sex');
    expect(within(dialog).getByLabelText('字典编号')).toBeDisabled();
    expect(within(dialog).getByLabelText('上级字典')).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入字典键值')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入字典名称')).toBeInTheDocument();
    fillIn(dialog, { 字典名称: '女', 字典键值: '2', 字典排序: '2' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-system/dict/submit')).toHaveLength(1));
    expect(blade.to('/api/blade-system/dict/submit')[0].body).toMatchObject({
      code: 'sex',
      parentId: '5',
      dictValue: '女',
      dictKey: '2',
      sort: 2,
      isSealed: 0,
    });
  });
});

describe.each([
  ['dict', 'horizontal'],
  ['dict-biz', 'vertical'],
] as const)('DictScreen %s (%s): sealed rows', (kind, layout) => {
  const prefix = kind === 'dict' ? 'dict' : 'dictbiz';
  const row = (id: string, parentId: string, dictValue: string, isSealed: number) => ({
    id,
    parentId,
    code: parentId === '0' ? `c${id}` : 'c1',
    dictKey: parentId === '0' ? '-1' : id,
    dictValue,
    sort: 1,
    isSealed,
    remark: '',
  });

  it('offers no edit, delete or checkbox on a sealed row, and nothing new under a sealed header', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(
        ['add', 'edit', 'delete', 'view'].map((b) => `${prefix}_${b}`),
      ),
      [`/api/blade-system/${kind}/parent-list`]: page([
        row('1', '0', '封存头', 1),
        row('2', '0', '普通头', 0),
      ]),
      [`/api/blade-system/${kind}/child-list`]: (call: { query: URLSearchParams }) =>
        call.query.get('parentId') === '1'
          ? page([row('11', '1', '封存头的项', 0)])
          : page([row('21', '2', '封存项', 1), row('22', '2', '普通项', 0)]),
    });
    renderScreen(<DictScreen kind={kind} layout={layout} />);
    const parents = screen.getByRole('region', { name: '字典列表' });
    const rowOf = (scope: HTMLElement, text: string) =>
      within(scope).getByText(text).closest('[role="row"]') as HTMLElement;
    await within(parents).findByText('封存头');
    const sealedHeader = rowOf(parents, '封存头');
    const openHeader = rowOf(parents, '普通头');
    await waitFor(() => expect(within(openHeader).getByRole('button', { name: '编辑' })).toBeInTheDocument());
    expect(within(openHeader).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(within(openHeader).getByRole('checkbox')).toBeInTheDocument();
    expect(within(sealedHeader).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(sealedHeader).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(sealedHeader).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(sealedHeader).getByRole('checkbox')).toBeDisabled();

    const children = screen.getByRole('region', { name: '字典配置' });
    fireEvent.click(within(parents).getByText('普通头'));
    await within(children).findByText('封存项');
    expect(within(rowOf(children, '封存项')).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(within(rowOf(children, '普通项')).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(children).getByRole('button', { name: '新增' })).toBeInTheDocument();

    fireEvent.click(within(parents).getByText('封存头'));
    await within(children).findByText('封存头的项');
    expect(
      within(rowOf(children, '封存头的项')).queryByRole('button', { name: '编辑' }),
    ).not.toBeInTheDocument();
    expect(
      within(rowOf(children, '封存头的项')).queryByRole('button', { name: '删除' }),
    ).not.toBeInTheDocument();
    expect(within(children).queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(within(children).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(within(children).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
