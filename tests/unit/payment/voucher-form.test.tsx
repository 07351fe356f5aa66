import { fireEvent, screen, waitFor } from '@testing-library/react';
import { VoucherForm } from '@/components/payment/voucher-form';
import { BladeError } from '@/lib/client/fetcher';
import type { PaymentNoteDetailVO } from '@/lib/contracts/payment/payment';
import { renderWithIntl } from '../render';

// The voucher form with its network call given as `send` (the upload and savePaymentVoucher are blade/'s, tested
// there): what it checks before sending, what it sends, and a refusal kept in the form.

const note = { id: '77', unpaidAmount: '599.50' };
const slip = new File(['png'], '回单.png', { type: 'image/png' });

function fill(amount: string) {
  fireEvent.change(screen.getByLabelText(/缴费金额/), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/缴费日期/), { target: { value: '2026-11-20' } });
  fireEvent.change(screen.getByLabelText(/付款单位/), { target: { value: ' 甲防爆电器有限公司 ' } });
}

describe('VoucherForm', () => {
  it('refuses an amount over the remainder and a missing slip without sending', async () => {
    const send = jest.fn();
    renderWithIntl(<VoucherForm note={note} onSaved={jest.fn()} send={send} />);
    fill('599.51');
    fireEvent.click(screen.getByRole('button', { name: '提交缴费凭证' }));
    expect(await screen.findByText('不能超过未缴金额 599.50 元')).toBeInTheDocument();
    expect(screen.getByText('请选择银行回单')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the voucher with the slip and hands back the note', async () => {
    const after = { id: '77', noteState: 'paid' } as PaymentNoteDetailVO;
    const send = jest.fn().mockResolvedValue(after);
    const onSaved = jest.fn();
    renderWithIntl(<VoucherForm note={note} onSaved={onSaved} send={send} />);
    fill('599.5');
    fireEvent.change(screen.getByLabelText('银行回单'), { target: { files: [slip] } });
    fireEvent.click(screen.getByRole('button', { name: '提交缴费凭证' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(after));
    expect(send).toHaveBeenCalledWith(
      '77',
      { amount: '599.5', payDate: '2026-11-20', payerName: '甲防爆电器有限公司' },
      slip,
      expect.any(Function),
      expect.any(Object),
    );
  });

  it("keeps the server's refusal in the form", async () => {
    const send = jest
      .fn()
      .mockRejectedValue(new BladeError('缴费金额超过该通知单未缴金额（100.00元）', 400, 200));
    renderWithIntl(<VoucherForm note={note} onSaved={jest.fn()} send={send} />);
    fill('200');
    fireEvent.change(screen.getByLabelText('银行回单'), { target: { files: [slip] } });
    fireEvent.click(screen.getByRole('button', { name: '提交缴费凭证' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('缴费金额超过该通知单未缴金额（100.00元）');
  });
});
