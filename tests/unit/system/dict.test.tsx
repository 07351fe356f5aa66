import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DictScreen } from '@/components/system/dict-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const buttons = [
  {
    id: 'p',
    parentId: '0',
    code: 'dict',
    name: '',
    path: '',
    children: ['dict_add', 'dict_edit', 'dict_delete', 'dict_view'].map((code) => ({
      id: code,
      parentId: 'p',
      code,
      name: code,
      path: '',
      category: 2,
    })),
  },
];
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
    fireEvent.change(within(dialog).getByLabelText('字典名称'), { target: { value: '女' } });
    fireEvent.change(within(dialog).getByLabelText('字典键值'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('字典排序'), { target: { value: '2' } });
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
