import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ArchiveTreeTable, visibleRows } from '@/components/files/archive-tree-table';
import type { CatalogNode, FileRow } from '@/components/files/model';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const node = (id: string, parentId: string, over: Partial<CatalogNode> = {}): CatalogNode => ({
  id,
  parentId,
  catalogName: `目录${id}`,
  canUpload: 1,
  isLeaf: false,
  fileCount: 1,
  ...over,
});

describe('visibleRows', () => {
  it('walks only the expanded nodes: sub-catalogues first, then the node’s files, then a load-more row', () => {
    const kids: Record<string, CatalogNode[]> = { '1': [node('11', '1', { isLeaf: true })] };
    const files: Record<string, { records: FileRow[]; total: number }> = {
      '1': { records: [{ id: 'f', originalFilename: 'a.png' }], total: 150 },
    };
    const rows = visibleRows(
      [node('1', '0'), node('2', '0')],
      (id) => kids[id],
      new Set(['1']),
      (id) => files[id],
    );
    expect(rows.map((r) => r.kind)).toEqual(['node', 'node', 'file', 'more', 'node']);
    expect(rows[1]).toMatchObject({ kind: 'node', depth: 1 });
    expect(rows[3]).toMatchObject({ kind: 'more', shown: 1, total: 150 });
  });

  it('shows loading rows for an expanded node whose children or files are not in yet', () => {
    const rows = visibleRows(
      [node('1', '0')],
      () => undefined,
      new Set(['1']),
      () => undefined,
    );
    expect(rows.map((r) => r.kind)).toEqual(['node', 'loading', 'loading']);
  });

  it('flattens 5,000 expanded nodes quickly (what a large record costs when all is open)', () => {
    const roots = Array.from({ length: 50 }, (_, i) => node(`r${i}`, '0'));
    const kids = new Map(
      roots.map((r) => [
        r.id,
        Array.from({ length: 99 }, (_, j) => node(`${r.id}-${j}`, r.id, { isLeaf: true, fileCount: 0 })),
      ]),
    );
    const expanded = new Set(roots.map((r) => r.id));
    const started = performance.now();
    const rows = visibleRows(
      roots,
      (id) => kids.get(id),
      expanded,
      () => ({ records: [], total: 0 }),
    );
    const elapsed = performance.now() - started;
    expect(rows.filter((r) => r.kind === 'node')).toHaveLength(5000);
    expect(elapsed).toBeLessThan(200);
  });
});

describe('ArchiveTreeTable', () => {
  it('opens with the roots only, loads a node’s children and files on expand, pages 100 rows', async () => {
    const roots = Array.from({ length: 120 }, (_, i) =>
      node(String(i + 1), '0', { catalogName: `根${i + 1}` }),
    );
    const blade = fakeBlade({
      '/api/blade-resource/fileCatalog/selectFileList': (call: { query: URLSearchParams }) =>
        call.query.get('parentId') === '0'
          ? roots
          : [node('900', '1', { catalogName: '子目录', isLeaf: true, fileCount: 0 })],
      '/api/blade-resource/fileCatalog/selectCurrentFileList': page([
        {
          id: 'f1',
          isFile: 1,
          originalFilename: '图纸.png',
          suffix: 'png',
          canView: 1,
          canEdit: 1,
          hasProblem: 1,
          problemRemark: '模糊',
        },
      ]),
    });
    renderScreen(<ArchiveTreeTable record={{ functionCode: 'c', dataId: 'd' }} queryView={false} />);
    const table = await screen.findByRole('table');
    for (const name of ['目录', '文件列表', '格式', '常规操作', '审核操作', '问题备注']) {
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.getAllByTestId('tree-node-row')).toHaveLength(100);
    expect(screen.getByText('1-100，共 120 条')).toBeInTheDocument();
    expect(blade.to('/api/blade-resource/fileCatalog/selectFileList')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '展开 根1' }));
    expect(await screen.findByText('子目录', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('图纸.png', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('模糊')).toBeInTheDocument();
    const fileRow = screen.getByTestId('tree-file-row');
    expect(within(fileRow).getByRole('button', { name: '标记合格' })).toBeInTheDocument();
    expect(within(fileRow).queryByRole('button', { name: '下载' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(blade.to('/api/blade-resource/fileCatalog/selectFileList').at(-1)?.query.get('parentId')).toBe(
        '1',
      ),
    );
  });
});
