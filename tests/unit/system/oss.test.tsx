import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OssScreen } from '@/components/system/oss-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, openAddWithCategories, refused, vendorConfigRow } from './fixtures';

const row = (id: string, ossCode: string, category: number, status: number) => ({
  ...vendorConfigRow(id, category, status),
  ossCode,
  endpoint: 'http://minio.internal:9000',
  transformEndpoint: '',
  bucketName: 'files',
  region: '',
});

describe('OssScreen', () => {
  it('offers only the categories blade/ speaks, and keeps a stored other vendor named', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['oss_add', 'oss_edit', 'oss_delete', 'oss_enable']),
      '/api/blade-resource/oss/list': page([row('1', 'minio-a', 1, 2), row('2', 'legacy', 3, 1)]),
    });
    renderScreen(<OssScreen />);
    expect(await screen.findByText('minio-a')).toBeInTheDocument();
    expect(screen.getByText('alioss')).toBeInTheDocument();
    const minioRow = screen.getByRole('row', { name: /minio-a/ });
    expect(within(minioRow).getByText('已启用')).toBeInTheDocument();
    expect(within(minioRow).queryByRole('button', { name: '启用' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /legacy/ })).getByText('未启用')).toBeInTheDocument();

    const { dialog, options } = await openAddWithCategories();
    expect(options).toEqual(['minio', 'amazons3']);
    fireEvent.click(screen.getByRole('option', { name: 'minio' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入资源编号')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入secretKey')).toBeInTheDocument();
  });

  it('says success only when blade/ enabled the configuration', async () => {
    let answer: unknown = {};
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['oss_enable']),
      '/api/blade-resource/oss/list': page([row('2', 'legacy', 3, 1), row('3', 'amazon', 6, 1)]),
      'POST /api/blade-resource/oss/enable': () => answer,
    });
    renderScreen(<OssScreen />);
    expect(await screen.findByText('legacy')).toBeInTheDocument();
    const enableOf = (code: string) =>
      within(screen.getByRole('row', { name: new RegExp(code) })).getByRole('button', { name: '启用' });

    // The fetcher shows the refusal (its toast is outside this wrapper); the screen adds no success of its own.
    const unhandled = jest.fn();
    window.addEventListener('unhandledrejection', unhandled);
    answer = refused('暂不支持该分类的对象存储，请选择 minio 或 amazons3');
    fireEvent.click(enableOf('legacy'));
    await waitFor(() => expect(blade.to('/api/blade-resource/oss/enable')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('操作成功!')).not.toBeInTheDocument();
    expect(unhandled).not.toHaveBeenCalled();
    window.removeEventListener('unhandledrejection', unhandled);

    answer = {};
    fireEvent.click(enableOf('amazon'));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitFor(() => expect(blade.to('/api/blade-resource/oss/enable')).toHaveLength(2));
    expect(blade.to('/api/blade-resource/oss/enable')[1].query.get('id')).toBe('3');
  });
});
