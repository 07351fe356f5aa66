import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { fakeBlade, page } from './fake-blade';
import { renderScreen } from './wrap';

interface Thing {
  id: string;
  name: string;
}

const allButtons = [
  {
    id: '1',
    parentId: '0',
    code: 'thing',
    name: 'thing',
    path: '/thing',
    category: 1,
    children: ['thing_add', 'thing_edit', 'thing_delete', 'thing_view'].map((code, i) => ({
      id: `b${i}`,
      parentId: '1',
      code,
      name: code,
      path: `/thing/${code}`,
      category: 2,
    })),
  },
];

function Screen() {
  return (
    <CrudScreen<Thing>
      title="物品"
      api={{ list: '/api/x/list', detail: '/api/x/detail', submit: '/api/x/submit', remove: '/api/x/remove' }}
      columns={[{ field: 'name', headerName: '名称', flex: 1 }]}
      fields={[{ name: 'name', label: '名称' }]}
      schema={z.object({ name: z.string().trim().min(1, '请输入名称') })}
      emptyValues={{ name: '' }}
      searchFields={[{ name: 'name', label: '名称' }]}
      permissions={{ add: 'thing_add', edit: 'thing_edit', delete: 'thing_delete', view: 'thing_view' }}
    />
  );
}

describe('CrudScreen', () => {
  it('pages through Blade: current is 1-based, size defaults to 10, search filters go to the server', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      '/api/x/list': page([{ id: 'a', name: '甲' }], 31),
    });
    renderScreen(<Screen />);
    expect(await screen.findByText('甲')).toBeInTheDocument();
    const first = blade.to('/api/x/list')[0].query;
    expect(first.get('current')).toBe('1');
    expect(first.get('size')).toBe('10');
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('名称'), { target: { value: '甲' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(blade.to('/api/x/list').at(-1)?.query.get('name')).toBe('甲'));
  });

  it('multi-delete asks for a selection, confirms with the spec text and sends ids comma-joined', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      '/api/x/list': page([
        { id: 'a', name: '甲' },
        { id: 'b', name: '乙' },
      ]),
      'POST /api/x/remove': {},
    });
    renderScreen(<Screen />);
    await screen.findByText('甲');
    const toolbarDelete = (await screen.findAllByRole('button', { name: '删除' }))[0];
    fireEvent.click(toolbarDelete);
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    expect(blade.to('/api/x/remove')).toHaveLength(0);

    for (const name of ['甲', '乙']) {
      const row = screen.getByText(name).closest('[role="row"]') as HTMLElement;
      fireEvent.click(within(row).getByRole('checkbox'));
    }
    fireEvent.click(toolbarDelete);
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    const [removal] = blade.to('/api/x/remove');
    expect(removal.method).toBe('POST');
    expect(removal.query.get('ids')).toBe('a,b');
  });

  it('validates on blur with the schema text, refuses to submit, then adds and says 新增成功', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      '/api/x/list': page([]),
      'POST /api/x/submit': {},
    });
    renderScreen(<Screen />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('名称');
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(await within(dialog).findByText('请输入名称')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(blade.to('/api/x/submit')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '丙' } });
    await waitFor(() => expect(within(dialog).queryByText('请输入名称')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(blade.to('/api/x/submit')[0].body).toEqual({ name: '丙' });
  });

  it('edits through the detail call and says 更新成功; the id is sent back', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      '/api/x/list': page([{ id: 'a', name: '甲' }]),
      '/api/x/detail': { id: 'a', name: '甲（详情）' },
      'POST /api/x/submit': {},
    });
    renderScreen(<Screen />);
    await screen.findByText('甲');
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('名称')).toHaveValue('甲（详情）');
    expect(blade.to('/api/x/detail')[0].query.get('id')).toBe('a');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(blade.to('/api/x/submit')[0].body).toEqual({ id: 'a', name: '甲（详情）' });
  });

  it('hides the buttons whose codes the role lacks', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': [{ ...allButtons[0], children: [allButtons[0].children[3]] }],
      '/api/x/list': page([{ id: 'a', name: '甲' }]),
    });
    renderScreen(<Screen />);
    await screen.findByText('甲');
    await waitFor(() => expect(screen.getByRole('button', { name: '查看' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });
});
