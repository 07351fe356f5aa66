import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SealSettings, sealProblem } from '@/components/files/seal-settings';
import { uploadWithProgress } from '@/components/files/upload';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

jest.mock('@/components/files/upload', () => ({ uploadWithProgress: jest.fn() }));
const upload = uploadWithProgress as jest.MockedFunction<typeof uploadWithProgress>;

const png = (name: string, size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

beforeEach(() => upload.mockReset());

describe('sealProblem', () => {
  it('takes png and jpg up to 2 MB', () => {
    expect(sealProblem({ name: 'seal.PNG', size: 2 * 1024 * 1024 })).toBeNull();
    expect(sealProblem({ name: 'seal.jpeg', size: 1 })).toBeNull();
    expect(sealProblem({ name: 'seal.gif', size: 1 })).toBe('format');
    expect(sealProblem({ name: 'seal.png', size: 2 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('SealSettings', () => {
  it('says stamping waits for a seal, refuses a wrong file before sending, and uploads a seal with progress', async () => {
    let custom = false;
    fakeBlade({
      '/api/blade-resource/file/seal': () =>
        custom
          ? { custom: 1, id: 's1', originalName: '公章.png', size: 2048, createTime: '2026-11-21 12:00:00' }
          : { custom: 0 },
    });
    renderScreen(<SealSettings />);
    expect(await screen.findByText('尚未上传印章：上传前不能签章')).toBeInTheDocument();
    // No stand-in picture: blade/ draws none and refuses sealImage while no seal is uploaded.
    expect(screen.queryByRole('img', { name: '当前印章' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除印章' })).not.toBeInTheDocument();

    const input = screen.getByTestId('seal-input');
    fireEvent.change(input, { target: { files: [png('seal.gif', 10, 'image/gif')] } });
    expect(await screen.findByText('文件格式不正确，仅支持 png, jpg, jpeg')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png('seal.png', 2 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('文件大小不超过2M')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    upload.mockImplementation(async (_path, _form, options) => {
      options?.onProgress?.({ loaded: 1, total: 2, percent: 50 });
      custom = true;
      return { code: 200, success: true, data: { id: 's1' }, msg: '操作成功' };
    });
    fireEvent.change(input, { target: { files: [png('公章.png', 2048)] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0][0]).toBe('/api/blade-resource/file/uploadSeal');
    expect(upload.mock.calls[0][1].has('file')).toBe(true);
    expect(await screen.findByText(/当前印章：公章\.png（2\.00 KB/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '当前印章' })).toHaveAttribute(
      'src',
      '/api/blade-resource/file/sealImage?v=s1',
    );
    expect(screen.getByRole('button', { name: '更换印章' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a picture it cannot use', async () => {
    fakeBlade({ '/api/blade-resource/file/seal': { custom: 0 } });
    upload.mockRejectedValue(new Error('印章图片无效：须为可读取的 png 或 jpg，边长 64–4096 像素'));
    renderScreen(<SealSettings />);
    await screen.findByText('尚未上传印章：上传前不能签章');
    fireEvent.change(screen.getByTestId('seal-input'), { target: { files: [png('broken.png', 100)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('印章图片无效');
  });

  it('removes the seal after the confirmation', async () => {
    let custom = true;
    const blade = fakeBlade({
      '/api/blade-resource/file/seal': () =>
        custom ? { custom: 1, id: 's1', originalName: 'a.png', size: 1 } : { custom: 0 },
      'POST /api/blade-resource/file/removeSeal': () => {
        custom = false;
        return {};
      },
    });
    renderScreen(<SealSettings />);
    fireEvent.click(await screen.findByRole('button', { name: '删除印章' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/file/removeSeal')).toHaveLength(1));
    expect(await screen.findByText('尚未上传印章：上传前不能签章')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '当前印章' })).not.toBeInTheDocument();
  });
});

it('tells a user without the right who may set the seal', async () => {
  global.fetch = jest.fn(async () =>
    Response.json({ code: 403, success: false, data: {}, msg: '请求被拒绝' }, { status: 403 }),
  ) as unknown as typeof fetch;
  renderScreen(<SealSettings />);
  expect(await screen.findByText('只有租户管理员可以设置签章印模')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '上传印章' })).not.toBeInTheDocument();
});
