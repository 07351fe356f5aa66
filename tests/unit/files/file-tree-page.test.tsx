import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FileTreePage } from '@/components/files/file-tree-page';
import type { CatalogNode, FileRow } from '@/components/files/model';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const record = { functionCode: 'contract', dataId: 'D1' };

const node = (over: Partial<CatalogNode>): CatalogNode => ({
  id: '1',
  parentId: '0',
  catalogName: '合同文件',
  fileType: '2',
  canUpload: 1,
  canEdit: 1,
  canMultiUpload: 0,
  maxFileSize: 0,
  isLeaf: true,
  fileCount: 0,
  nodeFileCount: 0,
  isMissing: 0,
  ...over,
});

const file = (over: Partial<FileRow>): FileRow => ({
  id: 'f1',
  isFile: 1,
  originalFilename: '合同正本.png',
  suffix: 'png',
  canView: 1,
  canDownload: 1,
  canDel: 1,
  canCover: 0,
  canEdit: 1,
  hasProblem: 0,
  needStamped: 0,
  isStamped: 0,
  ...over,
});

function serve(nodes: CatalogNode[], files: FileRow[]) {
  return fakeBlade({
    '/api/blade-resource/fileCatalog/selectFileList': nodes,
    '/api/blade-resource/fileCatalog/selectCurrentFileList': page(files),
    '/api/blade-resource/file/remove': {},
    '/api/blade-resource/file/saveMissing': {},
  });
}

async function openNode(name: string) {
  fireEvent.click(await screen.findByText(name));
  return screen.findByRole('grid');
}

describe('FileTreePage', () => {
  it('loads the roots, then a clicked node’s files with the record and node ids', async () => {
    const blade = serve(
      [node({ id: '7', catalogName: '检验报告' })],
      [file({ originalFilename: '报告.png' })],
    );
    renderScreen(<FileTreePage record={record} queryView={false} />);
    const tree = blade.to('/api/blade-resource/fileCatalog/selectFileList')[0].query;
    expect(tree.get('functionCode')).toBe('contract');
    expect(tree.get('dataId')).toBe('D1');
    expect(tree.get('parentId')).toBe('0');
    await openNode('检验报告');
    expect(await screen.findByText('报告.png')).toBeInTheDocument();
    const list = blade.to('/api/blade-resource/fileCatalog/selectCurrentFileList')[0].query;
    expect(list.get('fileCatalogId')).toBe('7');
    expect(list.get('size')).toBe('100');
  });

  it('shows the row buttons the file flags allow, and no missing-file actions outside the query view', async () => {
    serve([node({})], [file({ canDel: 0, canDownload: 0 })]);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    await openNode('合同文件');
    const row = (await screen.findByText('合同正本.png')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: '预览' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '下载' })).not.toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '更多' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '历史' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '标记缺失' })).not.toBeInTheDocument();
  });

  it('marks a node missing on the query view, but never a preparation node', async () => {
    const blade = serve(
      [node({ id: '1', catalogName: '合同文件' }), node({ id: '2', catalogName: '准备文件', fileType: '1' })],
      [],
    );
    renderScreen(<FileTreePage record={record} queryView />);
    await openNode('合同文件');
    fireEvent.click(await screen.findByRole('button', { name: '标记缺失' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/file/saveMissing')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/file/saveMissing')[0].body).toEqual({
      businessType: 1,
      dataId: 'D1',
      fileCatalogId: '1',
      isMissing: 1,
    });
    fireEvent.click(screen.getByText('准备文件'));
    await waitFor(() => expect(screen.getAllByText('准备文件').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: '标记缺失' })).not.toBeInTheDocument();
  });

  it('asks 确定删除该文件吗？ before removing, and removes nothing on cancel', async () => {
    const blade = serve([node({})], [file({ id: 'f9' })]);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    await openNode('合同文件');
    const remove = async () => {
      const row = screen.getByText('合同正本.png').closest('[role="row"]') as HTMLElement;
      fireEvent.click(await within(row).findByRole('button', { name: '更多' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    };
    await screen.findByText('合同正本.png');
    await remove();
    expect(await screen.findByText('确定删除该文件吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定删除该文件吗？')).not.toBeInTheDocument());
    expect(blade.to('/api/blade-resource/file/remove')).toHaveLength(0);
    await remove();
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/file/remove')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/file/remove')[0].query.get('ids')).toBe('f9');
  });

  it('shows 已达上限 on the upload button when canMultiUpload is reached', async () => {
    serve([node({ canMultiUpload: 1, nodeFileCount: 1, fileCount: 1 })], [file({})]);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    await openNode('合同文件');
    expect(await screen.findByRole('button', { name: '已达上限' })).toBeDisabled();
  });

  it('refuses too many and too large files before sending anything', async () => {
    const blade = serve([node({ canMultiUpload: 2, maxFileSize: 1 })], []);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    await openNode('合同文件');
    fireEvent.click(await screen.findByRole('button', { name: '上传' }));
    const input = await screen.findByTestId('upload-input');
    const png = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png('a.png', 1), png('b.png', 1), png('c.png', 1)] } });
    expect(await screen.findByText('上传限制：不超过 2 个文件')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png('big.png', 1024 * 1024 + 1)] } });
    expect(await screen.findByText('文件大小不超过1M')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始上传' })).toBeDisabled();
    expect(blade.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists files that need stamping and are not stamped', async () => {
    serve(
      [node({})],
      [
        file({ id: 'a', needStamped: 1 }),
        file({ id: 'b', originalFilename: 'b.png', needStamped: 1, isStamped: 1 }),
      ],
    );
    renderScreen(<FileTreePage record={record} queryView={false} />);
    await openNode('合同文件');
    expect(await screen.findByTestId('not-stamped')).toHaveTextContent('未签章 1');
  });
});
