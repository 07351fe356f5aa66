import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ProjectDetail } from '@/components/business/project-detail';
import { fakeBlade, page, type RecordedCall } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { allButtons, dictionaryRoute, project } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/projectManagement_detail',
}));
jest.mock('@/components/files/file-tree-page', () => ({
  FileTreePage: ({ record }: { record: { functionCode: string; dataId: string } }) => (
    <div data-testid="archive">{`${record.functionCode}/${record.dataId}`}</div>
  ),
}));

const contracts = (call: RecordedCall) =>
  page(
    (call.body as { projectId?: string }).projectId === '2'
      ? [{ id: '900', projectId: '2', contractCode: 'HT-1', contractName: '检测合同', contractStatus: '1' }]
      : [],
  );

describe('ProjectDetail', () => {
  it('shows the project with its amounts and status, its contracts, their receipts and its archive', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      '/api/blade-system/dict/dictionary': dictionaryRoute,
      // The detail page reads its record through the list's id filter.
      'POST /api/business-service/project/list': (call: RecordedCall) =>
        page(
          [project('1', '1'), project('2', '2', '检测项目')].filter(
            (p) => p.id === (call.body as { id?: string }).id,
          ),
        ),
      'POST /api/business-service/contract/list': contracts,
      'POST /api/business-service/realIncome/list': page([]),
    });
    renderScreen(<ProjectDetail id="2" />);
    expect(await screen.findByRole('heading', { name: '检测项目' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('执行中'));
    expect(screen.getAllByText('100,000.00').length).toBeGreaterThan(0);
    expect(await screen.findByText('检测合同')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '收款' }));
    expect(await screen.findByRole('combobox', { name: '合同' })).toHaveTextContent('HT-1 检测合同');
    await screen.findByRole('grid');
    expect(calls.to('/api/business-service/realIncome/list').at(-1)?.body).toMatchObject({
      contractId: '900',
    });

    fireEvent.click(screen.getByRole('tab', { name: '附件' }));
    expect(screen.getByTestId('archive')).toHaveTextContent('project/2');
  });
});
