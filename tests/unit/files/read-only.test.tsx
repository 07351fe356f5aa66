import { fireEvent, screen, within } from '@testing-library/react';
import { ArchiveTreeTable } from '@/components/files/archive-tree-table';
import { FileTreePage } from '@/components/files/file-tree-page';
import {
  catalogActions,
  fileActions,
  nodeActions,
  type CatalogNode,
  type FileRow,
} from '@/components/files/model';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

// blade/ answers every action flag ANDed with the caller's right on the record (SECURITY 28): a user who may only
// read the record gets canUpload, canCover, canDel, canAddAppNode and canEdit 0, and is offered only what reading
// allows — preview, download and the history — never a button the server would refuse.

const record = { functionCode: 'contract', dataId: 'D1' };

const readOnlyNode = (over: Partial<CatalogNode> = {}): CatalogNode => ({
  id: '1',
  parentId: '0',
  catalogName: '合同档案',
  fileType: '2',
  canUpload: 0,
  canCover: 0,
  canDel: 0,
  canAddAppNode: 0,
  canEdit: 0,
  canView: 1,
  canDownload: 1,
  needStamped: 1,
  isLeaf: true,
  fileCount: 1,
  nodeFileCount: 1,
  isMissing: 0,
  ...over,
});

const readOnlyFile = (over: Partial<FileRow> = {}): FileRow => ({
  id: 'f1',
  isFile: 1,
  originalFilename: '合同正本.png',
  suffix: 'png',
  canUpload: 0,
  canCover: 0,
  canDel: 0,
  canEdit: 0,
  canView: 1,
  canDownload: 1,
  needStamped: 1,
  isStamped: 0,
  hasProblem: 0,
  ...over,
});

const EDITING = ['标记问题', '标记合格', '签章', '覆盖文件', '删除', '上传', '标记缺失', '取消缺失'];
const CATALOG_EDITING = ['添加目录', '备注', '重命名', '删除目录'];

describe('the rules for a reader', () => {
  it('offers a file row only preview, download and history: plain, problem or awaiting a stamp', () => {
    for (const row of [readOnlyFile(), readOnlyFile({ hasProblem: 1 }), readOnlyFile({ needStamped: 0 })])
      for (const queryView of [false, true])
        expect(fileActions(row, { queryView })).toEqual(['preview', 'download', 'history']);
  });

  it('offers a node no upload, no missing mark and no catalogue edit, even one the record added', () => {
    for (const node of [readOnlyNode(), readOnlyNode({ isMissing: 1 }), readOnlyNode({ isAppNode: 1 })]) {
      expect(nodeActions(node, { queryView: true })).toEqual([]);
      expect(catalogActions(node)).toEqual([]);
    }
  });
});

describe('the archive screens for a reader', () => {
  function serve() {
    return fakeBlade({
      '/api/blade-resource/fileCatalog/selectFileList': (call: { query: URLSearchParams }) =>
        call.query.get('parentId') === '0' ? [readOnlyNode({ isAppNode: 1 })] : [],
      '/api/blade-resource/fileCatalog/selectCurrentFileList': page([
        readOnlyFile(),
        readOnlyFile({ id: 'f2', originalFilename: '问题件.png', hasProblem: 1, problemRemark: '模糊' }),
      ]),
    });
  }

  const expectOnlyReading = (scope: HTMLElement) => {
    for (const name of EDITING) expect(within(scope).queryByRole('button', { name })).not.toBeInTheDocument();
  };

  it('file tree page: no catalogue or node buttons, rows with 预览, 下载 and 历史 only', async () => {
    serve();
    renderScreen(<FileTreePage record={record} queryView />);
    fireEvent.click(await screen.findByText('合同档案'));
    const row = (await screen.findByText('问题件.png')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: '预览' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '下载' })).toBeInTheDocument();
    expectOnlyReading(row);
    fireEvent.click(within(row).getByRole('button', { name: '更多' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['历史']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    for (const name of [...EDITING, ...CATALOG_EDITING])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: '目录操作：合同档案' })).not.toBeInTheDocument();
  });

  it('archive tree table: the node row has no upload or missing mark, file rows only 预览, 下载 and 历史', async () => {
    serve();
    renderScreen(<ArchiveTreeTable record={record} queryView />);
    const nodeRow = await screen.findByTestId('tree-node-row');
    expectOnlyReading(nodeRow);
    fireEvent.click(within(nodeRow).getByRole('button', { name: '展开 合同档案' }));
    await screen.findByText('问题件.png');
    const rows = screen.getAllByTestId('tree-file-row');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(
        within(row)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['预览', '下载', '历史']);
    }
  });
});
