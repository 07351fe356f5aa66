import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApplyDialog } from '@/components/invoice/apply-dialog';
import { BladeError } from '@/lib/client/fetcher';
import type { InvoiceableNoteVO, InvoiceInfoOptionVO, InvoiceVO } from '@/lib/contracts/invoice/invoice';
import { renderWithIntl } from '../render';

// The 申请开票 dialog with its call given as `send` (saveInvoiceApplication is blade/'s, tested there): the exact
// remaining amount of the chosen notes, the checks before sending, what is sent, and a refusal kept in the dialog.

const notes: InvoiceableNoteVO[] = [
  {
    noteId: '11',
    noteNo: 'JF2026000001',
    applicationNo: 'SQC2026000001',
    paidAmount: '300.10',
    invoicedAmount: '100.00',
    invoiceableAmount: '200.10',
  },
  {
    noteId: '12',
    noteNo: 'JF2026000002',
    applicationNo: 'SQC2026000002',
    paidAmount: '0.20',
    invoicedAmount: '0.00',
    invoiceableAmount: '0.20',
  },
];
const infos: InvoiceInfoOptionVO[] = [
  { id: '1', title: '甲公司', taxpayerId: '91350100M000100Y43', invoiceKind: 'ordinary', isDefault: 0 },
  {
    id: '2',
    title: '甲公司（专票）',
    taxpayerId: '91350100M000100Y43',
    invoiceKind: 'special',
    isDefault: 1,
  },
];

const pick = (noteNo: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(noteNo) }));

describe('ApplyDialog', () => {
  it('shows the exact remaining amount of the chosen notes', () => {
    renderWithIntl(<ApplyDialog notes={notes} infos={infos} onClose={jest.fn()} onDone={jest.fn()} />);
    expect(screen.getByTestId('invoice-available')).toHaveTextContent('可开票金额：0.00 元');
    pick('JF2026000001');
    pick('JF2026000002');
    // 200.10 + 0.20 in exact decimals (a float sum would show 200.29999…).
    expect(screen.getByTestId('invoice-available')).toHaveTextContent('可开票金额：200.30 元');
    pick('JF2026000001');
    expect(screen.getByTestId('invoice-available')).toHaveTextContent('可开票金额：0.20 元');
  });

  it('refuses no note and an amount over the remainder without sending', async () => {
    const send = jest.fn();
    renderWithIntl(
      <ApplyDialog notes={notes} infos={infos} onClose={jest.fn()} onDone={jest.fn()} send={send} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请至少选择一张缴费通知单')).toBeInTheDocument();
    pick('JF2026000001');
    fireEvent.change(screen.getByLabelText(/开票金额/), { target: { value: '200.11' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('不能超过可开票金额 200.10 元')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the chosen notes with the default information and hands back the invoice', async () => {
    const invoice = { id: '5', amount: '200.30' } as InvoiceVO;
    const send = jest.fn().mockResolvedValue(invoice);
    const onDone = jest.fn();
    renderWithIntl(
      <ApplyDialog notes={notes} infos={infos} onClose={jest.fn()} onDone={onDone} send={send} />,
    );
    pick('JF2026000001');
    pick('JF2026000002');
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(invoice));
    expect(send).toHaveBeenCalledWith({ noteIds: ['11', '12'], infoId: '2' });
  });

  it("keeps the server's refusal in the dialog", async () => {
    const send = jest
      .fn()
      .mockRejectedValue(new BladeError('所选缴费通知单没有已缴且未开票的金额', 400, 200));
    renderWithIntl(
      <ApplyDialog notes={notes} infos={infos} onClose={jest.fn()} onDone={jest.fn()} send={send} />,
    );
    pick('JF2026000002');
    fireEvent.change(screen.getByLabelText(/开票金额/), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('所选缴费通知单没有已缴且未开票的金额');
    expect(send).toHaveBeenCalledWith({ noteIds: ['12'], infoId: '2', amount: '0.1' });
  });
});
