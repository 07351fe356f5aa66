import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RealCostScreen } from '@/components/business/real-cost-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { refused } from '../system/fixtures';
import { project } from './fixtures';
import { financeButtons, financeDictionaries } from './finance-fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/administration/realCost',
}));

const cost = (id: string, supplier: string, unpaidAmount: string, payRecords: unknown[] = []) => ({
  id,
  projectId: '1',
  projectName: '检测项目',
  payType: '1',
  supplier,
  costDate: '2026-11-01',
  payAmount: '5000.00',
  paidAmount: '2000.00',
  unpaidAmount,
  remark: '',
  payRecords,
});

const base = {
  '/api/blade-system/menu/buttons': financeButtons,
  '/api/blade-system/dict/dictionary': financeDictionaries,
  'POST /api/business-service/project/list': page([project('1', '2', '检测项目')]),
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

describe('RealCostScreen', () => {
  it('records a payment of the row with its cost id and reloads the list', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/realCost/list': page([
        cost('11', '甲供应商', '3000.00'),
        cost('12', '乙供应商', '0.00'),
      ]),
      'POST /api/business-service/realCost/addInvoice': {},
    });
    renderScreen(<RealCostScreen />);
    const row = await rowOf('甲供应商');
    expect(within(row).getByText('检测项目')).toBeInTheDocument();
    expect(within(row).getByText('材料费')).toBeInTheDocument();
    // Nothing left to pay: no payment offered.
    expect(within(await rowOf('乙供应商')).queryByRole('button', { name: '付款登记' })).toBeNull();

    const listed = calls.to('/api/business-service/realCost/list').length;
    fireEvent.click(within(row).getByRole('button', { name: '付款登记' }));
    const dialog = await screen.findByRole('dialog', { name: '付款登记：甲供应商' });
    // What is unpaid is offered.
    expect(within(dialog).getByLabelText(/付款金额/)).toHaveValue('3000.00');
    fireEvent.change(within(dialog).getByLabelText(/付款金额/), { target: { value: '1000.50' } });
    fireEvent.change(within(dialog).getByLabelText(/付款日期/), { target: { value: '2026-11-22' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /付款方式/ }));
    fireEvent.click(await screen.findByRole('option', { name: '银行转账' }));
    fireEvent.change(within(dialog).getByLabelText(/发票号码/), { target: { value: 'GY-77' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.to('/api/business-service/realCost/addInvoice')).toHaveLength(1));
    const body = calls.to('/api/business-service/realCost/addInvoice')[0].body;
    expect(body).toEqual({
      costId: '11',
      paidDate: '2026-11-22',
      paidAmount: '1000.50',
      payWay: '1',
      invoiceCode: 'GY-77',
      remark: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.to('/api/business-service/realCost/list').length).toBeGreaterThan(listed),
    );
  });

  it('keeps the dialog open on a refusal and checks the amount before sending', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/realCost/list': page([cost('11', '甲供应商', '3000.00')]),
      'POST /api/business-service/realCost/addInvoice': () => refused('付款金额不能超过未付金额3000.00元'),
    });
    renderScreen(<RealCostScreen />);
    fireEvent.click(within(await rowOf('甲供应商')).getByRole('button', { name: '付款登记' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/付款金额/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('付款金额必须大于0')).toBeInTheDocument();
    expect(calls.to('/api/business-service/realCost/addInvoice')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/付款金额/), { target: { value: '4000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.to('/api/business-service/realCost/addInvoice')).toHaveLength(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("lists a row's payments read-only", async () => {
    fakeBlade({
      ...base,
      'POST /api/business-service/realCost/list': page([
        cost('11', '甲供应商', '3000.00', [
          {
            id: '1',
            paidDate: '2026-11-05',
            paidAmount: '2000.00',
            payWay: '2',
            invoiceCode: 'GY-1',
            remark: '首付',
          },
        ]),
        cost('12', '乙供应商', '5000.00'),
      ]),
    });
    renderScreen(<RealCostScreen />);
    fireEvent.click(within(await rowOf('甲供应商')).getByRole('button', { name: '付款记录' }));
    const dialog = await screen.findByRole('dialog', { name: '付款记录：甲供应商' });
    const table = within(dialog).getByRole('table', { name: '付款记录' });
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['2026-11-05', '2,000.00', '现金', 'GY-1', '首付']);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(await rowOf('乙供应商')).getByRole('button', { name: '付款记录' }));
    expect(await screen.findByText('暂无付款记录')).toBeInTheDocument();
  });
});
