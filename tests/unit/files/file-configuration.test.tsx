import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FileConfiguration } from '@/components/files/file-configuration';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const buttons: unknown[] = [];

describe('FileConfiguration', () => {
  it('adds a file function with the required fields checked first', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-resource/fileFunction/list': page([]),
      'POST /api/blade-resource/fileFunction/submit': {},
    });
    renderScreen(<FileConfiguration />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入功能编码')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入功能名称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('功能编码'), { target: { value: 'contract' } });
    fireEvent.change(within(dialog).getByLabelText('功能名称'), { target: { value: '合同' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/fileFunction/submit')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/fileFunction/submit')[0].body).toMatchObject({
      functionCode: 'contract',
      functionName: '合同',
      isHidden: 0,
    });
  });

  it('lists the library one level at a time and adds a child under the picked node', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-resource/fileFunction/list': page([]),
      '/api/blade-resource/fileCatalog/list': (call: { query: URLSearchParams }) =>
        call.query.get('parentId') === '0'
          ? page([{ id: '5', parentId: '0', catalogName: '合同档案', hasChildren: false, isLeaf: true }])
          : page([]),
      'POST /api/blade-resource/fileCatalog/submit': {},
    });
    renderScreen(<FileConfiguration />);
    fireEvent.click(await screen.findByRole('tab', { name: '文件目录' }));
    fireEvent.click((await screen.findAllByText('合同档案'))[0]);
    await waitFor(() =>
      expect(
        blade.to('/api/blade-resource/fileCatalog/list').some((c) => c.query.get('parentId') === '5'),
      ).toBe(true),
    );
    expect(await screen.findByText('合同档案 的子目录')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('目录名称'), { target: { value: '签署页' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/fileCatalog/submit')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/fileCatalog/submit')[0].body).toMatchObject({
      parentId: '5',
      catalogName: '签署页',
      canUpload: 1,
    });
  });
});
