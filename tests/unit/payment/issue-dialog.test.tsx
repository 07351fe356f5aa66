import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IssueNoteDialog } from '@/components/payment/issue-dialog';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

// The issue dialog's lines editor: the total shown is the exact decimal sum of the lines and is the total sent.

const ISSUE = '/api/blade-customer/paymentNote/issuePaymentNote';

describe('IssueNoteDialog', () => {
  it('shows and sends the exact total of the lines', async () => {
    const blade = fakeBlade({ [`POST ${ISSUE}`]: { id: '9', noteNo: 'JF2026000001' } });
    const onDone = jest.fn();
    renderScreen(<IssueNoteDialog onClose={jest.fn()} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText(/申请编号/), { target: { value: 'SQC2026000001' } });
    fireEvent.click(screen.getByRole('button', { name: '添加一项' }));
    const items = screen.getAllByLabelText('收费项目');
    const amounts = screen.getAllByLabelText('金额（元）');
    fireEvent.change(items[0], { target: { value: '检测费' } });
    fireEvent.change(amounts[0], { target: { value: '0.1' } });
    fireEvent.change(items[1], { target: { value: '证书费' } });
    fireEvent.change(amounts[1], { target: { value: '0.2' } });
    expect(screen.getByText('合计：0.30 元')).toBeInTheDocument();
    fireEvent.change(amounts[1], { target: { value: '1234.5' } });
    expect(screen.getByText('合计：1,234.60 元')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(blade.to(ISSUE)[0].body).toEqual({
      applicationNo: 'SQC2026000001',
      lines: [
        { item: '检测费', amount: '0.1' },
        { item: '证书费', amount: '1234.5' },
      ],
      totalAmount: '1234.60',
    });
  });

  it('sends nothing while a line is wrong', async () => {
    const blade = fakeBlade({});
    renderScreen(<IssueNoteDialog onClose={jest.fn()} onDone={jest.fn()} />);
    fireEvent.change(screen.getByLabelText(/申请编号/), { target: { value: 'SQC2026000001' } });
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '1.001' } });
    expect(screen.getByText('合计：-- 元')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必须为正数（最多两位小数）')).toBeInTheDocument();
    expect(blade.calls).toHaveLength(0);
  });

  it('bills an application batch or a certificate change by the number typed for the chosen subject', async () => {
    const blade = fakeBlade({ [`POST ${ISSUE}`]: { id: '9', noteNo: 'JF2026000002' } });
    const onDone = jest.fn();
    renderScreen(<IssueNoteDialog onClose={jest.fn()} onDone={onDone} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '收费对象' }));
    fireEvent.click(await screen.findByRole('option', { name: '申请批次' }));
    expect(screen.queryByLabelText(/申请编号/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/批次号/), { target: { value: 'PC2026000007' } });
    fireEvent.change(screen.getByLabelText('收费项目'), { target: { value: '申请费' } });
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(blade.to(ISSUE)[0].body).toEqual({
      batchNumber: 'PC2026000007',
      lines: [{ item: '申请费', amount: '1500' }],
      totalAmount: '1500.00',
    });
  });
});
