import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IncomeScreen } from '@/components/business/income-screen';
import { fakeBlade, page, type RecordedCall } from '../crud/fake-blade';
import { refused } from '../system/fixtures';
import { renderScreen } from '../crud/wrap';
import { allButtons, batch } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/administration/realIncome',
}));

const receipt = {
  id: '5',
  batchId: '1',
  contractId: '900',
  contractCode: 'HT-1',
  contractName: '检测合同',
  batchName: '第1批',
  receivedAmount: '10000.00',
  receivedDate: '2026-11-20',
  remark: '',
};

const batchesOf = (call: RecordedCall) =>
  page(
    (call.body as { contractId?: string }).contractId === '900'
      ? [batch('1', '30.00'), batch('2', '70.00')]
      : [],
  );

describe('IncomeScreen', () => {
  it('lists the contract and batch of each receipt and picks a batch through its contract', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      'POST /api/business-service/realIncome/list': page([receipt]),
      'POST /api/business-service/contract/list': page([
        { id: '900', contractCode: 'HT-1', contractName: '检测合同' },
        { id: '901', contractCode: 'HT-2', contractName: '空合同' },
      ]),
      'POST /api/business-service/contractBatch/list': batchesOf,
      'POST /api/business-service/realIncome/add': {},
    });
    renderScreen(<IncomeScreen />);
    const row = (await screen.findByText('HT-1')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('检测合同')).toBeInTheDocument();
    expect(within(row).getByText('第1批')).toBeInTheDocument();
    expect(within(row).getByText('10,000.00')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('请先选择合同')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '合同' }));
    fireEvent.click(await screen.findByRole('option', { name: 'HT-1 检测合同' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /付款批次/ }));
    fireEvent.click(await screen.findByRole('option', { name: '第2批（未收 30,000.00）' }));
    fireEvent.change(within(dialog).getByLabelText(/收款金额/), { target: { value: '10000.00' } });
    fireEvent.change(within(dialog).getByLabelText(/收款日期/), { target: { value: '2026-11-21' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/realIncome/add')[0]?.body).toMatchObject({
        batchId: '2',
        receivedAmount: '10000.00',
        receivedDate: '2026-11-21',
      }),
    );
  });

  it("offers only the contract's batches on its page and stays open on the server's refusal", async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': allButtons,
      'POST /api/business-service/realIncome/list': page([]),
      'POST /api/business-service/contractBatch/list': batchesOf,
      'POST /api/business-service/realIncome/add': () =>
        refused('收款金额不能超过该批次的未收金额30000.00元（可先做异常处理）'),
    });
    renderScreen(<IncomeScreen contractId="900" />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: '合同' })).not.toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /付款批次/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '第1批（未收 30,000.00）',
      '第2批（未收 30,000.00）',
    ]);
    expect(calls.to('/api/business-service/contract/list')).toHaveLength(0);
    fireEvent.click(screen.getByRole('option', { name: '第1批（未收 30,000.00）' }));
    fireEvent.change(within(dialog).getByLabelText(/收款金额/), { target: { value: '40000.00' } });
    fireEvent.change(within(dialog).getByLabelText(/收款日期/), { target: { value: '2026-11-21' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.to('/api/business-service/realIncome/add')).toHaveLength(1));
    // The dialog stays open with what was typed.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
