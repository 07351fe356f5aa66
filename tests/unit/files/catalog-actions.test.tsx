import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FileTreePage } from '@/components/files/file-tree-page';
import { catalogActions, type CatalogNode } from '@/components/files/model';
import { hasChildNodes } from '@/components/files/use-catalog';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const record = { functionCode: 'contract', dataId: 'D1' };

const node = (over: Partial<CatalogNode>): CatalogNode => ({
  id: '1',
  parentId: '0',
  catalogName: '合同档案',
  canUpload: 1,
  canEdit: 1,
  isLeaf: true,
  fileCount: 0,
  isMissing: 0,
  ...over,
});

function serve(nodes: CatalogNode[]) {
  return fakeBlade({
    '/api/blade-resource/fileCatalog/selectFileList': nodes,
    '/api/blade-resource/fileCatalog/selectCurrentFileList': page([]),
    '/api/blade-resource/fileCatalog/saveInUsing': { id: '99' },
    '/api/blade-resource/fileCatalog/setRemark': {},
    '/api/blade-resource/fileCatalog/renameInUsing': {},
    '/api/blade-resource/fileCatalog/removeInUsing': {},
  });
}

async function pick(name: string) {
  fireEvent.click(await screen.findByText(name));
  return screen.findByRole('toolbar', { name: `目录操作：${name}` });
}

describe('catalogActions', () => {
  it('offers a child only where canAddAppNode, rename and removal only for the record’s own nodes', () => {
    expect(catalogActions(node({ canAddAppNode: 0 }))).toEqual(['remark']);
    expect(catalogActions(node({ canAddAppNode: '1' }))).toEqual(['addNode', 'remark']);
    expect(catalogActions(node({ canAddAppNode: 1, isAppNode: 1 }))).toEqual([
      'addNode',
      'remark',
      'rename',
      'removeNode',
    ]);
  });
});

describe('catalogue editing on the file tree page', () => {
  it('adds a node under the selected one and reloads the tree', async () => {
    const blade = serve([node({ canAddAppNode: 1 })]);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    const bar = await pick('合同档案');
    expect(within(bar).queryByRole('button', { name: '重命名' })).not.toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: '添加目录' }));
    const dialog = await screen.findByRole('dialog', { name: '添加目录：合同档案 下' });
    // An empty name is refused before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入目录名称')).toBeInTheDocument();
    expect(blade.to('/api/blade-resource/fileCatalog/saveInUsing')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('目录名称'), { target: { value: ' 补充材料 ' } });
    const treeLoads = blade.to('/api/blade-resource/fileCatalog/selectFileList').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/fileCatalog/saveInUsing')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/fileCatalog/saveInUsing')[0].body).toEqual({
      ...record,
      parentId: '1',
      catalogName: '补充材料',
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() =>
      expect(blade.to('/api/blade-resource/fileCatalog/selectFileList').length).toBeGreaterThan(treeLoads),
    );
  });

  it('sets a remark on a library node, prefilled with the current one', async () => {
    const blade = serve([node({ remark: '原件在档案室' })]);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    const bar = await pick('合同档案');
    expect(within(bar).queryByRole('button', { name: '添加目录' })).not.toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: '备注' }));
    const dialog = await screen.findByRole('dialog', { name: '目录备注：合同档案' });
    const input = within(dialog).getByLabelText('备注');
    expect(input).toHaveValue('原件在档案室');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/fileCatalog/setRemark')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/fileCatalog/setRemark')[0].body).toEqual({
      ...record,
      id: '1',
      remark: '',
    });
  });

  it('renames and, after 确定将选择数据删除?, removes an added node', async () => {
    const blade = serve([node({ id: '5', catalogName: '补充材料', isAppNode: 1 })]);
    renderScreen(<FileTreePage record={record} queryView={false} />);
    const bar = await pick('补充材料');
    fireEvent.click(within(bar).getByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog', { name: '重命名目录：补充材料' });
    fireEvent.change(within(dialog).getByLabelText('目录名称'), { target: { value: '补充材料（二）' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/fileCatalog/renameInUsing')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/fileCatalog/renameInUsing')[0].body).toEqual({
      ...record,
      id: '5',
      catalogName: '补充材料（二）',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(bar).getByRole('button', { name: '删除目录' }));
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定将选择数据删除?')).not.toBeInTheDocument());
    expect(blade.to('/api/blade-resource/fileCatalog/removeInUsing')).toHaveLength(0);
    // The page is aria-hidden until the confirmation has finished closing.
    fireEvent.click(await within(bar).findByRole('button', { name: '删除目录' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/fileCatalog/removeInUsing')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/fileCatalog/removeInUsing')[0].body).toEqual({ ...record, id: '5' });
    // The removed node is no longer the selection: its buttons and file table go.
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });
});

describe('hasChildNodes', () => {
  it('trusts hasChildren over the empty children list a lazy server sends', () => {
    expect(hasChildNodes(node({ children: [], hasChildren: true, isLeaf: false }))).toBe(true);
    expect(hasChildNodes(node({ children: [], hasChildren: false, isLeaf: true }))).toBe(false);
    expect(hasChildNodes(node({ children: [node({ id: '2' })] }))).toBe(true);
    expect(hasChildNodes(node({ children: [] }))).toBe(false);
    expect(hasChildNodes(node({ isLeaf: false }))).toBe(true);
  });
});
